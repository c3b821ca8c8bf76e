package harness

// Track wraps a read tool (one whose arguments hold the path it reads) so
// that every read that works notes the version of the file the model now
// has in front of it. A read that fails notes nothing.
func (e *Edits) Track(read lab.Tool) lab.Tool {
	// --- your code ---
	inner := read.Execute
	read.Execute = func(arguments lab.Args) (string, error) {
		text, err := inner(arguments)
		if text == "" {
			return text, err // nothing was read
		}
		path, _ := arguments["path"].(string)
		e.seen[path] = e.ws.Version(path)
		return text, err
	}
	return read
	// --- end ---
}
