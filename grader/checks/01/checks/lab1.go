package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: what a message holds.

// userWords are the texts UserMessage is given. Each set holds an empty text
// and words with spaces and a line break at their ends, which stay as given.
var userWords = []checkkit.Data[[]string]{
	{Name: "the lesson's words", Data: []string{"My name is Ada.", " Two lines:\nthe second one too.\n", ""}},
	{Name: "other words", Data: []string{"What is my name?", "", "\tGrace, indented, and a space after "}},
}

func userMessageHoldsWords(c *checkkit.C) {
	checkkit.Scenarios(c, userWords, func(texts []string) {
		for _, text := range texts {
			got := S.UserMessage(text)
			if !c.Equal(fmt.Sprintf("UserMessage(%s) should return a user message with exactly those words in Content, and every other field empty.",
				checkkit.Quote(text)), lab.User(text), got) {
				return
			}
		}
	})
}

// A textCase is one reply TextOf is given, and its words.
type textCase struct {
	reply lab.Message
	want  string
}

// Each function returns fresh replies: one copy goes to the student, and a
// second, made after TextOf returned, is what the reply should still be.
// The two sets have the same shapes (block for block) with other words, so a
// TextOf that remembers an earlier answer by the shape of the reply fails.

func joinedTexts() []textCase {
	return []textCase{
		{lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada."), lab.Text(" How can I help?")), "Nice to meet you, Ada. How can I help?"},
		{lab.Say("Noted."), "Noted."},
		{lab.Reply(lab.Text("ha"), lab.Text("ha")), "haha"},
		{lab.Reply(lab.Text("  Indented,\n"), lab.Text("and a blank line after.\n\n")), "  Indented,\nand a blank line after.\n\n"},
		{lab.Reply(), ""},
	}
}

func otherJoinedTexts() []textCase {
	return []textCase{
		{lab.Reply(lab.Text("The port is "), lab.Text("9090"), lab.Text(", in config.py.")), "The port is 9090, in config.py."},
		{lab.Say("Done: the backup is newer."), "Done: the backup is newer."},
		{lab.Reply(lab.Text("no. "), lab.Text("no. ")), "no. no. "},
		{lab.Reply(lab.Text("\tTabbed "), lab.Text(" and spaced \n")), "\tTabbed  and spaced \n"},
		{lab.Reply(), ""},
	}
}

func textOfJoinsTextBlocks(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[func() []textCase]{
		{Name: "the lesson's replies", Data: joinedTexts},
		{Name: "other replies of the same shapes", Data: otherJoinedTexts},
	}, func(cases func() []textCase) { checkTextOf(c, cases) })
}

func callTexts() []textCase {
	return []textCase{
		{lab.Reply(lab.Text("Let me look at both. "),
			lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
			lab.Text("Then I compare them."),
			lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2")),
			"Let me look at both. Then I compare them."},
		{lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")), ""},
		{lab.Reply(lab.Call("today", nil).WithID("c1"), lab.Call("today", nil).WithID("c2"), lab.Text("Asked twice.")),
			"Asked twice."},
		{lab.Reply(lab.Text("First "), lab.Call("read", lab.Args{"path": "a.txt"}).WithID("c1"),
			lab.Call("read", lab.Args{"path": "a.txt"}).WithID("c2"), lab.Text("last.")),
			"First last."},
	}
}

func otherCallTexts() []textCase {
	return []textCase{
		{lab.Reply(lab.Text("Checking the ledger "),
			lab.Call("search", lab.Args{"query": "payroll", "limit": 3.0}).WithID("c7"),
			lab.Text("and the date."),
			lab.Call("today", lab.Args{}).WithID("c8")),
			"Checking the ledger and the date."},
		{lab.Reply(lab.Call("today", nil).WithID("c3")), ""},
		{lab.Reply(lab.Call("read", lab.Args{"path": "notes.md"}).WithID("c4"), lab.Call("read", lab.Args{"path": "notes.md"}).WithID("c5"), lab.Text("Read it twice.")),
			"Read it twice."},
		{lab.Reply(lab.Text("Before "), lab.Call("today", nil).WithID("c1"),
			lab.Call("today", nil).WithID("c2"), lab.Text("after.")),
			"Before after."},
	}
}

func textOfSkipsToolCalls(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[func() []textCase]{
		{Name: "the lesson's replies", Data: callTexts},
		{Name: "other replies of the same shapes", Data: otherCallTexts},
	}, func(cases func() []textCase) { checkTextOf(c, cases) })
}

// checkTextOf gives TextOf each reply and checks the words and that the
// reply is left as it was; then it edits the reply in place (its last text
// block gets more words; the blocks stay as many, the first as it was) and
// asks again: the words must follow the edit, however the answer was worked
// out the first time. It stops at the first reply TextOf gets wrong.
func checkTextOf(c *checkkit.C, cases func() []textCase) {
	given, pristine := cases(), cases()
	for i, tc := range given {
		shown := lab.Show([]lab.Message{pristine[i].reply})
		got := S.TextOf(tc.reply)
		if got != tc.want {
			c.Errorf("TextOf(%s)\n  = %s\n  expected %s", shown, checkkit.Quote(got), checkkit.Quote(tc.want))
			return
		}
		if !checkkit.SameBlocks(c, fmt.Sprintf("TextOf(%s) changed the reply it was given: it should only read it. "+
			"The message is a copy, but its Blocks share their array with the caller's reply, still in the conversation: "+
			"changing a block, or removing blocks with slices.Delete or slices.DeleteFunc, changes the caller's reply too.", shown),
			pristine[i].reply.Blocks, tc.reply.Blocks) {
			return
		}
		last := -1
		for j, b := range tc.reply.Blocks {
			if b.Type == lab.TextBlock {
				last = j
			}
		}
		if last < 0 {
			continue
		}
		const edit = " (edited)"
		tc.reply.Blocks[last].Text += edit
		if again, want := S.TextOf(tc.reply), tc.want+edit; again != want {
			c.Errorf("TextOf(%s) gave the right words. Then the reply's last text block was changed in place, to end in %s, and TextOf was asked again:\n  = %s\n  expected %s\n"+
				"TextOf should read the reply it is given each time, not remember an earlier answer.",
				shown, checkkit.Quote(edit), checkkit.Quote(again), checkkit.Quote(want))
			return
		}
	}
}
