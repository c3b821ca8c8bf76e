package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
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

// edited is what the check writes over the last message of a request before
// billing it again: long enough to move the bill by a few tokens.
const edited = "[this message was shortened or redacted after it was first billed]"

func billScenario() any {
	ada := turn{question: "Hi, I'm Ada Lovelace — née Byron.", answer: "Nice to meet you, Ada."}
	port := turn{question: "What port does config.py set?", answer: "It sets 9090.",
		calls: []call{{id: "c1", path: "config.py", content: "PORT = 9090\n"}}}
	return sets([]string{"the lesson's requests", "other requests, another system prompt"},
		[]play.Bill{
			{What: "an empty conversation, no tools", System: system},
			{What: "one question, no tools", System: system, Messages: []lab.Message{lab.User("hi")}, Edit: edited},
			{What: "Ada's greeting, with the read tool", System: system, Messages: ada.messages(), Specs: readSpecs(), Edit: edited},
			{What: "a read of config.py, with the read tool", System: system, Messages: conversation(ada, port), Specs: readSpecs(), Edit: edited},
		},
		[]play.Bill{
			{What: "a café question, no tools", System: "Réponds en français.", Messages: []lab.Message{lab.User("Où est le café ? ☕")}, Edit: edited},
			{What: "two reads, with the read tool", System: "Be brief.", Messages: conversation(turn{question: "Compare a.txt and b.txt.",
				answer: "They differ.", calls: []call{{"c7", "a.txt", "x = 1\n"}, {"c8", "b.txt", "x = 22\n"}}}), Specs: readSpecs(), Edit: edited},
		})
}

// judgeBills compares each bill with the reference's, which must be the
// lab's own.
func judgeBills(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(b play.Bill, got, want play.Billed) bool {
		if lab := bill(b.System, b.Messages, b.Specs); want.Tokens != lab {
			c.KitFatalf("the reference billed %s %d tokens; the lab bills it %d", b.What, want.Tokens, lab)
		}
		if got.Tokens != want.Tokens {
			c.Errorf("RequestTokens for %s (system %q, %s) returned %d; the lab bills that request %d tokens. "+
				"The bill is lab.CountTokens of the whole text lab.RenderRequest writes (system prompt, tools and "+
				"messages together, counted once), not a sum of parts each rounded up.",
				b.What, b.System, checkkit.Plural(len(b.Messages), "message"), got.Tokens, want.Tokens)
			return false
		}
		if last := len(b.Messages) - 1; last >= 0 && b.Edit != "" && got.Edited != want.Edited {
			c.Errorf("For %s, the check then changed the content of message %d (as redaction or trimming does) and asked "+
				"again with the same list: RequestTokens returned %d; the list as it is now is billed %d tokens. "+
				"A count kept from an earlier call goes stale as soon as content is edited: work the bill out from the "+
				"list you are given, every time.", b.What, last, got.Edited, want.Edited)
			return false
		}
		return true
	})
}

// trimCase is one conversation to trim, made of turns.
type trimCase struct {
	system string
	turns  []turn
	specs  bool
}

// budgetsOf returns the budgets to trim a conversation to.
type budgetsOf func(system string, messages []lab.Message, specs []lab.Spec) []int

// toTrim is the case the player is handed: tc's conversation, to be trimmed
// to each budget of budgets(messages, specs).
func toTrim(tc trimCase, budgets budgetsOf) play.TrimCase {
	messages := conversation(tc.turns...)
	var specs []lab.Spec
	if tc.specs {
		specs = readSpecs()
	}
	return play.TrimCase{What: checkkit.Plural(len(tc.turns), "turn"), System: tc.system, Messages: messages,
		Specs: specs, Budgets: budgets(tc.system, messages, specs)}
}

// trimSets turns a data set of one conversation each into the scenario.
func trimSets(sets []checkkit.Data[trimCase], budgets budgetsOf) []checkkit.Data[[]play.TrimCase] {
	out := make([]checkkit.Data[[]play.TrimCase], len(sets))
	for k, set := range sets {
		out[k] = checkkit.Data[[]play.TrimCase]{Name: set.Name, Data: []play.TrimCase{toTrim(set.Data, budgets)}}
	}
	return out
}

// judgeTrims compares, budget by budget, the list the student's Trim
// returned with the reference's, and checks that it is one a provider
// accepts, cut where a turn starts.
func judgeTrims(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(tc play.TrimCase, got, want []play.Returned) bool {
		for j, budget := range tc.Budgets {
			if j >= len(got) || j >= len(want) {
				c.Fatalf("your program recorded %d trims for a case of %d budgets: its record was changed", len(got), len(tc.Budgets))
			}
			if !trimAt(c, tc, budget, got[j].Result, want[j].Result) {
				c.Logf("The conversation handed to Trim was %s.", tc.What)
				return false
			}
		}
		return true
	})
}

// trimAt judges one trim of tc's conversation to budget.
func trimAt(c *checkkit.C, tc play.TrimCase, budget int, got, want []lab.Message) bool {
	turns := len(starts(tc.Messages)) > 0
	if problems := lab.Validate(want); len(problems) > 0 || (turns && want[0].Role != lab.RoleUser) {
		c.KitFatalf("the reference's Trim to %d tokens returned a list that is refused or does not start a turn: %v", budget, problems)
	}
	if len(starts(want)) > 1 && bill(tc.System, want, tc.Specs) > budget {
		c.KitFatalf("the reference's Trim to %d tokens kept %s over budget", budget, checkkit.Plural(len(starts(want)), "turn"))
	}
	if problems := lab.Validate(got); len(problems) > 0 {
		checkkit.LogConversation(c, "What Trim returned", got)
		c.Errorf("Trim with a budget of %d tokens returned a list a provider would refuse: %s. Cut only where a user "+
			"message starts a turn, so that every call keeps its result.", budget, problems[0])
		return false
	}
	if turns && len(got) > 0 && got[0].Role != lab.RoleUser {
		checkkit.LogConversation(c, "What Trim returned", got)
		c.Errorf("Trim with a budget of %d tokens returned a list that starts with %s message; it should start "+
			"where a turn starts, at a user message. Cut anywhere else and a kept result can lose its call, or a "+
			"kept answer its question.", budget, withArticle(string(got[0].Role)))
		return false
	}
	first := len(tc.Messages) - len(want)
	sentence := fmt.Sprintf("Trim with a budget of %d tokens, for a conversation of %s (%d tokens in all), should "+
		"keep the newest whole turns whose request is billed %d tokens or less (or the newest turn alone if even it is "+
		"over): messages %d to %d.", budget, checkkit.Plural(len(tc.Messages), "message"), bill(tc.System, tc.Messages, tc.Specs),
		budget, first, len(tc.Messages)-1)
	if !checkkit.SameMessages(c, sentence, want, got, first) {
		checkkit.LogConversation(c, "The conversation handed to Trim", tc.Messages)
		return false
	}
	return true
}

// edgeBudgets returns, for each turn start, the bill of the list from there
// and one token less: the budgets where an off-by-one shows.
func edgeBudgets(system string, messages []lab.Message, specs []lab.Spec) []int {
	var out []int
	for _, s := range starts(messages) {
		b := bill(system, messages[s:], specs)
		out = append(out, b, b-1)
	}
	return append(out, bill(system, messages, specs)+50)
}

func trimFitsScenario() any {
	return trimSets([]checkkit.Data[trimCase]{
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
	}, edgeBudgets)
}

func trimCallsScenario() any {
	return trimSets([]checkkit.Data[trimCase]{
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
	}, func(system string, messages []lab.Message, specs []lab.Spec) []int {
		var out []int
		for budget := bill(system, messages, specs); budget >= 0; budget -= 3 {
			out = append(out, budget)
		}
		return out
	})
}

func trimNewestScenario() any {
	return trimSets([]checkkit.Data[trimCase]{
		{Name: "a budget smaller than the newest turn", Data: trimCase{system: system, specs: true, turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "Read main.go.", answer: "It prints hello.", calls: []call{{"c1", "main.go", "package main\n\nfunc main() { println(\"hello\") }\n"}}},
		}}},
		{Name: "another conversation, a budget of 0", Data: trimCase{system: "Be brief.", turns: []turn{
			{question: "I'm Grace.", answer: "Hi Grace."},
			{question: "What's 6 times 7?", answer: "42."},
			{question: "And 6 times 9?", answer: "54."},
		}}},
	}, func(system string, messages []lab.Message, specs []lab.Spec) []int {
		s := starts(messages)
		return []int{bill(system, messages[s[len(s)-1]:], specs) - 1, 10, 0}
	})
}

func trimCallerScenario() any {
	out := trimSets([]checkkit.Data[trimCase]{
		{Name: "turns that read files", Data: trimCase{system: system, specs: true, turns: []turn{
			{question: "Hi, I'm Ada.", answer: "Hello Ada!"},
			{question: "What port does config.py set?", answer: "9090.", calls: []call{{"c1", "config.py", "PORT = 9090\n"}}},
			{question: "Thanks.", answer: "You're welcome."},
		}}},
		{Name: "other turns", Data: trimCase{system: system, specs: true, turns: []turn{
			{question: "I'm Grace.", answer: "Hi Grace."},
			{question: "Read a.txt.", answer: "x is 1.", calls: []call{{"c5", "a.txt", "x = 1\n"}}},
		}}},
	}, func(system string, messages []lab.Message, specs []lab.Spec) []int {
		return []int{bill(system, messages[starts(messages)[1]:], specs)}
	})
	for k := range out {
		out[k].Data[0].Alias = true
	}
	return out
}

// judgeTrimCaller checks that Trim left the caller's list as it was and
// returned a list of its own.
func judgeTrimCaller(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(tc play.TrimCase, got, want []play.Returned) bool {
		if len(got) != len(tc.Budgets) {
			c.Fatalf("your program recorded %d trims for a case of %d budgets: its record was changed", len(got), len(tc.Budgets))
		}
		for _, r := range got {
			if !sameAsBefore(c, "Trim", tc.Messages, r.Handed) || !notShared(c, "Trim", tc.Messages, r.AfterChange) {
				return false
			}
		}
		return true
	})
}

// withArticle puts "a" or "an" before word.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
