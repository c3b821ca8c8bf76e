package checks

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

// Generated streams: the shapes a streamed reply may take, combined in ways
// no hand-written stream holds. Each is made from a fixed seed, so every run
// hands out the same ones, and they are played smallest first, so the first
// difference reported is the smallest found.

// generatedStreamCount is how many streams show_stream_agrees generates, in
// two data sets.
const generatedStreamCount = 80

// genTexts are the words a text block is made of: plain, multi-byte, blank,
// empty, with a line break.
var genTexts = []string{"Checking the port.", "Café Ada — ¡sí! 日本語", "   ", "", "Line one.\nLine two.", "{\"not\": \"a call\"}", "ok"}

// genArguments draws the arguments of a streamed call: none, flat, nested.
func genArguments(t *rapid.T) lab.Args {
	switch rapid.IntRange(0, 3).Draw(t, "args shape") {
	case 0:
		return lab.Args{}
	case 1:
		return lab.Args{"key": rapid.SampledFrom([]string{"port", "région", ""}).Draw(t, "key")}
	case 2:
		return lab.Args{"query": "disk full", "limit": float64(rapid.IntRange(0, 100).Draw(t, "limit"))}
	}
	return lab.Args{"path": "a/b.go", "opts": map[string]any{"lines": []any{1.0, 2.0}, "raw": true, "note": nil}}
}

// genBroken draws JSON text that is not an object: unclosed, a list, null,
// nothing, a number, an object with more after it.
func genBroken(t *rapid.T) string {
	return rapid.SampledFrom([]string{`{"path": "config.py"`, `["owner"]`, `null`, ``, `42`, `{"a": 1}{`, `{"key": port}`}).Draw(t, "broken")
}

// cutText cuts text into pieces at random rune boundaries: at least one
// piece, which may be empty.
func cutText(t *rapid.T, text string, label string) []string {
	runes := []rune(text)
	if len(runes) == 0 {
		return []string{""}
	}
	var parts []string
	for len(runes) > 0 {
		n := rapid.IntRange(1, len(runes)).Draw(t, label)
		parts = append(parts, string(runes[:n]))
		runes = runes[n:]
	}
	return parts
}

// streamGen generates a streamed reply: up to six blocks, text or calls,
// their pieces interleaved in any order that keeps each block's own order,
// arriving at times that may repeat; now and then a call whose fragments do
// not make a JSON object, or a block number no piece carries.
var streamGen = rapid.Custom(func(t *rapid.T) play.Stream {
	n := rapid.IntRange(0, 6).Draw(t, "blocks")
	perBlock := make([][]lab.Piece, n)
	for b := range n {
		if rapid.IntRange(0, 2).Draw(t, "kind") == 0 {
			for _, part := range cutText(t, rapid.SampledFrom(genTexts).Draw(t, "text"), "text cut") {
				perBlock[b] = append(perBlock[b], lab.Piece{Kind: lab.TextPiece, Block: b, Text: part})
			}
			continue
		}
		data, _ := json.Marshal(genArguments(t))
		text := string(data)
		if rapid.IntRange(0, 7).Draw(t, "broken call") == 0 {
			text = genBroken(t)
		}
		id := fmt.Sprintf("g%d", b+1)
		name := rapid.SampledFrom([]string{"lookup", "search", "read", "Lookup"}).Draw(t, "name")
		for _, part := range cutText(t, text, "fragment cut") {
			perBlock[b] = append(perBlock[b], lab.Piece{Kind: lab.CallPiece, Block: b, ID: id, Name: name, Text: part})
		}
	}
	if n > 1 && rapid.IntRange(0, 5).Draw(t, "numbers skip") == 0 {
		// Now and then no piece carries one of the numbers: the blocks
		// after it keep theirs.
		skip := rapid.IntRange(0, n-2).Draw(t, "skipped")
		for b := n - 1; b > skip; b-- {
			for i := range perBlock[b] {
				perBlock[b][i].Block++
			}
		}
	}
	var pieces []lab.Piece
	var at time.Duration
	for {
		var open []int
		for b, ps := range perBlock {
			if len(ps) > 0 {
				open = append(open, b)
			}
		}
		if len(open) == 0 {
			break
		}
		b := rapid.SampledFrom(open).Draw(t, "next block")
		p := perBlock[b][0]
		perBlock[b] = perBlock[b][1:]
		at += time.Duration(rapid.IntRange(0, 30).Draw(t, "gap")) * ms
		p.At = at
		pieces = append(pieces, p)
	}
	return play.Stream{Pieces: pieces}
})

// generatedStreams is two data sets of generated streams, smallest first.
func generatedStreams() any {
	var all []play.Stream
	for seed := range generatedStreamCount {
		all = append(all, streamGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Stream) int { return len(a.Pieces) - len(b.Pieces) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated stream %d (%s)", i+1, describeStream(all[i]))
	}
	return checkkit.Generated(all, "streams")
}

// describeStream says in words what a generated stream holds.
func describeStream(sc play.Stream) string {
	blocks := map[int]bool{}
	top := -1
	calls := map[int]bool{}
	interleaved := false
	last := -1
	for _, p := range sc.Pieces {
		if p.Block < last {
			interleaved = true
		}
		last = p.Block
		blocks[p.Block] = true
		top = max(top, p.Block)
		if p.Kind == lab.CallPiece {
			calls[p.Block] = true
		}
	}
	parts := []string{checkkit.Plural(len(sc.Pieces), "piece"), checkkit.Plural(len(blocks), "block"), checkkit.Plural(len(calls), "call")}
	if interleaved {
		parts = append(parts, "blocks interleaved")
	}
	if top+1 != len(blocks) {
		parts = append(parts, "block numbers skip one")
	}
	if brokenID(sc) != "" {
		parts = append(parts, "call "+brokenID(sc)+"'s fragments are not a JSON object")
	}
	return strings.Join(parts, ", ")
}

// judgeShowStreamAgrees compares each generated stream's play with the
// reference's: what was shown and when, the pieces taken, the reply, and
// the error.
func judgeShowStreamAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	eachStream(c, yours, ref, func(sc play.Stream, got, want play.Streamed) {
		agreeStream(c, sc, got, want)
		if c.Failed() {
			c.Logf("%s: the stream was\n%s", sc.What, checkkit.Indent(showPieces(sc.Pieces)))
		}
	})
}

// agreeStream compares one generated stream, and stops at the first
// difference.
func agreeStream(c *checkkit.C, sc play.Stream, got, want play.Streamed) {
	what := sc.What
	for i := range min(len(got.Shown), len(want.Shown)) {
		if got.Shown[i] != want.Shown[i] {
			c.Errorf("%s: show call %d should be %q at %v on the stream's clock (the reference's); yours was %q at %v.",
				what, i+1, want.Shown[i].Text, want.Shown[i].At, got.Shown[i].Text, got.Shown[i].At)
			return
		}
	}
	if len(got.Shown) != len(want.Shown) {
		c.Errorf("%s: show should be called %s, once per text piece (the reference's %s); yours was called %s: %s.",
			what, checkkit.Times(len(want.Shown)), checkkit.Quote(strings.Join(texts(want.Shown), "|")),
			checkkit.Times(len(got.Shown)), checkkit.Quote(strings.Join(texts(got.Shown), "|")))
		return
	}
	if got.Taken != want.Taken {
		c.Errorf("%s: ShowStream should take all %d pieces of the stream; yours took %d.", what, want.Taken, got.Taken)
		return
	}
	if want.Error != nil {
		id := brokenID(sc)
		switch {
		case got.Error == nil:
			c.Errorf("%s: the fragments of call %s do not make a JSON object, so ShowStream should return DecodeArguments' error "+
				"(the reference's: %q); yours returned no error, and the reply %s.", what, id, *want.Error, checkkit.ShowBlocks(got.Reply.Blocks))
		case !namesBroken(sc, *got.Error):
			c.Errorf("%s: the error should name the broken call, %s, as the reference's does (%q); yours was %q.", what, id, *want.Error, *got.Error)
		default:
			c.Equal(what+": with the error, ShowStream should return no message", want.Reply, got.Reply)
		}
		return
	}
	if got.Error != nil {
		c.Errorf("%s: ShowStream returned the error %q for a stream whose every call is a JSON object.", what, *got.Error)
		return
	}
	c.Equal(what+": ShowStream should return the reply the pieces make, as the reference's does", want.Reply, got.Reply)
}

// namesBroken reports whether words name a call of sc whose fragments are
// not a JSON object.
func namesBroken(sc play.Stream, words string) bool {
	joined := map[string]string{}
	for _, p := range sc.Pieces {
		if p.Kind == lab.CallPiece {
			joined[p.ID] += p.Text
		}
	}
	for id, text := range joined {
		if !isObject(text) && strings.Contains(words, id) {
			return true
		}
	}
	return false
}
