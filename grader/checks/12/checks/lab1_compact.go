package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1, continued: compaction. The older turns go to the model for a
// summary; the newest turns stay as they are.

// compactCase is one conversation to compact, the turns to keep and the
// summary the model writes.
type compactCase struct {
	turns   []turn
	keep    int
	summary string
}

// compactCases are the conversations of the compaction checks: the first
// keeps no turn at all (the edge: everything goes into the summary), the
// second keeps one turn of a conversation with calls, the third keeps two.
var compactCases = []checkkit.Data[compactCase]{
	{Name: "Linus's conversation, keeping no turn: all of it is summarized", Data: compactCase{keep: 0,
		summary: "The user is Linus; main.go starts the server on port 8080.",
		turns: []turn{
			{question: "I'm Linus.", answer: "Hi Linus."},
			{question: "What does main.go start?", answer: "The server, on 8080.",
				calls: []call{{"c1", "main.go", "http.ListenAndServe(\":8080\", nil)\n"}}},
			{question: "Good, thanks.", answer: "Any time."},
		}}},
	{Name: "Ada's conversation, keeping the newest turn", Data: compactCase{keep: 1,
		summary: "The user is Ada. config.py sets PORT = 9090.",
		turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "What port does config.py set?", answer: "9090.", calls: []call{{"c1", "config.py", "PORT = 9090\n"}}},
			{question: "Compare a.txt and b.txt.", answer: "a has 1, b has 22.",
				calls: []call{{"c2", "a.txt", "x = 1\n"}, {"c3", "b.txt", "x = 22\n"}}},
			{question: "Thanks.", answer: "You're welcome."},
		}}},
	{Name: "Grace's conversation, keeping the two newest turns", Data: compactCase{keep: 2,
		summary: "The user is Grace; notes.md says ship it.",
		turns: []turn{
			{question: "My name is Grace.", answer: "Hi Grace."},
			{question: "Read notes.md.", answer: "It says ship it.", calls: []call{{"c1", "notes.md", "ship it\n"}}},
			{question: "And app.toml?", answer: "Port 7070.", calls: []call{{"c2", "app.toml", "port = 7070\n"}}},
			{question: "Bye.", answer: "Bye, Grace."},
		}}},
}

// keeping says how many turns Compact keeps, for a failure message.
func keeping(keep int) string {
	if keep == 0 {
		return "no turn (summarizing everything)"
	}
	return checkkit.Plural(keep, "turn")
}

// noteKeepZero says, shown only if the check fails, that this run calls
// Compact with keep 0: a panic here is a cut that assumed a turn is kept.
func noteKeepZero(c *checkkit.C, cc compactCase) {
	if cc.keep == 0 {
		c.Logf("This run calls Compact with keep = 0: no turn is kept, every turn goes into the summary.")
	}
}

// olderAndNewer splits the messages of turns: all but the newest keep turns,
// and those.
func olderAndNewer(turns []turn, keep int) (older, newer []lab.Message) {
	return conversation(turns[:len(turns)-keep]...), conversation(turns[len(turns)-keep:]...)
}

func compactAsksForSummary(c *checkkit.C) {
	checkkit.Scenarios(c, compactCases, func(cc compactCase) {
		noteKeepZero(c, cc)
		model := lab.NewScriptedModel(lab.Say(cc.summary), lab.Say("A second summary nobody asked for."))
		S.Compact(c.Record("Compact asks for a summary").Model(model), conversation(cc.turns...), cc.keep)
		older, _ := olderAndNewer(cc.turns, cc.keep)
		want := lab.Request{System: summaryPrompt, Messages: append(older, lab.User(summaryAsk))}
		checkkit.LogRefusals(c, model)
		if model.Asked() != 1 {
			c.Errorf("Compact keeping %s of %s should ask the model for a summary once; it asked %s.",
				keeping(cc.keep), checkkit.Plural(len(cc.turns), "turn"), checkkit.Times(model.Asked()))
			return
		}
		got := model.Calls()[0]
		asked := fmt.Sprintf("the messages of the %s before them", checkkit.Plural(len(cc.turns)-cc.keep, "older turn"))
		if cc.keep == 0 {
			asked = fmt.Sprintf("every message of the %s", checkkit.Plural(len(cc.turns), "turn"))
		}
		if !c.Equal(fmt.Sprintf("Compact keeping %s should ask for the summary with SummaryPrompt as the system "+
			"prompt, no tools, and %s, then a user message saying SummaryAsk.", keeping(cc.keep), asked), want, got) {
			checkkit.LogConversation(c, "The request Compact sent", got.Messages)
		}
	})
}

func compactKeepsRecentTurns(c *checkkit.C) {
	checkkit.Scenarios(c, compactCases, func(cc compactCase) {
		noteKeepZero(c, cc)
		model := lab.NewScriptedModel(lab.Say(cc.summary))
		got := S.Compact(c.Record("Compact asks for a summary").Model(model), conversation(cc.turns...), cc.keep)
		_, newer := olderAndNewer(cc.turns, cc.keep)
		want := append([]lab.Message{lab.User(summaryPrefix + cc.summary)}, newer...)
		kept := fmt.Sprintf("then the turns it keeps (the newest %d), unchanged", cc.keep)
		if cc.keep == 0 {
			kept = "and nothing after it: every turn went into the summary"
		}
		if !checkkit.SameMessages(c, fmt.Sprintf("Compact keeping %s should return one user message, SummaryPrefix "+
			"followed by the model's summary, %s.", keeping(cc.keep), kept), want, got, 0) {
			checkkit.LogConversation(c, "What Compact returned", got)
			return
		}
		if problems := lab.Validate(got); len(problems) > 0 {
			c.Errorf("Compact returned a list a provider would refuse: %s.", problems[0])
		}
	})
}

// refusingModel refuses every request, as a provider does when it is down,
// and counts them.
type refusingModel struct{ asked int }

// Complete refuses the request.
func (m *refusingModel) Complete(string, []lab.Message, []lab.Spec) lab.Message {
	m.asked++
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: "529 overloaded: try again later"}
}

func compactShortListUnchanged(c *checkkit.C) {
	checkkit.Scenarios(c, compactCases, func(cc compactCase) {
		noteKeepZero(c, cc)
		short := cc.turns[len(cc.turns)-cc.keep:]
		model := lab.NewScriptedModel(lab.Say(cc.summary))
		got := S.Compact(c.Record("Compact, given nothing older to summarize").Model(model), conversation(short...), cc.keep)
		given := "only " + checkkit.Plural(len(short), "turn")
		if len(short) == 0 {
			given = "an empty list"
		}
		if model.Asked() != 0 {
			c.Errorf("Compact keeping %s, given %s, has nothing older to summarize and should not ask the "+
				"model; it asked %s.", keeping(cc.keep), given, checkkit.Times(model.Asked()))
			return
		}
		if !checkkit.SameMessages(c, fmt.Sprintf("Compact keeping %s, given %s, should return the list as it was.",
			keeping(cc.keep), given), conversation(short...), got, 0) {
			return
		}
		refusing := &refusingModel{}
		got = S.Compact(c.Record("Compact, when the model refuses").Model(refusing), conversation(cc.turns...), cc.keep)
		if !checkkit.SameMessages(c, fmt.Sprintf("Compact keeping %s of %s, when the model refuses the summary "+
			"request (529 overloaded), should return the whole list as it was: a summary that never came must not "+
			"cost the older turns.", keeping(cc.keep), checkkit.Plural(len(cc.turns), "turn")),
			conversation(cc.turns...), got, 0) {
			checkkit.LogConversation(c, "What Compact returned", got)
		}
	})
}

func compactLeavesCallerList(c *checkkit.C) {
	checkkit.Scenarios(c, compactCases, func(cc compactCase) {
		noteKeepZero(c, cc)
		messages := conversation(cc.turns...)
		pristine := conversation(cc.turns...)
		got := S.Compact(c.Record("Compact asks for a summary").Model(lab.NewScriptedModel(lab.Say(cc.summary))), messages, cc.keep)
		if !sameAsBefore(c, "Compact", pristine, messages) || !notShared(c, "Compact", pristine, messages, got) {
			return
		}
		short := conversation(cc.turns[len(cc.turns)-cc.keep:]...)
		got = S.Compact(c.Record("Compact, given nothing older to summarize").Model(lab.NewScriptedModel(lab.Say(cc.summary))), short, cc.keep)
		if !notShared(c, "Compact (given a list with nothing to summarize)", conversation(cc.turns[len(cc.turns)-cc.keep:]...), short, got) {
			return
		}
		got = S.Compact(c.Record("Compact, when the model refuses").Model(&refusingModel{}), messages, cc.keep)
		notShared(c, "Compact (when the model refused the summary request)", pristine, messages, got)
	})
}
