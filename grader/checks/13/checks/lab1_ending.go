package checks

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: end with data. The work runs as before; then the harness asks for
// the result with submit_result forced, reads the call's arguments, and
// gives a broken result one repair.

// played is what one run of RunTask left behind.
type played struct {
	model    *lab.ScriptedModel
	runs     *checkkit.ToolRuns
	messages []lab.Message
	final    Final
}

// play runs RunTask on the task, recorded, with the kit's tools.
func play(c *checkkit.C, t task) played {
	ws, tools := t.setup()
	model := t.model()
	runs := &checkkit.ToolRuns{}
	rec := c.Record("RunTask: " + t.question)
	rec.Watch(ws)
	messages, final := S.RunTask(rec.Model(model), nil, t.question, rec.Tools(runs.Wrap(tools...)...))
	checkkit.LogRefusals(c, model)
	return played{model: model, runs: runs, messages: messages, final: final}
}

// choices words the tool choice of every request the model answered.
func choices(requests []lab.Request) string {
	words := make([]string, len(requests))
	for i, r := range requests {
		words[i] = r.Choice.String()
	}
	return strings.Join(words, ", ")
}

// sameFinal compares the Final a run ended with against want, as data: an
// empty list of files is as good as none.
func sameFinal(c *checkkit.C, sentence string, want, got Final) bool {
	return c.Equal(sentence, want, got, cmpopts.EquateEmpty())
}

func workRequestsChooseFreely(c *checkkit.C) {
	checkkit.Scenarios(c, plainTasks, func(t task) {
		p := play(c, t)
		want, _, _ := t.expected()
		got := p.model.Calls()
		if choices(got) != choices(want) {
			c.Errorf("RunTask should leave the choice of tool to the model (auto) for the %s of the work, and force "+
				"submit_result only when it asks for the result.\n  expected tool choices, request by request: %s\n  got tool choices, request by request:      %s",
				checkkit.Plural(len(t.work), "request"), choices(want), choices(got))
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
		}
	})
}

func resultRequestForced(c *checkkit.C) {
	checkkit.Scenarios(c, plainTasks, func(t task) {
		p := play(c, t)
		want, _, _ := t.expected()
		got := p.model.Calls()
		k := len(t.work)
		if len(got) <= k {
			c.Errorf("After the work (%s) RunTask should ask once more, for the result; the model was asked %s.",
				checkkit.Plural(k, "request"), checkkit.Asked(p.model))
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		if !c.Equal(fmt.Sprintf("Request %d should ask for the result: the conversation so far, then a user message saying "+
			"SubmitAsk; the caller's tools followed by submit_result; and submit_result forced as the tool choice.", k+1),
			want[k], got[k], checkkit.AsSent...) {
			checkkit.LogConversation(c, fmt.Sprintf("The messages of request %d", k+1), got[k].Messages)
		}
	})
}

func resultFromArguments(c *checkkit.C) {
	checkkit.Scenarios(c, plainTasks, func(t task) {
		p := play(c, t)
		if !sameFinal(c, "RunTask should end with the submit_result call's arguments as data (summary, files_changed, "+
			"tests_passed), never the model's words, and the ending \"submitted\".", t.want, p.final) {
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
		}
	})
}

func submitCallAnswered(c *checkkit.C) {
	checkkit.Scenarios(c, plainTasks, func(t task) {
		p := play(c, t)
		_, want, runs := t.expected()
		if !checkkit.SameMessages(c, "RunTask should return the whole conversation: the question, the work with its results, "+
			"SubmitAsk, the reply that called submit_result, and that call's result (\"Result received.\"). Every call gets a result.",
			want, p.messages, 0) {
			checkkit.LogConversation(c, "What RunTask returned", p.messages)
			return
		}
		checkkit.SameToolRuns(c, "Only the work's calls run: submit_result is read by the harness, not run as a tool of the caller's.",
			runs, p.runs)
	})
}
