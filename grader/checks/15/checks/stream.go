package checks

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: show it as it arrives. ShowStream reads a scripted streaming reply
// (lab.Stream); the check's show function notes each text it is given and
// the stream's clock at that moment.

// streamScenario is a streamed reply, made afresh for each run (the kit keeps
// a pristine copy to build what it expects).
type streamScenario struct {
	what string
	make func() *lab.Stream
}

// shown is one call of the check's show function.
type shown struct {
	text string
	at   time.Duration
}

// playStream runs the student's ShowStream on a fresh stream of sc. It
// returns the stream, what was shown, and what ShowStream returned.
func playStream(sc streamScenario) (*lab.Stream, []shown, lab.Message, error) {
	stream := sc.make()
	var mu sync.Mutex
	var seen []shown
	show := func(text string) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, shown{text: text, at: stream.Now()})
	}
	got, err := S.ShowStream(stream, show)
	mu.Lock()
	defer mu.Unlock()
	return stream, append([]shown(nil), seen...), got, err
}

// textPieces are the text pieces of a pristine copy of sc's stream, in order.
func textPieces(sc streamScenario) []lab.Piece {
	var out []lab.Piece
	for _, p := range sc.make().Pieces() {
		if p.Kind == lab.TextPiece {
			out = append(out, p)
		}
	}
	return out
}

// texts lists what was shown.
func texts(seen []shown) []string {
	out := []string{}
	for _, s := range seen {
		out = append(out, s.text)
	}
	return out
}

// showPieces lists the pieces of a stream for the log: `"Port " at 10ms`.
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

// The streams of the lab, each made afresh when asked.
var (
	portAnswer = streamScenario{what: "A streamed answer about the port", make: func() *lab.Stream {
		return lab.StreamOf(lab.Say("The server listens on port 9090, set in config.py."), 6, 10*ms)
	}}
	cafeAnswer = streamScenario{what: "A streamed answer in uneven pieces", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "Café ", At: 3 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "Ada", At: 40 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: " opens at ", At: 41 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "8:00 — ", At: 90 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "¡sí!", At: 200 * ms},
		)
	}}
	readThenSay = streamScenario{what: "Text, a read call in fragments, more text", make: func() *lab.Stream {
		return lab.StreamOf(lab.Reply(
			lab.Text("Let me read the config."),
			lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
			lab.Text(" One moment."),
		), 5, 7*ms)
	}}
	twoCallsInterleaved = streamScenario{what: "Two calls whose fragments arrive interleaved, after a word of text", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "Checking", At: 2 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "t8", Name: "lookup", Text: `{"ke`, At: 5 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 2, ID: "t9", Name: "search", Text: `{"query": "dis`, At: 6 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "t8", Name: "lookup", Text: `y": "port"}`, At: 9 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 2, ID: "t9", Name: "search", Text: `k full", "limit": 3}`, At: 12 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: " both.", At: 15 * ms},
		)
	}}
	callBeforeText = streamScenario{what: "A call whose first fragment arrives before the text of block 0", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "r3", Name: "read", Text: `{"path": `, At: 2 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "I will read ", At: 4 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "r3", Name: "read", Text: `"notes.md"}`, At: 7 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "the notes.", At: 8 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 2, Text: " Back soon.", At: 11 * ms},
		)
	}}
	blocksOutOfOrder = streamScenario{what: "Two calls and a text whose first pieces arrive out of block order", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "u1", Name: "lookup", Text: `{"key"`, At: 1 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 2, ID: "u2", Name: "search", Text: `{"query": "login`, At: 3 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "Looking", At: 4 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "u1", Name: "lookup", Text: `: "owner"}`, At: 6 * ms},
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: " into it.", At: 8 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 2, ID: "u2", Name: "search", Text: ` failed"}`, At: 9 * ms},
		)
	}}
)

// brokenStream is a streamed reply one of whose calls has fragments that do
// not make a JSON object: the kit cannot build its Final, so the scenario
// names the call ShowStream must name in its error.
type brokenStream struct {
	streamScenario
	id string // the call whose fragments are broken
}

// The broken streams of the lab.
var (
	unclosedArguments = brokenStream{id: "b7", streamScenario: streamScenario{what: "A read call whose fragments never close the JSON object", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.TextPiece, Block: 0, Text: "Reading it.", At: 2 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "b7", Name: "read", Text: `{"path": `, At: 5 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "b7", Name: "read", Text: `"config.py"`, At: 8 * ms},
		)
	}}}
	argumentsNotAnObject = brokenStream{id: "k2", streamScenario: streamScenario{what: "A lookup whose fragments make a JSON list, not an object, after a good call", make: func() *lab.Stream {
		return lab.NewStream(
			lab.Piece{Kind: lab.CallPiece, Block: 0, ID: "k1", Name: "lookup", Text: `{"key": "port"}`, At: 1 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "k2", Name: "lookup", Text: `["ow`, At: 3 * ms},
			lab.Piece{Kind: lab.CallPiece, Block: 1, ID: "k2", Name: "lookup", Text: `ner"]`, At: 6 * ms},
		)
	}}}
)

func streamShowsTextInOrder(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[streamScenario]{
		{Name: "a text answer in pieces of six characters", Data: portAnswer},
		{Name: "text around a call whose fragments must not be shown", Data: readThenSay},
		{Name: "uneven pieces with accents and a dash", Data: cafeAnswer},
	}, func(sc streamScenario) {
		stream, seen, _, _ := playStream(sc)
		c.Logf("%s: the stream was\n%s", sc.what, checkkit.Indent(showPieces(stream.Pieces())))
		var want []string
		for _, p := range textPieces(sc) {
			want = append(want, p.Text)
		}
		for _, s := range seen {
			for _, p := range stream.Pieces() {
				if p.Kind == lab.CallPiece && s.text == p.Text {
					c.Errorf("%s: %q was shown, but it is a fragment of the arguments of call %s (%s), not text. Show only text pieces.", sc.what, s.text, p.ID, p.Name)
				}
			}
		}
		if joined := strings.Join(want, ""); len(seen) > 0 && strings.Join(texts(seen), "") == joined+joined {
			c.Errorf("%s: the text was shown twice: once piece by piece, then again whole. Show each piece once, as it arrives.", sc.what)
		}
		c.Equal(sc.what+": show should be called once for each text piece, with its words, in the order they arrived", want, texts(seen))
	})
}

func streamShowsAsItArrives(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[streamScenario]{
		{Name: "uneven pieces, the last long after the first", Data: cafeAnswer},
		{Name: "a text answer in even pieces", Data: portAnswer},
	}, func(sc streamScenario) {
		stream, seen, _, _ := playStream(sc)
		c.Logf("%s: the stream was\n%s", sc.what, checkkit.Indent(showPieces(stream.Pieces())))
		for i, p := range textPieces(sc) {
			if i >= len(seen) {
				c.Errorf("%s: the text %q, which arrived at %v, was never shown on its own.", sc.what, p.Text, p.At)
				return
			}
			if seen[i].at != p.At {
				c.Errorf("%s: the text %q arrived at %v on the stream's clock, but was shown at %v. "+
					"Show each text piece as soon as you take it from the stream, before you take the next one: "+
					"the reader should see the answer grow, not wait for the whole of it.", sc.what, p.Text, p.At, seen[i].at)
				return
			}
		}
	})
}

func streamFinalIsPiecesJoined(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[streamScenario]{
		{Name: "a text answer in pieces of six characters", Data: portAnswer},
		{Name: "uneven pieces with accents and a dash", Data: cafeAnswer},
	}, func(sc streamScenario) {
		stream, _, got, err := playStream(sc)
		if err != nil {
			c.Errorf("%s: ShowStream returned the error %q for a stream with nothing wrong in it.", sc.what, err)
		}
		if stream.Taken() != len(stream.Pieces()) {
			c.Errorf("%s: ShowStream returned after taking %d of the stream's %d pieces: read the stream to its end.", sc.what, stream.Taken(), len(stream.Pieces()))
		}
		want := sc.make().Final()
		var joined strings.Builder
		for _, p := range textPieces(sc) {
			joined.WriteString(p.Text)
		}
		if len(got.Blocks) > 1 && len(want.Blocks) == 1 {
			c.Errorf("%s: the reply ShowStream returned has %d text blocks; the stream's pieces all belong to block 0, "+
				"so the reply holds one text block with the pieces joined, %q.", sc.what, len(got.Blocks), joined.String())
		}
		if !c.Equal(sc.what+": ShowStream should return the reply the pieces make: one text block holding every piece joined, in order", want, got) {
			return
		}
		// Change what the student returned, then play a fresh stream: the
		// new reply must not carry the change.
		got.Blocks[0].Text = "changed by the check"
		_, _, again, _ := playStream(sc)
		c.Equal(sc.what+", played a second time after the check changed the first reply", sc.make().Final(), again)
	})
}

func streamToolCalls(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[streamScenario]{
		{Name: "text, a read call, text", Data: readThenSay},
		{Name: "two calls whose fragments interleave", Data: twoCallsInterleaved},
	}, callsComeOutWhole(c))
	if c.Failed() {
		return
	}
	// Blocks go in block order, whichever block's first piece arrived first.
	checkkit.Scenarios(c, []checkkit.Data[streamScenario]{
		{Name: "a call's fragment before the first words of block 0", Data: callBeforeText},
		{Name: "two calls and a text, first pieces out of block order", Data: blocksOutOfOrder},
	}, callsComeOutWhole(c))
	if c.Failed() {
		return
	}
	// A call whose fragments do not make a JSON object is an error.
	checkkit.Scenarios(c, []checkkit.Data[brokenStream]{
		{Name: "a call whose JSON is never closed", Data: unclosedArguments},
		{Name: "a call whose JSON is a list", Data: argumentsNotAnObject},
	}, func(sc brokenStream) {
		stream, _, got, err := playStream(sc.streamScenario)
		c.Logf("%s: the stream was\n%s", sc.what, checkkit.Indent(showPieces(stream.Pieces())))
		if err == nil {
			c.Errorf("%s: the fragments of call %s do not make a JSON object, so ShowStream should return the error DecodeArguments gives; "+
				"it returned no error, and the reply %s. Do not throw DecodeArguments' error away: return it.",
				sc.what, sc.id, checkkit.ShowBlocks(got.Blocks))
			return
		}
		if !strings.Contains(err.Error(), sc.id) {
			c.Errorf("%s: the error ShowStream returned should name the broken call, %s; it was %q. Return DecodeArguments' error as it is.", sc.what, sc.id, err)
		}
		c.Equal(sc.what+": with the error, ShowStream should return no message", lab.Message{}, got)
	})
}

// callsComeOutWhole plays a stream whose calls are all well formed: the reply
// ShowStream returns is the stream's Final, and only its text was shown.
func callsComeOutWhole(c *checkkit.C) func(sc streamScenario) {
	return func(sc streamScenario) {
		stream, seen, got, err := playStream(sc)
		c.Logf("%s: the stream was\n%s", sc.what, checkkit.Indent(showPieces(stream.Pieces())))
		if err != nil {
			c.Errorf("%s: ShowStream returned the error %q for a stream with nothing wrong in it.", sc.what, err)
			return
		}
		want := sc.make().Final()
		if reordered(want.Blocks, got.Blocks) {
			c.Errorf("%s: ShowStream returned the right blocks in the wrong order: %s. "+
				"Put the blocks in block order (block 0 first), not in the order their first pieces arrived.",
				sc.what, checkkit.ShowBlocks(got.Blocks))
		}
		c.Equal(sc.what+": ShowStream should return the reply the pieces make: each block in its place, text joined, "+
			"each call with its id, its name and its fragments joined and decoded as its arguments", want, got)
		var text []string
		for _, p := range textPieces(sc) {
			text = append(text, p.Text)
		}
		c.Equal(sc.what+": only the text pieces should be shown, in order", text, texts(seen))
	}
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
