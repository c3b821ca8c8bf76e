package checks

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// sameRequests records one failure unless model was asked exactly the
// requests want, each whole: its standing instruction, its tools and its
// messages. The failure names the first request that differs, and shows its
// messages once: as differences, or, when only its System or tools differ,
// as the model received them.
func sameRequests(c *checkkit.C, sentence string, want []lab.Request, model *lab.ScriptedModel) bool {
	got := model.Calls()
	count := ""
	switch refused := model.Refusals(); {
	case len(refused) > 0:
		count = "\n  The model refused a request from Chat, as a provider would: " + refused[0]
	case len(got) != len(want):
		count = fmt.Sprintf("\n  Chat asked the model %s; expected %s.", checkkit.Times(len(got)), checkkit.Times(len(want)))
	}
	sentence += count
	for i := range min(len(want), len(got)) {
		w, g := want[i], got[i]
		var lines []string
		if w.System != g.System {
			lines = append(lines, fmt.Sprintf("request %d, its standing instruction (System): expected %s, got %s. "+
				"Every request carries the lesson's System, unchanged.", i+1, checkkit.Quote(w.System), checkkit.Quote(g.System)))
		}
		lines = append(lines, toolDifferences(i+1, w.Tools, g.Tools)...)
		sameMessages := len(checkkit.Differences(w.Messages, g.Messages, checkkit.AsSent...)) == 0
		if len(lines) == 0 && sameMessages {
			continue
		}
		head := sentence
		if len(lines) > 0 {
			head += "\n  " + strings.Join(lines, "\n  ")
		}
		if sameMessages { // the lines above do not show the messages: the log does
			checkkit.LogConversation(c, fmt.Sprintf("request %d as the model received it (its messages)", i+1), g.Messages)
			c.Errorf("%s", head)
			return false
		}
		checkkit.SameMessages(c, fmt.Sprintf("%s\n  request %d, its messages:", head, i+1), w.Messages, g.Messages, 0)
		return false
	}
	if count != "" {
		c.Errorf("%s", sentence)
		return false
	}
	return true
}

// toolDifferences words how the tools request n described differ from want.
func toolDifferences(n int, want, got []lab.Spec) []string {
	d := checkkit.Differences(want, got, cmpopts.EquateEmpty())
	if len(d) == 0 {
		return nil
	}
	if w, g := specNames(want), specNames(got); checkkit.Commas(w) != checkkit.Commas(g) {
		return []string{fmt.Sprintf("request %d described %s; expected %s.", n, describedTools(g), describedTools(w))}
	}
	lines := []string{fmt.Sprintf("request %d described the tools %s, but not exactly as they were handed to Chat:",
		n, checkkit.Commas(specNames(got)))}
	for _, line := range d {
		lines = append(lines, "  "+line)
	}
	return lines
}

// describedTools names the tools of a request: "no tools", "the tool read",
// "the tools read, today".
func describedTools(names []string) string {
	switch len(names) {
	case 0:
		return "no tools"
	case 1:
		return "the tool " + names[0]
	}
	return "the tools " + checkkit.Commas(names)
}

// request is a request as the lesson's harness sends it: the lesson's
// standing instruction, the specs of tools, and messages.
func request(tools []lab.Tool, messages ...lab.Message) lab.Request {
	return lab.Request{System: system, Messages: messages, Tools: checkkit.SpecsOf(tools)}
}

// specNames returns the name of each spec, in order.
func specNames(specs []lab.Spec) []string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
}

// sameList records a failure unless the list Chat returned is want, message
// by message as a provider sees them, and logs the list if not.
func sameList(c *checkkit.C, sentence string, want, got []lab.Message) bool {
	if checkkit.SameMessages(c, sentence, want, got, 0) {
		return true
	}
	checkkit.LogConversation(c, "the list Chat returned", got)
	return false
}

// accepted records a failure unless model answered every request Chat sent
// it. A refused request is the root of whatever goes wrong after it, so it
// is said first, with the list Chat returned.
func accepted(c *checkkit.C, what string, model *lab.ScriptedModel, messages []lab.Message) bool {
	refused := model.Refusals()
	if len(refused) == 0 {
		return true
	}
	c.Errorf("%s: the model refused a request from Chat, as a provider would:\n  %s", what, refused[0])
	checkkit.LogConversation(c, "the list Chat returned", messages)
	return false
}

// sameAnswer records a failure unless Chat returned the answer want, the
// words of the reply that ends the conversation.
func sameAnswer(c *checkkit.C, sentence, want, got string) bool {
	if want == got {
		return true
	}
	c.Errorf("%s\n  expected answer: %s\n  got answer:      %s", sentence, checkkit.Quote(want), checkkit.Quote(got))
	return false
}

// sameTools records a failure unless tools (handed to student code) still
// describe themselves as fresh copies of the kit's tools do.
func sameTools(c *checkkit.C, who string, fresh, tools []lab.Tool) bool {
	d := checkkit.Differences(checkkit.SpecsOf(fresh), checkkit.SpecsOf(tools), cmpopts.EquateEmpty())
	if len(d) == 0 {
		return true
	}
	c.Errorf("%s should leave the tools it was handed as they were: it changed them.\n  %s", who, strings.Join(d, "\n  "))
	return false
}

// sameCall records a failure unless call is still pristine, the call as the
// model wrote it.
func sameCall(c *checkkit.C, who string, pristine, call lab.Block) bool {
	d := checkkit.Differences(pristine, call, cmpopts.EquateEmpty())
	if len(d) == 0 {
		return true
	}
	c.Errorf("%s should leave the call as the model wrote it: it changed the call.\n  expected: %s\n  got:      %s",
		who, lab.ShowBlock(pristine), lab.ShowBlock(call))
	return false
}

// cloneBlock returns a deep copy of b, so that student code cannot change the
// block a check compares against.
func cloneBlock(b lab.Block) lab.Block {
	b.Arguments = lab.CloneArgs(b.Arguments)
	return b
}
