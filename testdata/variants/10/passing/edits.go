package harness

// Track wraps a read tool (one whose arguments hold the path it reads) so
// that every read that works notes the version of the file the model now
// has in front of it. A read that fails notes nothing.
func (e *Edits) Track(read lab.Tool) lab.Tool {
	// --- your code ---
	execute := read.Execute
	return lab.Tool{
		Name:        read.Name,
		Description: read.Description,
		Parameters:  read.Parameters,
		Execute: func(arguments lab.Args) (string, error) {
			path, _ := arguments["path"].(string)
			version := e.ws.Version(path)
			text, err := execute(arguments)
			if err == nil {
				e.seen[path] = version
			}
			return text, err
		},
	}
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
	seen, read := e.seen[path]
	switch {
	case !read:
		return "", refuse(notReadYet, path)
	case seen != e.ws.Version(path):
		return "", refuse(changedSinceRead, path)
	case len(oldText) == 0:
		return "", refuse(emptyOldText)
	}
	text, err := e.ws.ReadText(path)
	if err != nil {
		return "", err
	}
	first := strings.Index(text, oldText)
	if first < 0 {
		return "", refuse(oldTextMissing, path)
	}
	if n := occurrences(text, oldText); n > 1 {
		return "", refuse(oldTextRepeated, n, path)
	}
	if last, ok := e.wrote[path]; !ok || last != e.ws.Version(path) {
		e.originals[path] = text // no edit of ours stands on top of the file yet
	}
	e.ws.WriteText(path, text[:first]+newText+text[first+len(oldText):])
	now := e.ws.Version(path)
	e.seen[path], e.wrote[path] = now, now
	return fmt.Sprintf(editDone, path), nil
	// --- end ---
}

// Undo puts back the text the file at path had before this conversation's
// first edit of it since anyone else wrote it, and forgets it: an undo never
// removes a write it did not make. It refuses, and writes nothing, when the
// file has not been edited (or was undone already), or when someone else has
// written it since the last edit: undoing then would throw their change away.
// The model has not seen the undo, so its next edit of the file waits for a
// read.
func (e *Edits) Undo(path string) error {
	// --- your code ---
	if original, ok := e.originals[path]; ok {
		if e.ws.Version(path) != e.wrote[path] {
			return refuse(changedSinceEdit, path)
		}
		delete(e.originals, path)
		delete(e.wrote, path)
		e.ws.WriteText(path, original)
		return nil
	}
	return refuse(nothingToUndo, path)
	// --- end ---
}
