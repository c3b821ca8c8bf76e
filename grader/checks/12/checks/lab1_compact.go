package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
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
	if keep <= 0 {
		return "no turn (summarizing everything)"
	}
	return checkkit.Plural(keep, "turn")
}

// compactSets makes the scenario of a compaction check: for each of
// compactCases, the cases cases returns.
func compactSets(cases func(cc compactCase) []play.CompactCase) []checkkit.Data[[]play.CompactCase] {
	out := make([]checkkit.Data[[]play.CompactCase], len(compactCases))
	for k, set := range compactCases {
		out[k] = checkkit.Data[[]play.CompactCase]{Name: set.Name, Data: cases(set.Data)}
	}
	return out
}

// The kinds of compaction case a check plays: the whole conversation with a
// model that writes the summary, only the turns to keep, and the whole
// conversation with a model that refuses.
const (
	whole   = "the whole conversation"
	short   = "nothing older to summarize"
	refused = "the model refuses"
)

// compactOf is the case of kind for cc, the model answering with replies.
func compactOf(cc compactCase, kind string, replies ...lab.Message) play.CompactCase {
	turns := cc.turns
	if kind == short {
		turns = turns[len(turns)-cc.keep:]
	}
	return play.CompactCase{What: kind, Messages: conversation(turns...), Keep: cc.keep, Replies: replies, Refuse: kind == refused}
}

func compactAskScenario() any {
	return compactSets(func(cc compactCase) []play.CompactCase {
		return []play.CompactCase{compactOf(cc, whole, lab.Say(cc.summary), lab.Say("A second summary nobody asked for."))}
	})
}

func compactKeepScenario() any {
	return compactSets(func(cc compactCase) []play.CompactCase {
		return []play.CompactCase{compactOf(cc, whole, lab.Say(cc.summary))}
	})
}

func compactShortScenario() any {
	return compactSets(func(cc compactCase) []play.CompactCase {
		return []play.CompactCase{compactOf(cc, short, lab.Say(cc.summary)), compactOf(cc, refused)}
	})
}

func compactCallerScenario() any {
	return compactSets(func(cc compactCase) []play.CompactCase {
		out := []play.CompactCase{compactOf(cc, whole, lab.Say(cc.summary)), compactOf(cc, short, lab.Say(cc.summary)), compactOf(cc, refused)}
		for i := range out {
			out[i].Alias = true
		}
		return out
	})
}

// turnsOf counts the turns of messages.
func turnsOf(messages []lab.Message) int { return len(starts(messages)) }

// noteKeep says, shown only if the check fails, that this run calls Compact
// with keep 0 or less: a panic here is a cut that assumed a turn is kept.
func noteKeep(c *checkkit.C, keep int) {
	if keep <= 0 {
		c.Logf("This run calls Compact with keep = %d: no turn is kept, every turn goes into the summary.", keep)
	}
}

func judgeCompactAsks(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(cc play.CompactCase, got, want play.Compacted) bool {
		noteKeep(c, cc.Keep)
		return compactAsked(c, cc, got, want)
	})
}

// compactAsked compares the requests the student's Compact sent with the
// reference's.
func compactAsked(c *checkkit.C, cc play.CompactCase, got, want play.Compacted) bool {
	n := turnsOf(cc.Messages)
	for _, r := range got.Refusals {
		c.Logf("the model refused a request, as a provider would: %s", r)
	}
	if got.Asked != want.Asked {
		if want.Asked == 0 {
			c.Errorf("Compact keeping %s, given %s, has nothing older to summarize and should not ask the "+
				"model; it asked %s.", keeping(cc.Keep), given(n), checkkit.Times(got.Asked))
		} else {
			c.Errorf("Compact keeping %s of %s should ask the model for a summary %s; it asked %s.",
				keeping(cc.Keep), checkkit.Plural(n, "turn"), checkkit.Times(want.Asked), checkkit.Times(got.Asked))
		}
		return false
	}
	if want.Asked == 0 || len(got.Requests) == 0 || len(want.Requests) == 0 {
		return true
	}
	older := n - max(cc.Keep, 0)
	asked := fmt.Sprintf("the messages of the %s before them", checkkit.Plural(older, "older turn"))
	if cc.Keep <= 0 {
		asked = fmt.Sprintf("every message of the %s", checkkit.Plural(n, "turn"))
	}
	if !c.Equal(fmt.Sprintf("Compact keeping %s should ask for the summary with SummaryPrompt as the system "+
		"prompt, no tools, and %s, then a user message saying SummaryAsk.", keeping(cc.Keep), asked), want.Requests[0], got.Requests[0]) {
		checkkit.LogConversation(c, "The request Compact sent", got.Requests[0].Messages)
		return false
	}
	return true
}

// given says what Compact was handed, for a failure message.
func given(turns int) string {
	if turns == 0 {
		return "an empty list"
	}
	return "only " + checkkit.Plural(turns, "turn")
}

func judgeCompactKeeps(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(cc play.CompactCase, got, want play.Compacted) bool {
		noteKeep(c, cc.Keep)
		return compactReturned(c, cc, got, want)
	})
}

// compactReturned compares the list the student's Compact returned with the
// reference's.
func compactReturned(c *checkkit.C, cc play.CompactCase, got, want play.Compacted) bool {
	if problems := lab.Validate(want.Result); len(problems) > 0 {
		c.KitFatalf("the reference's Compact returned a list a provider would refuse: %s", problems[0])
	}
	n := turnsOf(cc.Messages)
	var sentence string
	switch {
	case cc.Refuse:
		sentence = fmt.Sprintf("Compact keeping %s of %s, when the model refuses the summary "+
			"request (529 overloaded), should return the whole list as it was: a summary that never came must not "+
			"cost the older turns.", keeping(cc.Keep), checkkit.Plural(n, "turn"))
	case want.Asked == 0:
		sentence = fmt.Sprintf("Compact keeping %s, given %s, should return the list as it was.", keeping(cc.Keep), given(n))
	default:
		kept := fmt.Sprintf("then the turns it keeps (the newest %d), unchanged", cc.Keep)
		if cc.Keep <= 0 {
			kept = "and nothing after it: every turn went into the summary"
		}
		sentence = fmt.Sprintf("Compact keeping %s should return one user message, SummaryPrefix "+
			"followed by the model's summary, %s.", keeping(cc.Keep), kept)
	}
	if !checkkit.SameMessages(c, sentence, want.Result, got.Result, 0) {
		checkkit.LogConversation(c, "What Compact returned", got.Result)
		return false
	}
	if problems := lab.Validate(got.Result); len(problems) > 0 {
		c.Errorf("Compact returned a list a provider would refuse: %s.", problems[0])
		return false
	}
	return true
}

func judgeCompactShort(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(cc play.CompactCase, got, want play.Compacted) bool {
		noteKeep(c, cc.Keep)
		if !cc.Refuse && !compactAsked(c, cc, got, want) {
			return false
		}
		return compactReturned(c, cc, got, want)
	})
}

func judgeCompactCaller(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(cc play.CompactCase, got, want play.Compacted) bool {
		noteKeep(c, cc.Keep)
		fn := "Compact"
		switch cc.What {
		case short:
			fn = "Compact (given a list with nothing to summarize)"
		case refused:
			fn = "Compact (when the model refused the summary request)"
		}
		return sameAsBefore(c, fn, cc.Messages, got.Handed) && notShared(c, fn, cc.Messages, got.AfterChange)
	})
}
