package play

import (
	"sync"
	"time"

	"harnesslab/lab"
)

// Stream is one streamed reply handed to ShowStream, as its pieces. Again
// plays the stream a second time after changing the first reply returned.
type Stream struct {
	What   string      `json:"what"`
	Pieces []lab.Piece `json:"pieces"`
	Again  bool        `json:"again"`
}

// Shown is one call of the play's show function: the text, and the stream's
// clock at that moment.
type Shown struct {
	Text string        `json:"text"`
	At   time.Duration `json:"at"`
}

// Streamed is what one call of ShowStream did: what it showed, the reply and
// the error's words it returned (nil for no error), how many pieces it took,
// and, for a scenario played again, the second reply.
type Streamed struct {
	Shown []Shown      `json:"shown"`
	Reply lab.Message  `json:"reply"`
	Error *string      `json:"error"`
	Taken int          `json:"taken"`
	Again *lab.Message `json:"again"`
}

// PlayStream hands a fresh stream of sc's pieces to ShowStream and records
// what it did; for sc.Again, it then changes the reply returned and plays a
// fresh stream again.
func PlayStream(sc Stream) Streamed {
	stream, seen, got, err := showStream(sc.Pieces)
	out := Streamed{Shown: seen, Reply: got.Clone(), Taken: stream.Taken()}
	if err != nil {
		words := err.Error()
		out.Error = &words
	}
	if sc.Again && len(got.Blocks) > 0 {
		got.Blocks[0].Text = "changed by the check"
		_, _, again, _ := showStream(sc.Pieces)
		out.Again = &again
	}
	return out
}

// showStream runs ShowStream on a fresh stream of pieces.
func showStream(pieces []lab.Piece) (*lab.Stream, []Shown, lab.Message, error) {
	stream := lab.NewStream(pieces...)
	var mu sync.Mutex
	seen := []Shown{}
	show := func(text string) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, Shown{Text: text, At: stream.Now()})
	}
	got, err := S.ShowStream(stream, show)
	mu.Lock()
	defer mu.Unlock()
	return stream, append([]Shown{}, seen...), got, err
}
