package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: fit the budget. The bill of a request, and trimming by whole turns.

// bill is what the lab bills a request: the whole rendered text, counted once.
func bill(system string, messages []lab.Message, specs []lab.Spec) int {
	return lab.CountTokens(lab.RenderRequest(system, messages, specs))
}

// readSpecs are the specs of the kit's read tool.
func readSpecs() []lab.Spec {
	return checkkit.SpecsOf([]lab.Tool{checkkit.ReadTool(lab.NewWorkspace(nil))})
}

// billCase is one request to price.
type billCase struct {
	name     string
	system   string
	messages []lab.Message
	specs    []lab.Spec
}

func requestBilledWhole(c *checkkit.C) {
	ada := turn{question: "Hi, I'm Ada Lovelace — née Byron.", answer: "Nice to meet you, Ada."}
	port := turn{question: "What port does config.py set?", answer: "It sets 9090.",
		calls: []call{{id: "c1", path: "config.py", content: "PORT = 9090\n"}}}
	checkkit.Scenarios(c, []checkkit.Data[[]billCase]{
		{Name: "the lesson's requests", Data: []billCase{
			{"an empty conversation, no tools", system, nil, nil},
			{"one question, no tools", system, lab.CloneMessages([]lab.Message{lab.User("hi")}), nil},
			{"Ada's greeting, with the read tool", system, ada.messages(), readSpecs()},
			{"a read of config.py, with the read tool", system, conversation(ada, port), readSpecs()},
		}},
		{Name: "other requests, another system prompt", Data: []billCase{
			{"a café question, no tools", "Réponds en français.", []lab.Message{lab.User("Où est le café ? ☕")}, nil},
			{"two reads, with the read tool", "Be brief.", conversation(turn{question: "Compare a.txt and b.txt.",
				answer: "They differ.", calls: []call{{"c7", "a.txt", "x = 1\n"}, {"c8", "b.txt", "x = 22\n"}}}), readSpecs()},
		}},
	}, func(cases []billCase) {
		for _, bc := range cases {
			pristine := lab.CloneMessages(bc.messages)
			got := S.RequestTokens(bc.system, bc.messages, bc.specs)
			want := bill(bc.system, pristine, readSpecsIf(bc.specs))
			if got != want {
				c.Errorf("RequestTokens for %s (system %q, %s) returned %d; the lab bills that request %d tokens. "+
					"The bill is lab.CountTokens of the whole text lab.RenderRequest writes (system prompt, tools and "+
					"messages together, counted once), not a sum of parts each rounded up.",
					bc.name, bc.system, checkkit.Plural(len(bc.messages), "message"), got, want)
				return
			}
			if len(bc.messages) > 0 && !billsEditedList(c, bc) {
				return
			}
		}
	})
}

// edited is what the check writes over the last message of a request before
// billing it again: long enough to move the bill by a few tokens.
const edited = "[this message was shortened or redacted after it was first billed]"

// billsEditedList edits the content of the last message of bc in place, the
// way redaction or trimming does, and bills the same list again. A count
// kept from the first call (a memo keyed by the number of messages, say) is
// stale now. It reports whether the bill was right.
func billsEditedList(c *checkkit.C, bc billCase) bool {
	last := len(bc.messages) - 1
	bc.messages[last].Content = edited
	pristine := lab.CloneMessages(bc.messages)
	got := S.RequestTokens(bc.system, bc.messages, bc.specs)
	want := bill(bc.system, pristine, readSpecsIf(bc.specs))
	if got != want {
		c.Errorf("For %s, the check then changed the content of message %d (as redaction or trimming does) and asked "+
			"again with the same list: RequestTokens returned %d; the list as it is now is billed %d tokens. "+
			"A count kept from an earlier call goes stale as soon as content is edited: work the bill out from the "+
			"list you are given, every time.", bc.name, last, got, want)
		return false
	}
	return true
}

// readSpecsIf returns fresh read specs when specs holds some, so the bill is
// worked out from the kit's own specs rather than what the student was given.
func readSpecsIf(specs []lab.Spec) []lab.Spec {
	if len(specs) == 0 {
		return nil
	}
	return readSpecs()
}

// trimCase is one list to trim and the budgets to trim it to.
type trimCase struct {
	system string
	turns  []turn
	specs  bool
}

// wantTrim is the kit's own trim: the newest whole turns that fit, or the
// newest turn alone.
func wantTrim(system string, messages []lab.Message, specs []lab.Spec, budget int) []lab.Message {
	s := starts(messages)
	if len(s) == 0 {
		return lab.CloneMessages(messages)
	}
	for _, start := range s {
		if bill(system, messages[start:], specs) <= budget {
			return lab.CloneMessages(messages[start:])
		}
	}
	return lab.CloneMessages(messages[s[len(s)-1]:])
}

// trimAt runs the student's Trim once and compares the whole list returned.
func trimAt(c *checkkit.C, tc trimCase, budget int) bool {
	messages := conversation(tc.turns...)
	var specs []lab.Spec
	if tc.specs {
		specs = readSpecs()
	}
	got := S.Trim(tc.system, messages, specs, budget)
	fresh := conversation(tc.turns...)
	var freshSpecs []lab.Spec
	if tc.specs {
		freshSpecs = readSpecs()
	}
	want := wantTrim(tc.system, fresh, freshSpecs, budget)
	if problems := lab.Validate(got); len(problems) > 0 {
		checkkit.LogConversation(c, "What Trim returned", got)
		c.Errorf("Trim with a budget of %d tokens returned a list a provider would refuse: %s. Cut only where a user "+
			"message starts a turn, so that every call keeps its result.", budget, problems[0])
		return false
	}
	if len(got) > 0 && got[0].Role != lab.RoleUser {
		checkkit.LogConversation(c, "What Trim returned", got)
		c.Errorf("Trim with a budget of %d tokens returned a list that starts with a %s message; it should start "+
			"where a turn starts, at a user message. Cut anywhere else and a kept result can lose its call, or a "+
			"kept answer its question.", budget, got[0].Role)
		return false
	}
	first := len(fresh) - len(want)
	sentence := fmt.Sprintf("Trim with a budget of %d tokens, for a conversation of %s (%d tokens in all), should "+
		"keep the newest whole turns whose request is billed %d tokens or less (or the newest turn alone if even it is "+
		"over): messages %d to %d.", budget, checkkit.Plural(len(fresh), "message"), bill(tc.system, fresh, freshSpecs),
		budget, first, len(fresh)-1)
	if !checkkit.SameMessages(c, sentence, want, got, first) {
		checkkit.LogConversation(c, "The conversation handed to Trim", fresh)
		return false
	}
	return true
}

// edgeBudgets returns, for each turn start, the bill of the list from there
// and one token less: the budgets where an off-by-one shows.
func edgeBudgets(tc trimCase) []int {
	messages := conversation(tc.turns...)
	var specs []lab.Spec
	if tc.specs {
		specs = readSpecs()
	}
	var out []int
	for _, s := range starts(messages) {
		b := bill(tc.system, messages[s:], specs)
		out = append(out, b, b-1)
	}
	return append(out, bill(tc.system, messages, specs)+50)
}

func trimFitsBudget(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[trimCase]{
		{Name: "five plain turns, no tools", Data: trimCase{system: system, turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "I like Go.", answer: "Go is a fine language."},
			{question: "What is a goroutine?", answer: "A function running alongside others, cheaply."},
			{question: "And a channel?", answer: "A typed pipe between goroutines."},
			{question: "Thanks.", answer: "You're welcome."},
		}}},
		{Name: "four other turns, with the read tool and another system prompt", Data: trimCase{system: "Be brief.", specs: true, turns: []turn{
			{question: "My name is Grace.", answer: "Hi Grace."},
			{question: "I work on compilers.", answer: "Nice."},
			{question: "What's new?", answer: "Not much; ask me something."},
			{question: "Bye.", answer: "Bye, Grace."},
		}}},
	}, func(tc trimCase) {
		for _, budget := range edgeBudgets(tc) {
			if !trimAt(c, tc, budget) {
				return
			}
		}
	})
}

func trimKeepsCallsWithResults(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[trimCase]{
		{Name: "turns that read files", Data: trimCase{system: system, specs: true, turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "What port does config.py set?", answer: "9090.", calls: []call{{"c1", "config.py", "PORT = 9090\n"}}},
			{question: "Compare a.txt and b.txt.", answer: "a has 1, b has 22.",
				calls: []call{{"c2", "a.txt", "x = 1\n"}, {"c3", "b.txt", "x = 22\n"}}},
			{question: "And the Makefile?", answer: "It builds with go build.", calls: []call{{"c4", "Makefile", "all:\n\tgo build\n"}}},
		}}},
		{Name: "other turns, other files", Data: trimCase{system: "Answer in one line.", specs: true, turns: []turn{
			{question: "Read notes.md and todo.md.", answer: "Two notes.",
				calls: []call{{"c1", "notes.md", "ship it\n"}, {"c2", "todo.md", "test it\n"}}},
			{question: "What's in app.toml?", answer: "A port.", calls: []call{{"c3", "app.toml", "port = 7070\n"}}},
			{question: "Thanks.", answer: "Any time."},
		}}},
	}, func(tc trimCase) {
		messages := conversation(tc.turns...)
		total := bill(tc.system, messages, readSpecs())
		for budget := total; budget >= 0; budget -= 3 {
			if !trimAt(c, tc, budget) {
				return
			}
		}
	})
}

func trimKeepsNewestTurn(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[trimCase]{
		{Name: "a budget smaller than the newest turn", Data: trimCase{system: system, specs: true, turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "Read main.go.", answer: "It prints hello.", calls: []call{{"c1", "main.go", "package main\n\nfunc main() { println(\"hello\") }\n"}}},
		}}},
		{Name: "another conversation, a budget of 0", Data: trimCase{system: "Be brief.", turns: []turn{
			{question: "I'm Grace.", answer: "Hi Grace."},
			{question: "What's 6 times 7?", answer: "42."},
			{question: "And 6 times 9?", answer: "54."},
		}}},
	}, func(tc trimCase) {
		messages := conversation(tc.turns...)
		s := starts(messages)
		var specs []lab.Spec
		if tc.specs {
			specs = readSpecs()
		}
		for _, budget := range []int{bill(tc.system, messages[s[len(s)-1]:], specs) - 1, 10, 0} {
			if !trimAt(c, tc, budget) {
				return
			}
		}
	})
}

func trimLeavesCallerList(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]turn]{
		{Name: "turns that read files", Data: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "What port does config.py set?", answer: "9090.", calls: []call{{"c1", "config.py", "PORT = 9090\n"}}},
			{question: "Thanks.", answer: "You're welcome."},
		}},
		{Name: "other turns", Data: []turn{
			{question: "I'm Grace.", answer: "Hi Grace."},
			{question: "Read a.txt.", answer: "x is 1.", calls: []call{{"c5", "a.txt", "x = 1\n"}}},
		}},
	}, func(turns []turn) {
		messages := conversation(turns...)
		pristine := conversation(turns...)
		specs := readSpecs()
		budget := bill(system, messages[starts(messages)[1]:], specs)
		got := S.Trim(system, messages, specs, budget)
		if !sameAsBefore(c, "Trim", pristine, messages) {
			return
		}
		notShared(c, "Trim", pristine, messages, got)
	})
}
