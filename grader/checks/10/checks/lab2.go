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
		model := &lab.Teammate{Model: scripted, WS: ws, At: 2, Path: f.path, Text: f.theirs}
		var runs checkkit.ToolRuns
		e := S.NewEdits(ws)
		tools := runs.Wrap(e.Track(checkkit.ReadTool(ws)), e.EditTool())
		question := "Please change " + f.old + " to " + f.new + "."
		got, result := S.Chat(model, nil, question, tools)

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
