package lab

// Versions of files, and a teammate who changes one behind the model's back.
// Lesson 10 uses both: an edit is safe only if the file is still the version
// the model read.

// Version returns the version of the file at path: how many times it has been
// written since the workspace was made. It changes on every write, even one
// that writes the same text again, and is 0 for a file nobody has written
// (or a file that does not exist). It logs no read.
func (w *Workspace) Version(path string) int {
	n := 0
	for _, p := range w.Writes() {
		if p == path {
			n++
		}
	}
	return n
}

// Teammate is a model that plays a teammate working on the same files: just
// before the wrapped model is asked for reply number At (counting from 1), the
// teammate writes Text to the file at Path. A check or a cell uses it to change
// a file between the model's read and its edit.
type Teammate struct {
	Model Model      // the model that answers
	WS    *Workspace // the disk the teammate writes to
	At    int        // the request before which the teammate writes
	Path  string     // the file the teammate changes
	Text  string     // the text the teammate writes

	asked int
}

// Complete writes the teammate's change when the time has come, then asks the
// wrapped model.
func (t *Teammate) Complete(system string, messages []Message, tools []Spec) Message {
	t.asked++
	if t.asked == t.At {
		t.WS.WriteText(t.Path, t.Text)
	}
	return t.Model.Complete(system, messages, tools)
}
