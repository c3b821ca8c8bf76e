package checks

import (
	"fmt"
	"maps"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// files are the two runs of every scenario: the same story told over other
// files, other text and other edits.
type files struct {
	path   string // the file the story edits
	text   string // its text at the start
	old    string // text that stands in it once
	new    string // what the edit puts in old's place
	theirs string // the file after a teammate's change, old still in it once
	other  string // a second file of the workspace
	otherT string // its text
	twice  string // text that stands in path more than once
	times  int    // how many times twice stands in it
	spot   string // text that stands in path once, away from old
	spotTo string // what another conversation puts in spot's place
}

var runs = []checkkit.Data[files]{
	{Name: "config.py, whose teammate changes HOST", Data: files{
		path: "config.py", text: "HOST = \"localhost\"\nPORT = 8080\nDEBUG = False\n",
		old: "PORT = 8080", new: "PORT = 9090",
		theirs: "HOST = \"0.0.0.0\"\nPORT = 8080\nDEBUG = False\n",
		other:  "README.md", otherT: "Run it with python config.py\n",
		twice: " = ", times: 3,
		spot: "DEBUG = False", spotTo: "DEBUG = True",
	}},
	{Name: "notes/todo.md, other text, a teammate who adds a line", Data: files{
		path: "notes/todo.md", text: "- ship 1.2\n- fix login\n- ship 1.3\n",
		old: "- fix login", new: "- fix login (done)",
		theirs: "- ship 1.2\n- fix login\n- ship 1.3\n- write docs\n",
		other:  "notes/done.md", otherT: "- set up CI\n",
		twice: "- ship", times: 2,
		spot: "- ship 1.3", spotTo: "- ship 1.3\n- write docs",
	}},
}

// act is one thing that happens in a story: a tool call the model makes in a
// conversation, an undo asked of a conversation, or a teammate's write.
type act struct {
	conv    int        // which conversation (0 or 1) the call or undo belongs to
	call    *lab.Block // a call run through RunTool, with the tools of conv
	want    lab.Message
	undo    string // a path whose edit conv undoes
	undoErr string // what that undo must say ("" when it must work)
	write   string // a path a teammate writes
	text    string // the text the teammate writes
}

// readAct is the model reading path in conversation conv, and the result it
// must get: the file's text as it stands.
func readAct(conv int, id, path, text string) act {
	call := lab.Call("read", lab.Args{"path": path}).WithID(id)
	return act{conv: conv, call: &call, want: checkkit.Result(id, "read", text)}
}

// failedRead is the model reading path, which does not exist, in
// conversation conv: the result is the read tool's error.
func failedRead(conv int, id, path string) act {
	call := lab.Call("read", lab.Args{"path": path}).WithID(id)
	return act{conv: conv, call: &call, want: checkkit.ErrorResult(id, "read", "Error: read "+path+": file does not exist")}
}

// editAct is the model asking for an edit, and the result it must get:
// refusal "" means the edit works.
func editAct(conv int, id, path, old, new, refusal string) act {
	call := lab.Call("edit", lab.Args{"path": path, "old_text": old, "new_text": new}).WithID(id)
	want := checkkit.Result(id, "edit", fmt.Sprintf(editDone, path))
	if refusal != "" {
		want = checkkit.ErrorResult(id, "edit", "Error: "+refusal)
	}
	return act{conv: conv, call: &call, want: want}
}

// teammate is a teammate writing text to path.
func teammate(path, text string) act { return act{write: path, text: text} }

// undoAct is conversation conv undoing its edit of path; refusal "" means
// the undo works.
func undoAct(conv int, path, refusal string) act {
	return act{conv: conv, undo: path, undoErr: refusal}
}

// tell plays a story over a fresh workspace holding start, with two
// conversations, and checks every result, then the whole disk (want) and
// every write, in order. The calls of both conversations and every read and
// write of the disk are one transcript.
func tell(c *checkkit.C, start map[string]string, acts []act, want map[string]string) {
	ws := lab.NewWorkspace(start)
	rec := c.Record("the calls of both conversations, and the teammate's writes")
	rec.Watch(ws)
	var tools [2][]lab.Tool
	var convs [2]Edits
	for i := range convs {
		convs[i] = S.NewEdits(ws)
		tools[i] = rec.Tools(convs[i].Track(checkkit.ReadTool(ws)), convs[i].EditTool())
	}
	wantWrites, story := []string{}, []string{}
	for _, a := range acts {
		switch {
		case a.write != "":
			ws.WriteText(a.write, a.text)
			wantWrites = append(wantWrites, a.write)
			story = append(story, fmt.Sprintf("a teammate writes %s", a.write))
		case a.call != nil:
			args := maps.Clone(a.call.Arguments)
			got := S.RunTool(tools[a.conv], *a.call)
			story = append(story, fmt.Sprintf("conversation %d: %s", a.conv+1, checkkit.ShowBlocks([]lab.Block{*a.call})))
			if !c.Equal(fmt.Sprintf("After %s, RunTool returned the wrong result for call %s.", checkkit.List(story[:len(story)-1]), a.call.ID), a.want, got) {
				return
			}
			c.Equal(fmt.Sprintf("Call %s's arguments changed while it ran: a tool must not write into them.", a.call.ID), args, a.call.Arguments)
			if a.call.Name == "edit" && !a.want.IsError {
				wantWrites = append(wantWrites, a.call.Arguments["path"].(string))
			}
		default:
			err := convs[a.conv].Undo(a.undo)
			story = append(story, fmt.Sprintf("conversation %d undoes its edit of %s", a.conv+1, a.undo))
			before := checkkit.List(story[:len(story)-1])
			switch {
			case err == nil && a.undoErr != "":
				c.Errorf("After %s, Undo(%q) returned nil, so it wrote the file; it should refuse with %s.", before, a.undo, checkkit.Quote(a.undoErr))
				return
			case err != nil && a.undoErr == "":
				c.Errorf("After %s, Undo(%q) refused with %s; it should put the original back and return nil.", before, a.undo, checkkit.Quote(err.Error()))
				return
			case err != nil && !c.Equal(fmt.Sprintf("After %s, Undo(%q) refused for the wrong reason.", before, a.undo), a.undoErr, err.Error()):
				return
			}
			if a.undoErr == "" {
				wantWrites = append(wantWrites, a.undo)
			}
		}
	}
	disk := map[string]string{}
	for _, p := range ws.Paths() {
		disk[p], _ = ws.Peek(p)
	}
	c.Equal(fmt.Sprintf("After %s, the files are not as they should be.", checkkit.List(story)), want, disk)
	c.Equal(fmt.Sprintf("After %s, the files were written in the wrong order, or too often (each edit and undo that works writes once, one that is refused writes nothing).", checkkit.List(story)), wantWrites, ws.Writes())
}

// startOf is the workspace a story starts from.
func startOf(f files) map[string]string {
	return map[string]string{f.path: f.text, f.other: f.otherT}
}

// with returns the disk of f's story with path now holding text.
func with(f files, changes ...string) map[string]string {
	disk := startOf(f)
	for i := 0; i+1 < len(changes); i += 2 {
		disk[changes[i]] = changes[i+1]
	}
	return disk
}
