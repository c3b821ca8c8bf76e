package checks

import (
	"fmt"
	"math/rand/v2"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The conversations the checks hand the student's code, built from the kit's
// own constructors.

// turn is one exchange: a question, then the calls the model made (if any),
// each with its result, and the model's answer.
type turn struct {
	question string
	calls    []call // made together, in one reply
	answer   string
}

// call is one call of a turn and what its tool returned.
type call struct {
	id, path, content string
}

// messages returns the turn as the messages a harness would have kept.
func (t turn) messages() []lab.Message {
	out := []lab.Message{lab.User(t.question)}
	if len(t.calls) > 0 {
		blocks := []lab.Block{lab.Text("Let me look.")}
		for _, c := range t.calls {
			blocks = append(blocks, readCall(c.id, c.path))
		}
		out = append(out, lab.Reply(blocks...))
		for _, c := range t.calls {
			out = append(out, checkkit.Result(c.id, "read", c.content))
		}
	}
	return append(out, lab.Say(t.answer))
}

// readCall is a call to the read tool.
func readCall(id, path string) lab.Block {
	return lab.Call("read", lab.Args{"path": path}).WithID(id)
}

// conversation returns the messages of turns, in order.
func conversation(turns ...turn) []lab.Message {
	var out []lab.Message
	for _, t := range turns {
		out = append(out, t.messages()...)
	}
	return out
}

// starts returns the index of every user message of messages.
func starts(messages []lab.Message) []int {
	var out []int
	for i, m := range messages {
		if m.Role == lab.RoleUser {
			out = append(out, i)
		}
	}
	return out
}

// randomTurns returns n turns drawn from rng: plain ones, and ones with one
// to three calls, their ids numbered from c1 on.
func randomTurns(rng *rand.Rand, n int) []turn {
	files := []string{"config.py", "main.go", "notes.md", "Makefile", "app.toml", "README"}
	var out []turn
	id := 0
	for i := range n {
		t := turn{
			question: fmt.Sprintf("Question %d: what does %s say?", i+1, files[rng.IntN(len(files))]),
			answer:   fmt.Sprintf("Answer %d: it says %d.", i+1, rng.IntN(10000)),
		}
		for range rng.IntN(4) {
			id++
			path := files[rng.IntN(len(files))]
			t.calls = append(t.calls, call{id: fmt.Sprintf("c%d", id), path: path,
				content: fmt.Sprintf("PORT = %d\n", 1000+rng.IntN(9000))})
		}
		out = append(out, t)
	}
	return out
}

// sameAsBefore reports a failure unless messages, the list the student's
// code was handed, still equals pristine.
func sameAsBefore(c *checkkit.C, fn string, pristine, messages []lab.Message) bool {
	return checkkit.SameMessages(c, fmt.Sprintf("%s changed the list it was handed: the caller's list should be "+
		"left as it was, because the caller still owns it (make a new list and append to that).", fn),
		pristine, messages, 0)
}

// notShared reports a failure if afterChange, the caller's list after the
// player changed every message fn returned, is no longer pristine: the two
// share their array.
func notShared(c *checkkit.C, fn string, pristine, afterChange []lab.Message) bool {
	return checkkit.SameMessages(c, fmt.Sprintf("%s returned a list that shares its messages with the caller's list: "+
		"after the check changed the list %s returned, the caller's list changed too. Return a new list (for example "+
		"with lab.CloneMessages or append to a nil slice) instead of a slice of the one you were handed.", fn, fn),
		pristine, afterChange, 0)
}
