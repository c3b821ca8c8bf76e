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
	}, func(sc streamScenario) {
		stream, seen, got, err := playStream(sc)
		c.Logf("%s: the stream was\n%s", sc.what, checkkit.Indent(showPieces(stream.Pieces())))
		if err != nil {
			c.Errorf("%s: ShowStream returned the error %q for a stream with nothing wrong in it.", sc.what, err)
			return
		}
		want := sc.make().Final()
		c.Equal(sc.what+": ShowStream should return the reply the pieces make: each block in its place, text joined, "+
			"each call with its id, its name and its fragments joined and decoded as its arguments", want, got)
		var text []string
		for _, p := range textPieces(sc) {
			text = append(text, p.Text)
		}
		c.Equal(sc.what+": only the text pieces should be shown, in order", text, texts(seen))
	})
}
