package harness

// Undo puts back the text the file at path had before this conversation's
// first edit of it since anyone else wrote it, and forgets it: an undo never
// removes a write it did not make. It refuses, and writes nothing, when the
// file has not been edited (or was undone already), or when someone else has
// written it since the last edit: undoing then would throw their change away.
// The model has not seen the undo, so its next edit of the file waits for a
// read.
func (e *Edits) Undo(path string) error {
	// --- your code ---
	original, ok := e.originals[path]
	if !ok {
		return refuse(nothingToUndo, path)
	}
	if e.ws.Version(path) != e.seen[path] {
		return refuse(changedSinceEdit, path)
	}
	e.ws.WriteText(path, original)
	delete(e.originals, path)
	delete(e.wrote, path)
	return nil
	// --- end ---
}
