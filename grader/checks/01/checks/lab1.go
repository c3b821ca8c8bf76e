package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: what a message holds.

func userMessageHoldsWords(c *checkkit.C) {
	for _, text := range []string{"My name is Ada.", "Two lines:\nthe second one too."} {
		want := lab.Message{Role: lab.RoleUser, Content: text}
		got := S.UserMessage(text)
		c.Equal(checkkit.Quote(text)+": a user message has the role user and keeps your words in Content; every other field stays empty.",
			want, got, inWords)
	}
}

func textOfJoinsTextBlocks(c *checkkit.C) {
	cases := []struct {
		reply lab.Message
		want  string
	}{
		{lab.Reply(lab.Text("Nice to meet you, "), lab.Text("Ada."), lab.Text(" How can I help?")),
			"Nice to meet you, Ada. How can I help?"},
		{lab.Say("Noted."), "Noted."},
		{lab.Reply(), ""},
	}
	for _, tc := range cases {
		checkTextOf(c, tc.reply, tc.want)
	}
}

func textOfSkipsToolCalls(c *checkkit.C) {
	cases := []struct {
		reply lab.Message
		want  string
	}{
		{lab.Reply(lab.Text("Let me look at both. "),
			lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
			lab.Text("Then I compare them."),
			lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2")),
			"Let me look at both. Then I compare them."},
		{lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")), ""},
	}
	for _, tc := range cases {
		checkTextOf(c, tc.reply, tc.want)
	}
}

func checkTextOf(c *checkkit.C, reply lab.Message, want string) {
	if got := S.TextOf(reply); got != want {
		c.Errorf("TextOf(%s)\n  = %s\n  want %s", lab.Show([]lab.Message{reply}), checkkit.Quote(got), checkkit.Quote(want))
	}
}
