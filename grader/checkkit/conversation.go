package checkkit

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/lab"
)

// AsSent compares messages as a provider sees them: StopReason and Usage
// describe a reply and never travel, and an empty list is as good as nil.
var AsSent = []Option{
	cmpopts.IgnoreFields(lab.Message{}, "StopReason", "Usage"),
	cmpopts.EquateEmpty(),
}

// LogConversation shows messages under a failure, one a line, numbered the
// way a provider's error message counts them. The same transcript logged
// twice is shown once.
//
// The messages are also attached to the check's result as a transcript (see
// C.Attach), for the views that draw a conversation.
func LogConversation(c *C, title string, messages []lab.Message) {
	c.Attach(lab.ConversationTranscript(title, messages))
	if len(messages) == 0 {
		c.Logf("%s: (no messages)", title)
		return
	}
	lines := make([]string, len(messages))
	for i, m := range messages {
		lines[i] = fmt.Sprintf("  %d %s", i, lab.Show([]lab.Message{m}))
	}
	c.Logf("%s:\n%s", title, strings.Join(lines, "\n"))
}

// LogRefusals shows what the strict model refused, if anything.
func LogRefusals(c *C, model *lab.ScriptedModel) {
	for _, r := range model.Refusals() {
		c.Logf("the model refused a request, as a provider would: %s", r)
	}
}

// Asked says how many times code asked model for a reply, counting the
// requests it refused: "twice", or "3 times (the model refused 1 of them)".
func Asked(model *lab.ScriptedModel) string {
	n, refused := model.Asked(), len(model.Refusals())
	if refused == 0 {
		return Times(n)
	}
	return fmt.Sprintf("%s (the model refused %d of them, as a provider would: %s)", Times(n), refused, model.Refusals()[0])
}

// SameMessages compares want with got, message by message as a provider
// sees them, and unless they are the same records one failure: the sentence,
// then a line for each message that differs, is missing or is one too many.
// The lists are lined up first, so a message missing or doubled in the
// middle is named as such, and the messages after it are not all called
// wrong. first is the index of want[0] in the conversation, so the lines
// count the way the log does.
func SameMessages(c *C, sentence string, want, got []lab.Message, first int) bool {
	lines := messageDifferences(want, got, first)
	if len(lines) == 0 {
		return true
	}
	c.Errorf("%s\n  %s", sentence, strings.Join(lines, "\n  "))
	return false
}

// messageDifferences lines want and got up and words every difference.
func messageDifferences(want, got []lab.Message, first int) []string {
	if len(Differences(want, got, AsSent...)) == 0 {
		return nil // the common case, without lining every message up with every other
	}
	same := func(i, j int) bool { return len(Differences(want[i], got[j], AsSent...)) == 0 }
	var lines []string
	var lost []step // messages of want with no match: i, and where in got it belongs
	var extra []int // messages of got with no match
	flush := func() {
		pairs := min(len(lost), len(extra))
		for k := range pairs {
			lines = append(lines, changed(want[lost[k].i], got[extra[k]], first+extra[k])...)
		}
		for k, l := range lost[pairs:] {
			// Several missing at one place belong one after the other there.
			at := first + l.j + k + pairs
			lines = append(lines, fmt.Sprintf("message %d is missing: expected %s there", at, lab.Show(want[l.i:l.i+1])))
		}
		for _, j := range extra[pairs:] {
			line := fmt.Sprintf("message %d is one too many: got %s, expected nothing there", first+j, lab.Show(got[j:j+1]))
			for k := range got {
				if k != j && len(Differences(got[k], got[j], AsSent...)) == 0 {
					line += fmt.Sprintf(" (it is a copy of message %d)", first+k)
					break
				}
			}
			lines = append(lines, line)
		}
		lost, extra = nil, nil
	}
	next := 0 // the index in got of the next message to line up
	for _, op := range align(len(want), len(got), same) {
		switch {
		case op.i >= 0 && op.j >= 0:
			flush()
			next = op.j + 1
		case op.i >= 0:
			lost = append(lost, step{op.i, next})
		default:
			extra = append(extra, op.j)
			next = op.j + 1
		}
	}
	flush()
	return lines
}

// changed words the differences between two messages at the same place.
func changed(w, g lab.Message, at int) []string {
	ws, gs := lab.Show([]lab.Message{w}), lab.Show([]lab.Message{g})
	if ws != gs {
		return []string{fmt.Sprintf("message %d: expected %s, got %s", at, ws, gs)}
	}
	var lines []string
	for _, d := range Differences(w, g, AsSent...) {
		lines = append(lines, fmt.Sprintf("message %d, %s", at, d))
	}
	return lines
}

// step is one step of an alignment: i and j index the two lists, -1 where a
// step takes nothing from that list.
type step struct{ i, j int }

// align returns a longest common subsequence alignment of two lists of n and
// m items, where same says whether item i of the first equals item j of the
// second. Lists in checks are short, so the quadratic table is fine.
func align(n, m int, same func(i, j int) bool) []step {
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if same(i, j) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var steps []step
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && same(i, j) && lcs[i][j] == lcs[i+1][j+1]+1:
			steps = append(steps, step{i, j})
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			steps = append(steps, step{-1, j})
			j++
		default:
			steps = append(steps, step{i, -1})
			i++
		}
	}
	return steps
}

// SameBlocks records a failure, the sentence followed by both lists of
// blocks, unless want and got hold the same blocks.
func SameBlocks(c *C, sentence string, want, got []lab.Block, opts ...Option) bool {
	if len(Differences(want, got, append(opts, cmpopts.EquateEmpty())...)) == 0 {
		return true
	}
	c.Errorf("%s\n  expected: %s\n  got:      %s", sentence, ShowBlocks(want), ShowBlocks(got))
	return false
}

// ShowBlocks writes blocks the way a transcript shows them.
func ShowBlocks(blocks []lab.Block) string {
	if len(blocks) == 0 {
		return "nothing"
	}
	shown := make([]string, len(blocks))
	for i, b := range blocks {
		shown[i] = lab.ShowBlock(b)
	}
	return strings.Join(shown, " + ")
}
