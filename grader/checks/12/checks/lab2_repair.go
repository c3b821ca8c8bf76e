package checks

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: repair what arrives broken.

// interruption is the result repair writes for a call that never got one.
func interruption(id string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: interrupted, IsError: true}
}

// repairCase is one broken list and the list it should repair to.
type repairCase struct {
	what   string // what is broken, in words
	broken []lab.Message
	want   []lab.Message
}

// repairOnce runs the student's Repair on a copy of rc.broken and compares
// the whole list returned; then checks that the list it was handed is as it
// was and that the list returned passes lab.Validate.
func repairOnce(c *checkkit.C, rc repairCase) bool {
	handed := lab.CloneMessages(rc.broken)
	got := S.Repair(handed)
	if !sameAsBefore(c, "Repair", rc.broken, handed) {
		return false
	}
	if !checkkit.SameMessages(c, fmt.Sprintf("Repair, given a list where %s, should return every other message "+
		"in its place and each call followed by exactly one result, in call order.", rc.what), rc.want, got, 0) {
		checkkit.LogConversation(c, "The list handed to Repair", rc.broken)
		checkkit.LogConversation(c, "What Repair returned", got)
		return false
	}
	if problems := lab.Validate(got); len(problems) > 0 {
		c.Errorf("Repair, given a list where %s, returned a list a provider would refuse: %s.", rc.what, problems[0])
		return false
	}
	return true
}

// repairAll runs repairOnce on each case, stopping at the first failure.
func repairAll(c *checkkit.C, cases []repairCase) {
	repairAllOK(c, cases)
}

// repairAllOK is repairAll, reporting whether every case passed.
func repairAllOK(c *checkkit.C, cases []repairCase) bool {
	for _, rc := range cases {
		if !repairOnce(c, rc) {
			return false
		}
	}
	return true
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

func repairKeepsValidLists(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[uint64]{
		{Name: "valid conversations drawn with seed 12", Data: 12},
		{Name: "valid conversations drawn with seed 2024", Data: 2024},
	}, func(seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 1))
		cases := []repairCase{{what: "nothing is broken (an empty list)", broken: nil, want: nil}}
		for n := 1; n <= 6; n++ {
			messages := conversation(randomTurns(rng, n)...)
			cases = append(cases, repairCase{what: "nothing is broken", broken: messages, want: lab.CloneMessages(messages)})
		}
		if !repairAllOK(c, cases) {
			return
		}
		messages := conversation(randomTurns(rng, 3)...)
		pristine := lab.CloneMessages(messages)
		notShared(c, "Repair (given a list with nothing to repair)", pristine, messages, S.Repair(messages))
	})
}

func repairInterruptsMissing(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn}},
	}, func(turns []turn) {
		whole := conversation(turns...)
		var cases []repairCase
		for i, m := range whole {
			if m.Role == lab.RoleToolResult {
				cases = append(cases, repairCase{
					what:   fmt.Sprintf("the result for %s is missing", m.ToolCallID),
					broken: without(whole, i),
					want:   replaced(whole, i, interruption(m.ToolCallID)),
				})
			}
		}
		// The run stopped right after the model asked: the newest reply's
		// calls have no results at all.
		last := whole[:len(whole)-1]
		for last[len(last)-1].Role == lab.RoleToolResult {
			last = last[:len(last)-1]
		}
		want := lab.CloneMessages(last)
		for _, b := range last[len(last)-1].Blocks {
			if b.Type == lab.ToolCallBlock {
				want = append(want, interruption(b.ID))
			}
		}
		cases = append(cases, repairCase{what: "the list ends with a reply whose calls have no results", broken: last, want: want})
		repairAll(c, cases)
	})
}

func repairDropsStrays(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn}},
	}, func(turns []turn) {
		whole := conversation(turns...)
		orphan := checkkit.Result("x1", "read", "a result from a conversation long gone\n")
		var cases []repairCase
		cases = append(cases,
			repairCase{what: "it opens with a result that answers no call", broken: with(whole, 0, orphan), want: whole},
			repairCase{what: "a result answers a call that is not in the list", broken: with(whole, len(whole)-1, orphan), want: whole},
		)
		for i, m := range whole {
			if m.Role == lab.RoleToolResult {
				cases = append(cases,
					repairCase{what: fmt.Sprintf("the result for %s comes twice in a row", m.ToolCallID),
						broken: with(whole, i, m), want: whole},
					repairCase{what: fmt.Sprintf("the result for %s comes again at the end", m.ToolCallID),
						broken: append(lab.CloneMessages(whole), m), want: whole})
			}
		}
		repairAll(c, cases)
	})
}

func repairMovesLateResults(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn, graceTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn, adaTurn}},
	}, func(turns []turn) {
		whole := conversation(turns...)
		var cases []repairCase
		for i, m := range whole {
			if m.Role != lab.RoleToolResult {
				continue
			}
			cases = append(cases,
				repairCase{what: fmt.Sprintf("the result for %s comes late, after the next question", m.ToolCallID),
					broken: moved(whole, i, len(whole)-2), want: whole},
				repairCase{what: fmt.Sprintf("the result for %s comes before the reply that made the call", m.ToolCallID),
					broken: moved(whole, i, 0), want: whole})
			// Two different results for the call: one saved before the call
			// was made, the real one late. The one after the call wins.
			stale := m
			stale.Content = "a result saved before this call was made\n"
			cases = append(cases, repairCase{
				what: fmt.Sprintf("the result for %s comes late, after the next question, and a different result for %s "+
					"comes before the reply that made the call (the one after the call should win)", m.ToolCallID, m.ToolCallID),
				broken: with(moved(whole, i, len(whole)-2), 0, stale), want: whole})
			if i+1 < len(whole) && whole[i+1].Role == lab.RoleToolResult {
				cases = append(cases, repairCase{
					what:   fmt.Sprintf("the results for %s and %s are swapped", m.ToolCallID, whole[i+1].ToolCallID),
					broken: moved(whole, i, i+1), want: whole})
			}
		}
		repairAll(c, cases)
	})
}

func repairPrefersRealResult(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]turn]{
		{Name: "Ada's conversation", Data: []turn{adaTurn, portTurn, pairTurn, graceTurn}},
		{Name: "Grace's conversation", Data: []turn{graceTurn, notesTurn, adaTurn}},
	}, func(turns []turn) {
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
				what:   fmt.Sprintf("%s is answered by an interruption right after the call and by its real result later", m.ToolCallID),
				broken: broken, want: whole})
			// The real result came first, even before the call; an
			// interruption sits right after the call. A real result wins
			// wherever it is.
			cases = append(cases, repairCase{
				what: fmt.Sprintf("%s is answered by an interruption right after the call and by its real result earlier, "+
					"before the reply that made the call", m.ToolCallID),
				broken: with(replaced(whole, i, interruption(m.ToolCallID)), 0, m), want: whole})
		}
		repairAll(c, cases)
	})
}
