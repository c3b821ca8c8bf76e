package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: undo what you changed, and the whole story in a chat.

func undoRestoresOriginal(c *checkkit.C) {
	checkkit.Scenarios(c, runs, func(f files) {
		tell(c, startOf(f), []act{
			undoAct(0, f.path, fmt.Sprintf(nothingToUndo, f.path)),
			readAct(0, "c1", f.path, f.text),
			editAct(0, "c2", f.path, f.old, f.new, ""),
			editAct(0, "c3", f.path, f.new, f.new+"0", ""),
			undoAct(1, f.path, fmt.Sprintf(nothingToUndo, f.path)),
			undoAct(0, f.path, ""),
			undoAct(0, f.path, fmt.Sprintf(nothingToUndo, f.path)),
			undoAct(0, f.other, fmt.Sprintf(nothingToUndo, f.other)),
		}, startOf(f))
	})
}

func undoKeepsTheirChange(c *checkkit.C) {
	checkkit.Scenarios(c, runs, func(f files) {
		mine := swap(f, f.text)
		tell(c, startOf(f), []act{
			readAct(0, "c1", f.path, f.text),
			editAct(0, "c2", f.path, f.old, f.new, ""),
			teammate(f.path, mine+"# theirs\n"),
			undoAct(0, f.path, fmt.Sprintf(changedSinceEdit, f.path)),
			readAct(0, "c3", f.path, mine+"# theirs\n"),
			undoAct(0, f.path, fmt.Sprintf(changedSinceEdit, f.path)),
		}, with(f, f.path, mine+"# theirs\n"))
	})
}

func undoMeansReadAgain(c *checkkit.C) {
	checkkit.Scenarios(c, runs, func(f files) {
		tell(c, startOf(f), []act{
			readAct(0, "c1", f.path, f.text),
			editAct(0, "c2", f.path, f.old, f.new, ""),
			undoAct(0, f.path, ""),
			editAct(0, "c3", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
			readAct(0, "c4", f.path, f.text),
			editAct(0, "c5", f.path, f.old, f.new, ""),
			undoAct(0, f.path, ""),
		}, startOf(f))
	})
}

func editInChat(c *checkkit.C) {
	checkkit.Scenarios(c, runs, func(f files) {
		ws := lab.NewWorkspace(startOf(f))
		read := func(id string) lab.Block { return lab.Call("read", lab.Args{"path": f.path}).WithID(id) }
		edit := func(id string) lab.Block {
			return lab.Call("edit", lab.Args{"path": f.path, "old_text": f.old, "new_text": f.new}).WithID(id)
		}
		answer := "Done: " + f.new + "."
		scripted := lab.NewScriptedModel(lab.Reply(read("c1")), lab.Reply(edit("c2")), lab.Reply(read("c3")), lab.Reply(edit("c4")), lab.Say(answer))
		rec := c.Record("Chat with read and edit, and a teammate who writes the file")
		rec.Watch(ws)
		model := &lab.Teammate{Model: rec.Model(scripted), WS: ws, At: 2, Path: f.path, Text: f.theirs}
		var runs checkkit.ToolRuns
		e := S.NewEdits(ws)
		tools := runs.Wrap(e.Track(checkkit.ReadTool(ws)), e.EditTool())
		question := "Please change " + f.old + " to " + f.new + "."
		got, result := S.Chat(model, nil, question, rec.Tools(tools...))

		want := []lab.Message{
			lab.User(question),
			lab.Reply(read("c1")), checkkit.Result("c1", "read", f.text),
			lab.Reply(edit("c2")), checkkit.ErrorResult("c2", "edit", "Error: "+fmt.Sprintf(changedSinceRead, f.path)),
			lab.Reply(read("c3")), checkkit.Result("c3", "read", f.theirs),
			lab.Reply(edit("c4")), checkkit.Result("c4", "edit", fmt.Sprintf(editDone, f.path)),
			lab.Say(answer),
		}
		if !checkkit.SameMessages(c, "Chat, with a teammate who writes the file between the model's read and its edit, returned the wrong conversation.", want, got, 0) {
			checkkit.LogConversation(c, "The conversation Chat returned", got)
			checkkit.LogRefusals(c, scripted)
			return
		}
		c.Equal("Chat should end answered, after 5 requests.", Result{Status: "answered", Text: answer, Steps: 5}, result)
		checkkit.SameToolRuns(c, "The tools ran wrongly.", checkkit.RunsOf(read("c1"), edit("c2"), read("c3"), edit("c4")), &runs)
		text, _ := ws.Peek(f.path)
		c.Equal("The file should hold the teammate's change and the model's edit.", strings.Replace(f.theirs, f.old, f.new, 1), text)
		c.Equal("The model should have been asked 5 times.", 5, scripted.Asked())
	})
}

// someoneElse is a write the conversation under check did not make: a
// teammate's, or another conversation's edit. It runs on the workspace after
// the conversation's first edit, and says in words who wrote what.
type someoneElse struct {
	who   string
	write func(f files, ws *lab.Workspace, tools []lab.Tool) lab.Message
}

// othersWrites are the two ways someone else writes the file between the
// conversation's edits.
var othersWrites = []someoneElse{
	{"a teammate writes the file, keeping the model's edit and making a change of their own",
		func(f files, ws *lab.Workspace, _ []lab.Tool) lab.Message {
			ws.WriteText(f.path, strings.Replace(swap(f, f.text), f.spot, f.spotTo, 1))
			return lab.Message{}
		}},
	{"a second conversation over the same workspace reads the file and edits it",
		func(f files, _ *lab.Workspace, tools []lab.Tool) lab.Message {
			if got := S.RunTool(tools, lab.Call("read", lab.Args{"path": f.path}).WithID("d1")); got.IsError {
				return got
			}
			return S.RunTool(tools, lab.Call("edit", lab.Args{"path": f.path, "old_text": f.spot, "new_text": f.spotTo}).WithID("d2"))
		}},
}

// undoNeverDropsTheirWrite: an undo never removes a write it did not make.
// The model edits a file; someone else writes it; the model reads it again
// and edits it once more; then its conversation undoes. Undo may put back the
// text the other writer left (the conversation's own edits since then are
// gone), or refuse and write nothing: either way the other writer's change is
// still in the file.
func undoNeverDropsTheirWrite(c *checkkit.C) {
	checkkit.Scenarios(c, runs, func(f files) {
		for _, other := range othersWrites {
			ws := lab.NewWorkspace(startOf(f))
			mine, theirs := S.NewEdits(ws), S.NewEdits(ws)
			rec := c.Record("the calls of both conversations: " + other.who)
			rec.Watch(ws)
			myTools := rec.Tools(mine.Track(checkkit.ReadTool(ws)), mine.EditTool())
			theirTools := rec.Tools(theirs.Track(checkkit.ReadTool(ws)), theirs.EditTool())
			story := "the model reads " + f.path + " and edits it, then " + other.who + ", then the model reads it again and edits it once more"
			second := f.new + " # reviewed"
			steps := []lab.Block{
				lab.Call("read", lab.Args{"path": f.path}).WithID("c1"),
				lab.Call("edit", lab.Args{"path": f.path, "old_text": f.old, "new_text": f.new}).WithID("c2"),
				{}, // someone else writes
				lab.Call("read", lab.Args{"path": f.path}).WithID("c3"),
				lab.Call("edit", lab.Args{"path": f.path, "old_text": f.new, "new_text": second}).WithID("c4"),
			}
			var left string // the text the other writer left
			for _, call := range steps {
				var got lab.Message
				if call.ID == "" {
					got = other.write(f, ws, theirTools)
					left, _ = ws.Peek(f.path)
				} else {
					got = S.RunTool(myTools, call)
				}
				if got.IsError {
					c.Fatalf("While %s, a call was refused: %s got %q. Every step of this story should work (the edit checks of lab 1 say more).",
						story, checkkit.ShowBlocks([]lab.Block{call}), got.Content)
				}
			}
			last, _ := ws.Peek(f.path)
			writes := len(ws.Writes())
			err := mine.Undo(f.path)
			after, _ := ws.Peek(f.path)
			wrote := len(ws.Writes()) - writes
			c.Logf("The text the other writer left:\n%s\nThe text after the model's second edit:\n%s", left, last)
			switch {
			case !strings.Contains(after, f.spotTo):
				c.Errorf("After %s, Undo(%q) returned %s and threw the other writer's change away: the file no longer holds %q. "+
					"An undo must never remove a write it did not make. Here it should put back the text the other writer left "+
					"(keep as the original the text before the conversation's first edit since someone else wrote the file), "+
					"or refuse and write nothing. The file now holds:\n%s",
					story, f.path, errText(err), f.spotTo, after)
			case err == nil && after != left:
				c.Errorf("After %s, Undo(%q) returned nil, so it undid the model's edits since the other writer's change: the file "+
					"should hold exactly the text that writer left. Expected:\n%s\nGot:\n%s", story, f.path, left, after)
			case err == nil && wrote != 1:
				c.Errorf("After %s, Undo(%q) worked and wrote the file %s; an undo that works writes once.", story, f.path, checkkit.Times(wrote))
			case err != nil && (after != last || wrote != 0):
				c.Errorf("After %s, Undo(%q) refused with %s, yet it wrote the file %s: a refused undo writes nothing.",
					story, f.path, checkkit.Quote(err.Error()), checkkit.Times(wrote))
			}
			if c.Failed() {
				return
			}
		}
	})
}

// errText says what an undo returned: nil, or its error in quotes.
func errText(err error) string {
	if err == nil {
		return "nil"
	}
	return checkkit.Quote(err.Error())
}
