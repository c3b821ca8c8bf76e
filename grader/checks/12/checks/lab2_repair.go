package checks

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/12/play"
	"harnesslab/lab"
)

// Lab 2: repair what arrives broken.

// interruption is the result repair writes for a call that never got one.
func interruption(id string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: interrupted, IsError: true}
}

// repairCase is one broken list, in words and as messages.
type repairCase = play.RepairCase

// judgeRepairs compares, list by list, what the student's Repair returned
// with the reference's; checks that the list it was handed is as it was, and
// that the list returned passes lab.Validate.
func judgeRepairs(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, func(rc play.RepairCase, got, want play.Returned) bool {
		if problems := lab.Validate(want.Result); len(problems) > 0 {
			c.KitFatalf("the reference's Repair, given a list where %s, returned a list a provider would refuse: %s", rc.What, problems[0])
		}
		if lab.Validate(rc.Broken) == nil && len(checkkit.Differences(rc.Broken, want.Result, checkkit.AsSent...)) > 0 {
			c.KitFatalf("the reference's Repair changed a list that was valid already: %s", rc.What)
		}
		if !sameAsBefore(c, "Repair", rc.Broken, got.Handed) {
			return false
		}
		if !checkkit.SameMessages(c, fmt.Sprintf("Repair, given a list where %s, should return every other message "+
			"in its place and each call followed by exactly one result, in call order.", rc.What), want.Result, got.Result, 0) {
			checkkit.LogConversation(c, "The list handed to Repair", rc.Broken)
			checkkit.LogConversation(c, "What Repair returned", got.Result)
			return false
		}
		if problems := lab.Validate(got.Result); len(problems) > 0 {
			c.Errorf("Repair, given a list where %s, returned a list a provider would refuse: %s.", rc.What, problems[0])
			return false
		}
		if rc.Alias {
			return notShared(c, "Repair (given a list with nothing to repair)", rc.Broken, got.AfterChange)
		}
		return true
	})
}

// repairSets makes a repair check's scenario: for each data set of turns,
// the broken lists build makes of them.
func repairSets(sets []checkkit.Data[[]turn], build func(turns []turn) []repairCase) []checkkit.Data[[]repairCase] {
	out := make([]checkkit.Data[[]repairCase], len(sets))
	for k, set := range sets {
		out[k] = checkkit.Data[[]repairCase]{Name: set.Name, Data: build(set.Data)}
	}
	return out
}

// The turns the fixed repair cases are built from.
var (
	adaTurn  = turn{question: "Hi, I'm Ada.", answer: "Hello Ada!"}
	portTurn = turn{question: "What port does config.py set?", answer: "9090.",
		calls: []call{{"c1", "config.py", "PORT = 9090\n"}}}
	pairTurn = turn{question: "Compare a.txt and b.txt.", answer: "a has 1, b has 22.",
		calls: []call{{"c2", "a.txt", "x = 1\n"}, {"c3", "b.txt", "x = 22\n"}}}
	graceTurn = turn{question: "I'm Grace.", answer: "Hi Grace."}
	notesTurn = turn{question: "Read notes.md, todo.md and app.toml.", answer: "Three files.",
		calls: []call{{"c7", "notes.md", "ship it\n"}, {"c8", "todo.md", "test it\n"}, {"c9", "app.toml", "port = 7070\n"}}}
)

// without returns messages without the one at index i.
func without(messages []lab.Message, i int) []lab.Message {
	return slices.Delete(lab.CloneMessages(messages), i, i+1)
}

// with returns messages with m inserted at index i.
func with(messages []lab.Message, i int, m lab.Message) []lab.Message {
	return slices.Insert(lab.CloneMessages(messages), i, m)
}

// replaced returns messages with the one at index i replaced by m.
func replaced(messages []lab.Message, i int, m lab.Message) []lab.Message {
	out := lab.CloneMessages(messages)
	out[i] = m
	return out
}

// moved returns messages with the one at index from moved to index to (an
// index of the list without it).
func moved(messages []lab.Message, from, to int) []lab.Message {
	m := messages[from]
	return with(without(messages, from), to, m)
}

func repairValidScenario() any {
	var out []checkkit.Data[[]repairCase]
	for _, seed := range []uint64{12, 2024} {
		rng := rand.New(rand.NewPCG(seed, 1))
		cases := []repairCase{{What: "nothing is broken (an empty list)"}}
		for n := 1; n <= 6; n++ {
			cases = append(cases, repairCase{What: "nothing is broken", Broken: conversation(randomTurns(rng, n)...)})
		}
		cases = append(cases, repairCase{What: "nothing is broken", Broken: conversation(randomTurns(rng, 3)...), Alias: true})
		out = append(out, checkkit.Data[[]repairCase]{Name: fmt.Sprintf("valid conversations drawn with seed %d", seed), Data: cases})
	}
	return out
}

func repairMissingScenario() any {
	return repairSets([]checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn}},
	}, func(turns []turn) []repairCase {
		whole := conversation(turns...)
		var cases []repairCase
		for i, m := range whole {
			if m.Role == lab.RoleToolResult {
				cases = append(cases, repairCase{
					What:   fmt.Sprintf("the result for %s is missing", m.ToolCallID),
					Broken: without(whole, i),
				})
			}
		}
		// The run stopped right after the model asked: the newest reply's
		// calls have no results at all.
		last := whole[:len(whole)-1]
		for last[len(last)-1].Role == lab.RoleToolResult {
			last = last[:len(last)-1]
		}
		cases = append(cases, repairCase{What: "the list ends with a reply whose calls have no results", Broken: last})
		return cases
	})
}

func repairStraysScenario() any {
	return repairSets([]checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn}},
	}, func(turns []turn) []repairCase {
		whole := conversation(turns...)
		orphan := checkkit.Result("x1", "read", "a result from a conversation long gone\n")
		var cases []repairCase
		cases = append(cases,
			repairCase{What: "it opens with a result that answers no call", Broken: with(whole, 0, orphan)},
			repairCase{What: "a result answers a call that is not in the list", Broken: with(whole, len(whole)-1, orphan)},
		)
		for i, m := range whole {
			if m.Role == lab.RoleToolResult {
				cases = append(cases,
					repairCase{What: fmt.Sprintf("the result for %s comes twice in a row", m.ToolCallID),
						Broken: with(whole, i, m)},
					repairCase{What: fmt.Sprintf("the result for %s comes again at the end", m.ToolCallID),
						Broken: append(lab.CloneMessages(whole), m)})
			}
		}
		return cases
	})
}

func repairLateScenario() any {
	return repairSets([]checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn, graceTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn, adaTurn}},
	}, func(turns []turn) []repairCase {
		whole := conversation(turns...)
		var cases []repairCase
		for i, m := range whole {
			if m.Role != lab.RoleToolResult {
				continue
			}
			cases = append(cases,
				repairCase{What: fmt.Sprintf("the result for %s comes late, after the next question", m.ToolCallID),
					Broken: moved(whole, i, len(whole)-2)},
				repairCase{What: fmt.Sprintf("the result for %s comes before the reply that made the call", m.ToolCallID),
					Broken: moved(whole, i, 0)})
			// Two different results for the call: one saved before the call
			// was made, the real one late. The one after the call wins.
			stale := m
			stale.Content = "a result saved before this call was made\n"
			cases = append(cases, repairCase{
				What: fmt.Sprintf("the result for %s comes late, after the next question, and a different result for %s "+
					"comes before the reply that made the call (the one after the call should win)", m.ToolCallID, m.ToolCallID),
				Broken: with(moved(whole, i, len(whole)-2), 0, stale)})
			if i+1 < len(whole) && whole[i+1].Role == lab.RoleToolResult {
				cases = append(cases, repairCase{
					What:   fmt.Sprintf("the results for %s and %s are swapped", m.ToolCallID, whole[i+1].ToolCallID),
					Broken: moved(whole, i, i+1)})
			}
		}
		return cases
	})
}

func repairRealScenario() any {
	return repairSets([]checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn, graceTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn, adaTurn}},
	}, func(turns []turn) []repairCase {
		whole := conversation(turns...)
		var cases []repairCase
		for i, m := range whole {
			if m.Role != lab.RoleToolResult {
				continue
			}
			// An earlier repair wrote an interruption; the real result
			// arrived afterwards, late.
			broken := with(replaced(whole, i, interruption(m.ToolCallID)), len(whole)-1, m)
			cases = append(cases, repairCase{
				What:   fmt.Sprintf("%s is answered by an interruption right after the call and by its real result later", m.ToolCallID),
				Broken: broken})
			// The real result came first, even before the call; an
			// interruption sits right after the call. A real result wins
			// wherever it is.
			cases = append(cases, repairCase{
				What: fmt.Sprintf("%s is answered by an interruption right after the call and by its real result earlier, "+
					"before the reply that made the call", m.ToolCallID),
				Broken: with(replaced(whole, i, interruption(m.ToolCallID)), 0, m)})
		}
		return cases
	})
}
