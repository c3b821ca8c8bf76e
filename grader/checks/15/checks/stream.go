package checks

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// Lab 2: show it as it arrives. ShowStream reads a scripted streaming reply
// (lab.Stream); the play's show function notes each text it is given and the
// stream's clock at that moment.

// streamOf is a stream scenario of reply, cut as lab.StreamOf cuts it.
func streamOf(what string, reply lab.Message, size int, gap time.Duration) play.Stream {
	return play.Stream{What: what, Pieces: lab.StreamOf(reply, size, gap).Pieces()}
}

// The streams of the lab.
func portAnswer() play.Stream {
	return streamOf("A streamed answer about the port", lab.Say("The server listens on port 9090, set in config.py."), 6, 10*ms)
}

func cafeAnswer() play.Stream {
	return play.Stream{What: "A streamed answer in uneven pieces", Pieces: []lab.Piece{
		{Kind: lab.TextPiece, Block: 0, Text: "Café ", At: 3 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "Ada", At: 40 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: " opens at ", At: 41 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "8:00 — ", At: 90 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "¡sí!", At: 200 * ms},
	}}
}

func readThenSay() play.Stream {
	return streamOf("Text, a read call in fragments, more text", lab.Reply(
		lab.Text("Let me read the config."),
		lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
		lab.Text(" One moment."),
	), 5, 7*ms)
}

func twoCallsInterleaved() play.Stream {
	return play.Stream{What: "Two calls whose fragments arrive interleaved, after a word of text", Pieces: []lab.Piece{
		{Kind: lab.TextPiece, Block: 0, Text: "Checking", At: 2 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "t8", Name: "lookup", Text: `{"ke`, At: 5 * ms},
		{Kind: lab.CallPiece, Block: 2, ID: "t9", Name: "search", Text: `{"query": "dis`, At: 6 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "t8", Name: "lookup", Text: `y": "port"}`, At: 9 * ms},
		{Kind: lab.CallPiece, Block: 2, ID: "t9", Name: "search", Text: `k full", "limit": 3}`, At: 12 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: " both.", At: 15 * ms},
	}}
}

func callBeforeText() play.Stream {
	return play.Stream{What: "A call whose first fragment arrives before the text of block 0", Pieces: []lab.Piece{
		{Kind: lab.CallPiece, Block: 1, ID: "r3", Name: "read", Text: `{"path": `, At: 2 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "I will read ", At: 4 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "r3", Name: "read", Text: `"notes.md"}`, At: 7 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "the notes.", At: 8 * ms},
		{Kind: lab.TextPiece, Block: 2, Text: " Back soon.", At: 11 * ms},
	}}
}

func blocksOutOfOrder() play.Stream {
	return play.Stream{What: "Two calls and a text whose first pieces arrive out of block order", Pieces: []lab.Piece{
		{Kind: lab.CallPiece, Block: 1, ID: "u1", Name: "lookup", Text: `{"key"`, At: 1 * ms},
		{Kind: lab.CallPiece, Block: 2, ID: "u2", Name: "search", Text: `{"query": "login`, At: 3 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: "Looking", At: 4 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "u1", Name: "lookup", Text: `: "owner"}`, At: 6 * ms},
		{Kind: lab.TextPiece, Block: 0, Text: " into it.", At: 8 * ms},
		{Kind: lab.CallPiece, Block: 2, ID: "u2", Name: "search", Text: ` failed"}`, At: 9 * ms},
	}}
}

// The broken streams of the lab: one of their calls has fragments that do not
// make a JSON object, and brokenCall names it.
func unclosedArguments() play.Stream {
	return play.Stream{What: "A read call whose fragments never close the JSON object", Pieces: []lab.Piece{
		{Kind: lab.TextPiece, Block: 0, Text: "Reading it.", At: 2 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "b7", Name: "read", Text: `{"path": `, At: 5 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "b7", Name: "read", Text: `"config.py"`, At: 8 * ms},
	}}
}

func argumentsNotAnObject() play.Stream {
	return play.Stream{What: "A lookup whose fragments make a JSON list, not an object, after a good call", Pieces: []lab.Piece{
		{Kind: lab.CallPiece, Block: 0, ID: "k1", Name: "lookup", Text: `{"key": "port"}`, At: 1 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "k2", Name: "lookup", Text: `["ow`, At: 3 * ms},
		{Kind: lab.CallPiece, Block: 1, ID: "k2", Name: "lookup", Text: `ner"]`, At: 6 * ms},
	}}
}

// eachStream judges every stream of the check: judge is handed the
// scenario, the student's record and the reference's.
func eachStream(c *checkkit.C, yours, ref checkkit.Observed, judge func(sc play.Stream, got, want play.Streamed)) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Stream]](c), func(k int, scs []play.Stream) {
		for i, sc := range scs {
			key := play.Key(k, play.StreamNoun, i)
			want := checkkit.Get[play.Streamed](c, ref, key)
			got := checkkit.Get[play.Streamed](c, yours, key)
			if judge(sc, got, want); c.Failed() {
				return
			}
		}
	})
}

// texts lists what was shown.
func texts(seen []play.Shown) []string {
	out := []string{}
	for _, s := range seen {
		out = append(out, s.Text)
	}
	return out
}

// showPieces lists the pieces of a stream for the log: `text "Port " at 10ms`.
func showPieces(pieces []lab.Piece) string {
	var out []string
	for _, p := range pieces {
		if p.Kind == lab.TextPiece {
			out = append(out, fmt.Sprintf("text %q at %v (block %d)", p.Text, p.At, p.Block))
		} else {
			out = append(out, fmt.Sprintf("fragment %q of call %s %s at %v (block %d)", p.Text, p.ID, p.Name, p.At, p.Block))
		}
	}
	return strings.Join(out, "\n")
}

func inOrderSets() []checkkit.Data[[]play.Stream] {
	return []checkkit.Data[[]play.Stream]{
		one("a text answer in pieces of six characters", portAnswer()),
		one("text around a call whose fragments must not be shown", readThenSay()),
		one("uneven pieces with accents and a dash", cafeAnswer()),
	}
}

func judgeStreamShowsTextInOrder(c *checkkit.C, yours, ref checkkit.Observed) {
	eachStream(c, yours, ref, func(sc play.Stream, got, want play.Streamed) {
		c.Logf("%s: the stream was\n%s", sc.What, checkkit.Indent(showPieces(sc.Pieces)))
		for _, s := range got.Shown {
			for _, p := range sc.Pieces {
				if p.Kind == lab.CallPiece && s.Text == p.Text {
					c.Errorf("%s: %q was shown, but it is a fragment of the arguments of call %s (%s), not text. Show only text pieces.", sc.What, s.Text, p.ID, p.Name)
				}
			}
		}
		if joined := strings.Join(texts(want.Shown), ""); len(got.Shown) > 0 && strings.Join(texts(got.Shown), "") == joined+joined {
			c.Errorf("%s: the text was shown twice: once piece by piece, then again whole. Show each piece once, as it arrives.", sc.What)
		}
		c.Equal(sc.What+": show should be called once for each text piece, with its words, in the order they arrived", texts(want.Shown), texts(got.Shown))
	})
}

func asItArrivesSets() []checkkit.Data[[]play.Stream] {
	return []checkkit.Data[[]play.Stream]{
		one("uneven pieces, the last long after the first", cafeAnswer()),
		one("a text answer in even pieces", portAnswer()),
	}
}

func judgeStreamShowsAsItArrives(c *checkkit.C, yours, ref checkkit.Observed) {
	eachStream(c, yours, ref, func(sc play.Stream, got, want play.Streamed) {
		c.Logf("%s: the stream was\n%s", sc.What, checkkit.Indent(showPieces(sc.Pieces)))
		for i, s := range want.Shown {
			if i >= len(got.Shown) {
				c.Errorf("%s: the text %q, which arrived at %v, was never shown on its own.", sc.What, s.Text, s.At)
				return
			}
			if got.Shown[i].At != s.At {
				c.Errorf("%s: the text %q arrived at %v on the stream's clock, but was shown at %v. "+
					"Show each text piece as soon as you take it from the stream, before you take the next one: "+
					"the reader should see the answer grow, not wait for the whole of it.", sc.What, s.Text, s.At, got.Shown[i].At)
				return
			}
		}
	})
}

func finalJoinedSets() []checkkit.Data[[]play.Stream] {
	port, cafe := portAnswer(), cafeAnswer()
	port.Again, cafe.Again = true, true
	return []checkkit.Data[[]play.Stream]{
		one("a text answer in pieces of six characters", port),
		one("uneven pieces with accents and a dash", cafe),
	}
}

func judgeStreamFinalIsPiecesJoined(c *checkkit.C, yours, ref checkkit.Observed) {
	eachStream(c, yours, ref, func(sc play.Stream, got, want play.Streamed) {
		if got.Error != nil {
			c.Errorf("%s: ShowStream returned the error %q for a stream with nothing wrong in it.", sc.What, *got.Error)
		}
		if got.Taken != len(sc.Pieces) {
			c.Errorf("%s: ShowStream returned after taking %d of the stream's %d pieces: read the stream to its end.", sc.What, got.Taken, len(sc.Pieces))
		}
		if len(got.Reply.Blocks) > 1 && len(want.Reply.Blocks) == 1 {
			c.Errorf("%s: the reply ShowStream returned has %d text blocks; the stream's pieces all belong to block 0, "+
				"so the reply holds one text block with the pieces joined, %q.", sc.What, len(got.Reply.Blocks), want.Reply.Blocks[0].Text)
		}
		if !c.Equal(sc.What+": ShowStream should return the reply the pieces make: one text block holding every piece joined, in order", want.Reply, got.Reply) {
			return
		}
		if got.Again == nil || want.Again == nil {
			c.Fatalf("%s: your program recorded no second play of the stream", sc.What)
		}
		c.Equal(sc.What+", played a second time after the check changed the first reply", *want.Again, *got.Again)
	})
}

func toolCallSets() []checkkit.Data[[]play.Stream] {
	return []checkkit.Data[[]play.Stream]{
		one("text, a read call, text", readThenSay()),
		one("two calls whose fragments interleave", twoCallsInterleaved()),
		// Blocks go in block order, whichever block's first piece arrived
		// first.
		fresh("a call's fragment before the first words of block 0", callBeforeText()),
		one("two calls and a text, first pieces out of block order", blocksOutOfOrder()),
		// A call whose fragments do not make a JSON object is an error.
		fresh("a call whose JSON is never closed", unclosedArguments()),
		one("a call whose JSON is a list", argumentsNotAnObject()),
	}
}

func judgeStreamToolCalls(c *checkkit.C, yours, ref checkkit.Observed) {
	eachStream(c, yours, ref, func(sc play.Stream, got, want play.Streamed) {
		c.Logf("%s: the stream was\n%s", sc.What, checkkit.Indent(showPieces(sc.Pieces)))
		if want.Error != nil {
			brokenCall(c, sc, got, want)
			return
		}
		if got.Error != nil {
			c.Errorf("%s: ShowStream returned the error %q for a stream with nothing wrong in it.", sc.What, *got.Error)
			return
		}
		if reordered(want.Reply.Blocks, got.Reply.Blocks) {
			c.Errorf("%s: ShowStream returned the right blocks in the wrong order: %s. "+
				"Put the blocks in block order (block 0 first), not in the order their first pieces arrived.",
				sc.What, checkkit.ShowBlocks(got.Reply.Blocks))
		}
		c.Equal(sc.What+": ShowStream should return the reply the pieces make: each block in its place, text joined, "+
			"each call with its id, its name and its fragments joined and decoded as its arguments", want.Reply, got.Reply)
		c.Equal(sc.What+": only the text pieces should be shown, in order", texts(want.Shown), texts(got.Shown))
	})
}

// brokenCall judges a stream one of whose calls does not decode: the
// reference's error names it.
func brokenCall(c *checkkit.C, sc play.Stream, got, want play.Streamed) {
	id := brokenID(sc)
	if !strings.Contains(*want.Error, id) {
		c.KitFatalf("%s: the reference's error does not name call %s: %q", sc.What, id, *want.Error)
	}
	if got.Error == nil {
		c.Errorf("%s: the fragments of call %s do not make a JSON object, so ShowStream should return the error DecodeArguments gives; "+
			"it returned no error, and the reply %s. Do not throw DecodeArguments' error away: return it.",
			sc.What, id, checkkit.ShowBlocks(got.Reply.Blocks))
		return
	}
	if !strings.Contains(*got.Error, id) {
		c.Errorf("%s: the error ShowStream returned should name the broken call, %s; it was %q. Return DecodeArguments' error as it is.", sc.What, id, *got.Error)
	}
	c.Equal(sc.What+": with the error, ShowStream should return no message", want.Reply, got.Reply)
}

// brokenID is the id of the first call of sc (in block order) whose
// fragments joined are not a JSON object.
func brokenID(sc play.Stream) string {
	joined := map[int]string{}
	ids := map[int]string{}
	last := -1
	for _, p := range sc.Pieces {
		if p.Kind == lab.CallPiece {
			joined[p.Block] += p.Text
			ids[p.Block] = p.ID
			last = max(last, p.Block)
		}
	}
	for b := 0; b <= last; b++ {
		if id, ok := ids[b]; ok && !isObject(joined[b]) {
			return id
		}
	}
	return ""
}

// reordered reports whether got holds the blocks of want in another order.
func reordered(want, got []lab.Block) bool {
	if len(want) != len(got) || len(checkkit.Differences(want, got)) == 0 {
		return false
	}
	used := make([]bool, len(want))
	for _, g := range got {
		found := false
		for i, w := range want {
			if !used[i] && len(checkkit.Differences(w, g)) == 0 {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// isObject reports whether text is a JSON object.
func isObject(text string) bool {
	var v map[string]any
	return json.Unmarshal([]byte(text), &v) == nil && v != nil
}
