package checks

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	"harnesslab/lab"
)

// Generated chats: the edit tool inside the loop, with a teammate who writes
// the file at any request, replies that hold several calls, and more replies
// than MaxSteps lets the loop take.

// generatedChatCount is how many chats chats_agree generates, in two data
// sets.
const generatedChatCount = 40

// maxSteps is the step budget Chat gives the loop (the lesson's MaxSteps).
const maxSteps = 8

// chatGen generates a chat: one or two files, one to eleven replies of one
// to three calls (reads, and edits of the file's lines or of what the last
// edit put in), then words; and a teammate who, just before one of the
// requests, writes the first file with a line of their own.
var chatGen = rapid.Custom(func(t *rapid.T) play.ChatStory {
	s := play.ChatStory{Files: map[string]string{}, Question: "Tidy up the files, please.", Path: genPaths[0]}
	for _, path := range genPaths[:rapid.IntRange(1, 2).Draw(t, "files")] {
		s.Files[path] = genText(t, "file")
	}
	s.Theirs = s.Files[s.Path] + "# theirs\n"
	paths := slices.Sorted(maps.Keys(s.Files))
	known := strings.Split(s.Files[s.Path], "\n")
	last, id := "", 0
	replies := rapid.IntRange(1, maxSteps+3).Draw(t, "replies")
	for range replies {
		var calls []lab.Block
		for range rapid.IntRange(1, 3).Draw(t, "calls") {
			id++
			path := rapid.SampledFrom(paths).Draw(t, "path")
			if rapid.IntRange(0, 2).Draw(t, "read") == 0 {
				calls = append(calls, lab.Call("read", lab.Args{"path": path}).WithID(fmt.Sprintf("c%d", id)))
				continue
			}
			old := rapid.SampledFrom(genOld).Draw(t, "old_text")
			switch n := rapid.IntRange(0, 3).Draw(t, "known"); {
			case n < 2 && last != "":
				old = last
			case n < 3:
				old = rapid.SampledFrom(known).Draw(t, "line")
			}
			repl := fmt.Sprintf("%s # %d", old, id)
			last = repl
			calls = append(calls, lab.Call("edit", lab.Args{"path": path, "old_text": old, "new_text": repl}).WithID(fmt.Sprintf("c%d", id)))
		}
		s.Replies = append(s.Replies, lab.Reply(calls...))
	}
	s.Replies = append(s.Replies, lab.Say("Done."))
	s.At = rapid.IntRange(1, len(s.Replies)).Draw(t, "teammate at")
	return s
})

// generatedChats is two data sets of generated chats.
func generatedChats() any {
	var all []play.ChatStory
	for seed := range generatedChatCount {
		all = append(all, chatGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.ChatStory) int { return len(a.Replies) - len(b.Replies) })
	for i := range all {
		all[i].What = fmt.Sprintf("generated chat %d (%s, the teammate writes %s before request %d)",
			i+1, checkkit.Plural(len(all[i].Replies), "reply"), all[i].Path, all[i].At)
	}
	return checkkit.Generated(all, "chats")
}

// judgeChatsAgree compares each generated chat with the reference's: the
// conversation Chat returned, its Result, the tools that ran, the files
// afterwards and how many times the model was asked.
func judgeChatsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.ChatStory]](c), func(k int, chats []play.ChatStory) {
		for i, s := range chats {
			got := checkkit.Get[play.Chatted](c, yours, play.ChatsKey(k, i))
			want := checkkit.Get[play.Chatted](c, ref, play.ChatsKey(k, i))
			if len(want.Refusals) > 0 {
				c.KitFatalf("the model refused a request of the reference's %s: %s", s.What, want.Refusals[0])
			}
			if !agreeChat(c, s.What, got, want) {
				return
			}
		}
	})
}

// agreeChat compares one generated chat, and stops at the first difference.
func agreeChat(c *checkkit.C, what string, got, want play.Chatted) bool {
	if !checkkit.SameMessages(c, what+": Chat should return the conversation a correct harness returns", want.Messages, got.Messages, 0) {
		checkkit.LogConversation(c, "The conversation Chat returned", got.Messages)
		for _, refusal := range got.Refusals {
			c.Logf("the model refused a request, as a provider would: %s", refusal)
		}
		return false
	}
	return c.Equal(what+": Chat should end as a correct harness's does", want.Result, got.Result) &&
		checkkit.SameToolRuns(c, what+": the tools that ran", want.Runs, toolRuns(got.Runs)) &&
		c.Equal(what+": the files afterwards", want.Files, got.Files) &&
		c.Equal(what+": how many times the model was asked", want.Asked, got.Asked)
}
