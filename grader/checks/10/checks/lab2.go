package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	"harnesslab/lab"
)

// Lab 2: undo what you changed, and the whole story in a chat.

func undoRestoresOriginal(f files) story {
	return tell(startOf(f), []act{
		undoAct(0, f.path, fmt.Sprintf(nothingToUndo, f.path)),
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, f.old, f.new, ""),
		editAct(0, "c3", f.path, f.new, f.new+"0", ""),
		undoAct(1, f.path, fmt.Sprintf(nothingToUndo, f.path)),
		undoAct(0, f.path, ""),
		undoAct(0, f.path, fmt.Sprintf(nothingToUndo, f.path)),
		undoAct(0, f.other, fmt.Sprintf(nothingToUndo, f.other)),
	}, startOf(f))
}

func undoKeepsTheirChange(f files) story {
	mine := swap(f, f.text)
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, f.old, f.new, ""),
		teammate(f.path, mine+"# theirs\n"),
		undoAct(0, f.path, fmt.Sprintf(changedSinceEdit, f.path)),
		readAct(0, "c3", f.path, mine+"# theirs\n"),
		undoAct(0, f.path, fmt.Sprintf(changedSinceEdit, f.path)),
	}, with(f, f.path, mine+"# theirs\n"))
}

func undoMeansReadAgain(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, f.old, f.new, ""),
		undoAct(0, f.path, ""),
		editAct(0, "c3", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
		readAct(0, "c4", f.path, f.text),
		editAct(0, "c5", f.path, f.old, f.new, ""),
		undoAct(0, f.path, ""),
	}, startOf(f))
}

// chatOf is the chat of check 1.12 over f: the model reads the file, a
// teammate writes it, the model's edit is refused, it reads again and edits.
func chatOf(f files) (play.ChatStory, []lab.Block) {
	read := func(id string) lab.Block { return lab.Call("read", lab.Args{"path": f.path}).WithID(id) }
	edit := func(id string) lab.Block {
		return lab.Call("edit", lab.Args{"path": f.path, "old_text": f.old, "new_text": f.new}).WithID(id)
	}
	calls := []lab.Block{read("c1"), edit("c2"), read("c3"), edit("c4")}
	s := play.ChatStory{Files: startOf(f), Question: "Please change " + f.old + " to " + f.new + ".",
		At: 2, Path: f.path, Theirs: f.theirs}
	for _, call := range calls {
		s.Replies = append(s.Replies, lab.Reply(call))
	}
	s.Replies = append(s.Replies, lab.Say("Done: "+f.new+"."))
	return s, calls
}

// chatScenario is the scenario of edit_in_chat: one chat per run.
func chatScenario() any {
	sets := make([]checkkit.Data[play.ChatStory], len(runs))
	for k, run := range runs {
		s, _ := chatOf(run.Data)
		sets[k] = checkkit.Data[play.ChatStory]{Name: run.Name, Data: s}
	}
	return sets
}

// judgeEditInChat: the conversation, the result, the tools that ran and the
// file are the reference's, and the reference's are what the story says.
func judgeEditInChat(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, runs, func(k int, f files) {
		s, calls := chatOf(f)
		got := checkkit.Get[play.Chatted](c, yours, play.ChatKey(k))
		want := checkkit.Get[play.Chatted](c, ref, play.ChatKey(k))
		answer := s.Replies[len(s.Replies)-1]
		story := []lab.Message{
			lab.User(s.Question),
			lab.Reply(calls[0]), checkkit.Result("c1", "read", f.text),
			lab.Reply(calls[1]), checkkit.ErrorResult("c2", "edit", "Error: "+fmt.Sprintf(changedSinceRead, f.path)),
			lab.Reply(calls[2]), checkkit.Result("c3", "read", f.theirs),
			lab.Reply(calls[3]), checkkit.Result("c4", "edit", fmt.Sprintf(editDone, f.path)),
			answer,
		}
		if d := checkkit.Differences(story, want.Messages, checkkit.AsSent...); len(d) > 0 {
			c.KitFatalf("the reference's chat is not what the story says: %v", d)
		}
		if !checkkit.SameMessages(c, "Chat, with a teammate who writes the file between the model's read and its edit, returned the wrong conversation.", want.Messages, got.Messages, 0) {
			checkkit.LogConversation(c, "The conversation Chat returned", got.Messages)
			for _, refusal := range got.Refusals {
				c.Logf("the model refused a request, as a provider would: %s", refusal)
			}
			return
		}
		c.Equal(fmt.Sprintf("Chat should end answered, after %d requests.", want.Result.Steps), want.Result, got.Result)
		checkkit.SameToolRuns(c, "The tools ran wrongly.", want.Runs, toolRuns(got.Runs))
		c.Equal("The file should hold the teammate's change and the model's edit.", want.Files, got.Files)
		c.Equal(fmt.Sprintf("The model should have been asked %d times.", want.Asked), want.Asked, got.Asked)
	})
}

// toolRuns makes a checkkit.ToolRuns holding runs, for checkkit.SameToolRuns.
func toolRuns(runs []checkkit.ToolRun) *checkkit.ToolRuns {
	r := &checkkit.ToolRuns{}
	for _, run := range runs {
		tool := lab.Tool{Name: run.Tool, Execute: func(lab.Args) (string, error) { return "", nil }}
		_, _ = r.Wrap(tool)[0].Execute(run.Args)
	}
	return r
}

// othersWrites are the two ways someone else writes the file between the
// conversation's edits, as the acts that do it: a teammate's write, or a
// second conversation reading and editing it. Each keeps the model's edit
// and makes a change of its own (spot becomes spotTo).
func othersWrites(f files) []struct {
	who  string
	acts []act
} {
	read := lab.Call("read", lab.Args{"path": f.path}).WithID("d1")
	edit := lab.Call("edit", lab.Args{"path": f.path, "old_text": f.spot, "new_text": f.spotTo}).WithID("d2")
	return []struct {
		who  string
		acts []act
	}{
		{"a teammate writes the file, keeping the model's edit and making a change of their own",
			[]act{teammate(f.path, strings.Replace(swap(f, f.text), f.spot, f.spotTo, 1))}},
		{"a second conversation over the same workspace reads the file and edits it",
			[]act{{Act: play.Act{Conv: 1, Call: &read}}, {Act: play.Act{Conv: 1, Call: &edit}}}},
	}
}

// othersWriteStories are the stories of undo_never_drops_their_write, one for
// each way someone else writes: the model reads the file and edits it,
// someone else writes it, the model reads it again and edits it once more,
// then undoes.
func othersWriteStories(f files) []story {
	var out []story
	for _, other := range othersWrites(f) {
		acts := []act{readAct(0, "c1", f.path, f.text), editAct(0, "c2", f.path, f.old, f.new, "")}
		acts = append(acts, other.acts...)
		read := lab.Call("read", lab.Args{"path": f.path}).WithID("c3")
		edit := lab.Call("edit", lab.Args{"path": f.path, "old_text": f.new, "new_text": f.new + " # reviewed"}).WithID("c4")
		acts = append(acts, act{Act: play.Act{Call: &read}}, act{Act: play.Act{Call: &edit}}, act{Act: play.Act{Undo: f.path}})
		out = append(out, story{what: "the model reads " + f.path + " and edits it, then " + other.who +
			", then the model reads it again and edits it once more", start: startOf(f), acts: acts})
	}
	return out
}

// judgeUndoNeverDropsTheirWrite: an undo never removes a write it did not
// make. Undo may put back the text the other writer left (the conversation's
// own edits since then are gone), or refuse and write nothing: either way
// the other writer's change is still in the file. The rule holds on the
// reference's play too.
func judgeUndoNeverDropsTheirWrite(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, runs, func(k int, f files) {
		for i, s := range othersWriteStories(f) {
			want := checkkit.Get[play.Told](c, ref, play.StoryKey(k, i))
			if problem := keepsTheirWrite(f, s, want); problem != "" {
				c.KitFatalf("the reference breaks the rule: %s", problem)
			}
			got := checkkit.Get[play.Told](c, yours, play.StoryKey(k, i))
			if problem := keepsTheirWrite(f, s, got); problem != "" {
				c.Errorf("%s", problem)
				return
			}
		}
	})
}

// keepsTheirWrite says how told, a play of s, breaks the rule that an undo
// never removes a write it did not make, or "" when it keeps it.
func keepsTheirWrite(f files, s story, told play.Told) string {
	if len(told.Steps) != len(s.acts) {
		return fmt.Sprintf("While %s, your program recorded %d of the story's %d acts: it stopped early.", s.what, len(told.Steps), len(s.acts))
	}
	var left string // the text the other writer left
	for j, a := range s.acts[:len(s.acts)-1] {
		step := told.Steps[j]
		if step.Result != nil && step.Result.IsError {
			return fmt.Sprintf("While %s, a call was refused: %s got %q. Every step of this story should work (the edit checks of lab 1 say more).",
				s.what, checkkit.ShowBlocks([]lab.Block{*a.Call}), step.Result.Content)
		}
		if a.Write != "" || a.Conv == 1 {
			left = step.Files[f.path]
		}
	}
	last := told.Steps[len(s.acts)-2].Files[f.path]
	undo := told.Steps[len(s.acts)-1]
	after, wrote := undo.Files[f.path], len(undo.Wrote)
	shown := fmt.Sprintf("\nThe text the other writer left:\n%s\nThe text after the model's second edit:\n%s", left, last)
	switch {
	case !strings.Contains(after, f.spotTo):
		return fmt.Sprintf("After %s, Undo(%q) returned %s and threw the other writer's change away: the file no longer holds %q. "+
			"An undo must never remove a write it did not make. Here it should put back the text the other writer left "+
			"(keep as the original the text before the conversation's first edit since someone else wrote the file), "+
			"or refuse and write nothing. The file now holds:\n%s%s",
			s.what, f.path, errText(undo.UndoError), f.spotTo, after, shown)
	case undo.UndoError == nil && after != left:
		return fmt.Sprintf("After %s, Undo(%q) returned nil, so it undid the model's edits since the other writer's change: the file "+
			"should hold exactly the text that writer left. Expected:\n%s\nGot:\n%s", s.what, f.path, left, after)
	case undo.UndoError == nil && wrote != 1:
		return fmt.Sprintf("After %s, Undo(%q) worked and wrote the file %s; an undo that works writes once.", s.what, f.path, checkkit.Times(wrote))
	case undo.UndoError != nil && (after != last || wrote != 0):
		return fmt.Sprintf("After %s, Undo(%q) refused with %s, yet it wrote the file %s: a refused undo writes nothing.",
			s.what, f.path, checkkit.Quote(*undo.UndoError), checkkit.Times(wrote))
	}
	return ""
}

// errText says what an undo returned: nil, or its error in quotes.
func errText(err *string) string {
	if err == nil {
		return "nil"
	}
	return checkkit.Quote(*err)
}
