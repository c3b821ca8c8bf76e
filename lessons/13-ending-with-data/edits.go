package harness

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// What the edit tool and Undo say when they refuse, and what the edit tool
// says when it works. Each refusal says what to do next, because the model
// reads it and acts on it.
const (
	notReadYet       = "%s has not been read in this conversation: read it first, then edit it"
	changedSinceRead = "%s changed since you read it: read it again, then make your edit against the new text"
	emptyOldText     = "old_text is empty: give the exact text to replace"
	oldTextMissing   = "old_text was not found in %s: read it again and copy the text to replace exactly"
	oldTextRepeated  = "old_text appears %d times in %s: give more of the lines around it, so that it appears once"
	editDone         = "Edited %s: replaced one place."
	nothingToUndo    = "nothing to undo in %s: it has not been edited"
	changedSinceEdit = "%s changed since your edit: undoing it would overwrite that change, so it was left as it is"
)

// refuse returns the error of a refusal: format, filled in with args.
func refuse(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// occurrences counts the places where part stands in text, without
// overlaps. An empty part is counted at every position, so ask about it first.
func occurrences(text, part string) int {
	return strings.Count(text, part)
}

// Edits is the edit tool's memory for one conversation over one workspace:
// the version of each file as the model last saw it, and the text each file
// had before its first edit, kept so that the edit can be undone.
type Edits struct {
	ws        *lab.Workspace
	seen      map[string]int    // path to the version the model last read or wrote
	wrote     map[string]int    // path to the version of this conversation's last edit
	originals map[string]string // path to the text before its first edit since anyone else wrote it
}

// NewEdits returns the edit memory of a new conversation over ws: nothing
// read yet, nothing edited.
func NewEdits(ws *lab.Workspace) *Edits {
	return &Edits{ws: ws, seen: map[string]int{}, wrote: map[string]int{}, originals: map[string]string{}}
}

// Track wraps a read tool (one whose arguments hold the path it reads) so
// that every read that works notes the version of the file the model now
// has in front of it. A read that fails notes nothing.
func (e *Edits) Track(read lab.Tool) lab.Tool {
	inner := read.Execute
	read.Execute = func(arguments lab.Args) (string, error) {
		text, err := inner(arguments)
		if err != nil {
			return text, err
		}
		path, _ := arguments["path"].(string)
		e.seen[path] = e.ws.Version(path)
		return text, nil
	}
	return read
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
	seen, ok := e.seen[path]
	if !ok {
		return "", refuse(notReadYet, path)
	}
	if e.ws.Version(path) != seen {
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
	e.seen[path] = e.ws.Version(path)
	e.wrote[path] = e.seen[path]
	return fmt.Sprintf(editDone, path), nil
}

// Undo puts back the text the file at path had before this conversation's
// first edit of it since anyone else wrote it, and forgets it: an undo never
// removes a write it did not make. It refuses, and writes nothing, when the
// file has not been edited (or was undone already), or when someone else has
// written it since the last edit: undoing then would throw their change away.
// The model has not seen the undo, so its next edit of the file waits for a
// read.
func (e *Edits) Undo(path string) error {
	original, ok := e.originals[path]
	if !ok {
		return refuse(nothingToUndo, path)
	}
	if e.ws.Version(path) != e.wrote[path] {
		return refuse(changedSinceEdit, path)
	}
	e.ws.WriteText(path, original)
	delete(e.originals, path)
	delete(e.wrote, path)
	return nil
}

// EditTool returns the edit tool over this conversation's memory: the model
// gives the path, the exact text to replace and the text to put there.
func (e *Edits) EditTool() lab.Tool {
	text := func(description string) lab.Schema {
		return lab.Schema{"type": "string", "description": description}
	}
	return lab.Tool{
		Name:        "edit",
		Description: "Replace one exact piece of text in a file you have read. Fails if the file changed since you read it, or if old_text is not found exactly once.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"path":     text("Path of the file to edit."),
				"old_text": text("The exact text to replace; it must appear exactly once in the file."),
				"new_text": text("The text to put in its place."),
			},
			"required":             []string{"path", "old_text", "new_text"},
			"additionalProperties": false,
		},
		Execute: func(arguments lab.Args) (string, error) {
			path, _ := arguments["path"].(string)
			oldText, _ := arguments["old_text"].(string)
			newText, _ := arguments["new_text"].(string)
			return e.Edit(path, oldText, newText)
		},
	}
}
