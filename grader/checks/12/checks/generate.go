package checks

import (
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
	"harnesslab/lab"
)

// Generated conversations: the lesson's rules combined in ways no
// hand-written case holds (empty and long conversations, turns that call
// tools in several replies, several calls in one reply, multi-byte text,
// results broken in several ways at once). Each is made from a fixed seed, so
// every run hands out the same cases, and they are played smallest first, so
// the first difference reported is the smallest found.

// Generated counts: how many cases each check generates, in two data sets.
// Trim is played at every turn's edge of each case, and each play records
// the list returned and the list handed: 60 cases made a 12.5 MB observation
// that took the judge past its limit on a loaded machine; 30 make half that.
const (
	generatedTrimCount    = 30
	generatedCompactCount = 80
	generatedRepairCount  = 240
)

// genFiles are the files generated calls read.
var genFiles = []string{"config.py", "main.go", "notes.md", "Makefile", "app.toml", "README", "données.csv"}

// genWords are the words generated text is made of, some of them
// multi-byte.
var genWords = []string{"port", "the", "server", "Ada", "née", "café", "☕", "9090", "deploy", "why?", "日本", "x", "=", "build"}

// textGen generates a short text, 1 to 12 words.
var textGen = rapid.Custom(func(t *rapid.T) string {
	n := rapid.IntRange(1, 12).Draw(t, "words")
	words := make([]string, n)
	for i := range words {
		words[i] = rapid.SampledFrom(genWords).Draw(t, "word")
	}
	return strings.Join(words, " ")
})

// conversationGen generates a valid conversation of 0 to 12 turns. A turn is
// a question, then zero to three replies that call tools (one to four calls
// each, every result right after its reply), then an answer. Call ids are
// unique, numbered from c1 on. One conversation in four opens with the
// model's greeting, before any user message.
var conversationGen = rapid.Custom(func(t *rapid.T) []lab.Message {
	var out []lab.Message
	if rapid.IntRange(0, 3).Draw(t, "greeting") == 0 {
		out = append(out, lab.Say("Hello! What can I do for you?"))
	}
	id := 0
	for range rapid.IntRange(0, 12).Draw(t, "turns") {
		out = append(out, lab.User(textGen.Draw(t, "question")))
		for range rapid.IntRange(0, 3).Draw(t, "steps") {
			blocks := []lab.Block{lab.Text("Let me look.")}
			var results []lab.Message
			for range rapid.IntRange(1, 4).Draw(t, "calls") {
				id++
				cid := fmt.Sprintf("c%d", id)
				blocks = append(blocks, readCall(cid, rapid.SampledFrom(genFiles).Draw(t, "path")))
				results = append(results, checkkit.Result(cid, "read", textGen.Draw(t, "content")+"\n"))
			}
			out = append(out, lab.Reply(blocks...))
			out = append(out, results...)
		}
		out = append(out, lab.Say(textGen.Draw(t, "answer")))
	}
	return out
})

// smallestFirst sorts cases by size, names them, and splits them into two
// data sets, every other one in each, so both run from small to large.
func smallestFirst[T any](all []T, size func(T) int, name func(i int, x *T)) []checkkit.Data[[]T] {
	slices.SortStableFunc(all, func(a, b T) int { return size(a) - size(b) })
	for i := range all {
		name(i, &all[i])
	}
	return checkkit.Generated(all, "cases")
}

// trimGen generates a conversation to trim, with or without the read tool,
// under one of three system prompts, to the budgets at every turn's edge, 0
// and a budget above the whole bill.
var trimGen = rapid.Custom(func(t *rapid.T) play.TrimCase {
	tc := play.TrimCase{
		System:   rapid.SampledFrom([]string{system, "Be brief.", "Réponds en français, s'il te plaît."}).Draw(t, "system"),
		Messages: conversationGen.Draw(t, "conversation"),
	}
	if rapid.Bool().Draw(t, "specs") {
		tc.Specs = readSpecs()
	}
	tc.Budgets = append([]int{0}, edgeBudgets(tc.System, tc.Messages, tc.Specs)...)
	return tc
})

// generatedTrims is two data sets of generated conversations for Trim.
func generatedTrims() any {
	var all []play.TrimCase
	for seed := range generatedTrimCount {
		all = append(all, trimGen.Example(seed))
	}
	all = append(all, play.TrimCase{System: system, Budgets: []int{0, 100}},
		play.TrimCase{System: system, Messages: []lab.Message{lab.Say("Hello! What can I do for you?")}, Budgets: []int{0, 100}})
	return smallestFirst(all, func(tc play.TrimCase) int { return len(tc.Messages) }, func(i int, tc *play.TrimCase) {
		tc.What = fmt.Sprintf("generated conversation %d (%s)", i+1, checkkit.Plural(len(tc.Messages), "message"))
	})
}

// compactGen generates a conversation to compact, keeping -1 to 4 turns,
// with a model that writes a summary or refuses.
var compactGen = rapid.Custom(func(t *rapid.T) play.CompactCase {
	cc := play.CompactCase{
		Messages: conversationGen.Draw(t, "conversation"),
		Keep:     rapid.IntRange(-1, 4).Draw(t, "keep"),
		Refuse:   rapid.IntRange(0, 5).Draw(t, "refuse") == 0,
	}
	if !cc.Refuse {
		cc.Replies = []lab.Message{lab.Say(textGen.Draw(t, "summary")), lab.Say("A second summary nobody asked for.")}
	}
	return cc
})

// generatedCompacts is two data sets of generated conversations for Compact,
// with the edges among them: an empty list and a list with no user message,
// keeping -1, 0 and 1 turns.
func generatedCompacts() any {
	var all []play.CompactCase
	for seed := range generatedCompactCount {
		all = append(all, compactGen.Example(seed))
	}
	for _, messages := range [][]lab.Message{nil, {lab.Say("Hello! What can I do for you?")}} {
		for keep := -1; keep <= 1; keep++ {
			all = append(all, play.CompactCase{Messages: messages, Keep: keep,
				Replies: []lab.Message{lab.Say("Nothing was said yet.")}})
		}
	}
	return smallestFirst(all, func(cc play.CompactCase) int { return len(cc.Messages) }, func(i int, cc *play.CompactCase) {
		cc.What = fmt.Sprintf("generated conversation %d (%s, keep %d", i+1, checkkit.Plural(len(cc.Messages), "message"), cc.Keep)
		if cc.Refuse {
			cc.What += ", the model refuses"
		}
		cc.What += ")"
	})
}

// judgeCompactsAgree compares each generated compaction with the
// reference's: the request, then the list returned.
func judgeCompactsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(cc play.CompactCase, got, want play.Compacted) bool {
		c.Logf("In %s.", cc.What)
		noteKeep(c, cc.Keep)
		if !cc.Refuse && !compactAsked(c, cc, got, want) {
			return false
		}
		return compactReturned(c, cc, got, want)
	})
}

// breakGen breaks a generated conversation one to six ways at once: a result
// lost, a result from no call in the list, a result doubled, a second and
// different result for one call (before or after it, or in the place of the
// result before it), an interruption where the real result was with the real
// one elsewhere, a result moved anywhere, and two neighbouring results
// swapped.
var breakGen = rapid.Custom(func(t *rapid.T) play.RepairCase {
	list := conversationGen.Draw(t, "conversation")
	var did []string
	for range rapid.IntRange(1, 6).Draw(t, "breaks") {
		var results []int
		for i, m := range list {
			if m.Role == lab.RoleToolResult {
				results = append(results, i)
			}
		}
		kind := rapid.IntRange(0, 8).Draw(t, "kind")
		if len(results) == 0 {
			kind = 1
		}
		at := func() int { return rapid.IntRange(0, len(list)).Draw(t, "at") }
		var i int
		if len(results) > 0 {
			i = rapid.SampledFrom(results).Draw(t, "result")
		}
		switch kind {
		case 0:
			did = append(did, "lost the result for "+list[i].ToolCallID)
			list = without(list, i)
		case 1:
			id := fmt.Sprintf("x%d", rapid.IntRange(1, 9).Draw(t, "orphan"))
			did = append(did, "added a result for "+id+", a call that is not in the list")
			list = with(list, at(), checkkit.Result(id, "read", "stray\n"))
		case 2:
			did = append(did, "doubled the result for "+list[i].ToolCallID)
			list = with(list, at(), list[i])
		case 3:
			other := list[i]
			other.Content = "another result for " + other.ToolCallID + "\n"
			did = append(did, "added a different result for "+other.ToolCallID)
			to := at()
			if rapid.Bool().Draw(t, "near") { // among the results of its run, or just before its reply
				to = min(max(i+rapid.IntRange(-4, 2).Draw(t, "offset"), 0), len(list))
			}
			list = with(list, to, other)
		case 4:
			real := list[i]
			did = append(did, "put an interruption in place of the result for "+real.ToolCallID+" and the real result elsewhere")
			list = with(replaced(list, i, interruption(real.ToolCallID)), at(), real)
		case 5:
			did = append(did, "added an interruption for "+list[i].ToolCallID)
			list = with(list, at(), interruption(list[i].ToolCallID))
		case 6:
			if i+1 < len(list) && list[i+1].Role == lab.RoleToolResult {
				did = append(did, "swapped the results for "+list[i].ToolCallID+" and "+list[i+1].ToolCallID)
				list = moved(list, i, i+1)
				continue
			}
			fallthrough
		case 7:
			if i+1 < len(list) && list[i+1].Role == lab.RoleToolResult {
				other := list[i+1]
				other.Content = "another result for " + other.ToolCallID + "\n"
				did = append(did, "put a different result for "+other.ToolCallID+" in the place of the result for "+list[i].ToolCallID)
				list = replaced(list, i, other)
				continue
			}
			fallthrough
		default:
			did = append(did, "moved the result for "+list[i].ToolCallID)
			list = moved(list, i, rapid.IntRange(0, len(list)-1).Draw(t, "to"))
		}
	}
	return play.RepairCase{What: strings.Join(did, ", then "), Broken: list}
})

// generatedRepairs is two data sets of generated broken lists for Repair.
func generatedRepairs() any {
	var all []play.RepairCase
	for seed := range generatedRepairCount {
		all = append(all, breakGen.Example(seed))
	}
	return smallestFirst(all, func(rc play.RepairCase) int { return len(rc.Broken) }, func(i int, rc *play.RepairCase) {
		rc.What = fmt.Sprintf("(generated list %d, %s) the check %s", i+1, checkkit.Plural(len(rc.Broken), "message"), rc.What)
	})
}
