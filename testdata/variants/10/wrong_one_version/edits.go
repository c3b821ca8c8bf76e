package harness

// Track wraps a read tool (one whose arguments hold the path it reads) so
// that every read that works notes the version of the file the model now
// has in front of it. A read that fails notes nothing.
func (e *Edits) Track(read lab.Tool) lab.Tool {
	// --- your code ---
	inner := read.Execute
	read.Execute = func(arguments lab.Args) (string, error) {
		text, err := inner(arguments)
		if err != nil {
			return text, err
		}
		path, _ := arguments["path"].(string)
		e.seen[path] = len(e.ws.Writes())
		return text, nil
	}
	return read
	// --- end ---
}

// Edit replaces the one place where oldText stands in the file at path by
// newText, as a compare-and-swap: it writes nothing, and says why, when the
// file has not been read in this conversation, has changed since it was read,
// or does not hold oldText exactly once. Before the first edit of a file, and
// before the first edit since someone else wrote it, it keeps the file's
// text, for Undo.
func (e *Edits) Edit(path, oldText, newText string) (string, error) {
	if err := InWorkspace(path); err != nil {
		return "", err
	}
	// --- your code ---
	seen, ok := e.seen[path]
	if !ok {
		return "", refuse(notReadYet, path)
	}
	if len(e.ws.Writes()) != seen {
		return "", refuse(changedSinceRead, path)
	}
	if oldText == "" {
		return "", refuse(emptyOldText)
	}
	text, err := e.ws.ReadText(path)
	if err != nil {
		return "", err
	}
	switch n := occurrences(text, oldText); n {
	case 0:
		return "", refuse(oldTextMissing, path)
	case 1:
	default:
		return "", refuse(oldTextRepeated, n, path)
	}
	if _, kept := e.originals[path]; !kept || e.ws.Version(path) != e.wrote[path] {
		e.originals[path] = text // the first edit since anyone else wrote the file
	}
	e.ws.WriteText(path, strings.Replace(text, oldText, newText, 1))
	e.seen[path] = len(e.ws.Writes())
	e.wrote[path] = e.ws.Version(path)
	return fmt.Sprintf(editDone, path), nil
	// --- end ---
}
