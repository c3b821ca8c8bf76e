package lab

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestStreamNextMovesTheClock(t *testing.T) {
	s := NewStream(
		Piece{Kind: TextPiece, Block: 0, Text: "Port ", At: 5 * time.Millisecond},
		Piece{Kind: TextPiece, Block: 0, Text: "9090", At: 12 * time.Millisecond},
	)
	var got []string
	var at []time.Duration
	for {
		p, ok := s.Next()
		if !ok {
			break
		}
		got = append(got, p.Text)
		at = append(at, s.Now())
	}
	if want := []string{"Port ", "9090"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pieces = %q, want %q", got, want)
	}
	if want := []time.Duration{5 * time.Millisecond, 12 * time.Millisecond}; !reflect.DeepEqual(at, want) {
		t.Errorf("clock at each piece = %v, want %v", at, want)
	}
	if _, ok := s.Next(); ok {
		t.Errorf("Next after the end reported a piece")
	}
	if s.Taken() != 2 {
		t.Errorf("Taken = %d, want 2", s.Taken())
	}
}

func TestStreamFinalJoinsPieces(t *testing.T) {
	s := NewStream(
		Piece{Kind: TextPiece, Block: 0, Text: "Let me "},
		Piece{Kind: CallPiece, Block: 1, ID: "c1", Name: "read", Text: `{"pa`},
		Piece{Kind: TextPiece, Block: 0, Text: "look."},
		Piece{Kind: CallPiece, Block: 1, ID: "c1", Name: "read", Text: `th": "a.txt"}`},
	)
	want := Reply(Text("Let me look."), Call("read", Args{"path": "a.txt"}).WithID("c1"))
	if got := s.Final(); !reflect.DeepEqual(got, want) {
		t.Errorf("Final = %#v, want %#v", got, want)
	}
	if s.Taken() != 0 || s.Now() != 0 {
		t.Errorf("Final took pieces or moved the clock: taken %d, clock %v", s.Taken(), s.Now())
	}
}

func TestStreamOfRoundTrip(t *testing.T) {
	reply := Reply(Text("Café at port 9090."), Call("read", Args{"path": "config.py"}).WithID("c7"), Text("Done."))
	s := StreamOf(reply, 4, 3*time.Millisecond)
	if got := s.Final(); !reflect.DeepEqual(got, reply) {
		t.Errorf("Final of StreamOf = %#v, want %#v", got, reply)
	}
	pieces := s.Pieces()
	var text strings.Builder
	for i, p := range pieces {
		if p.At != time.Duration(i+1)*3*time.Millisecond {
			t.Errorf("piece %d arrives at %v, want %v", i, p.At, time.Duration(i+1)*3*time.Millisecond)
		}
		if len([]rune(p.Text)) > 4 {
			t.Errorf("piece %d is %q, longer than 4 characters", i, p.Text)
		}
		if p.Kind == TextPiece {
			text.WriteString(p.Text)
		}
	}
	if text.String() != "Café at port 9090.Done." {
		t.Errorf("text pieces joined = %q", text.String())
	}
}

func TestStreamFinalPanicsOnBrokenArguments(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "not a JSON object") {
			t.Errorf("Final of broken arguments: recovered %v, want a panic naming the JSON", r)
		}
	}()
	NewStream(Piece{Kind: CallPiece, Block: 0, ID: "c1", Name: "read", Text: `{"path": `}).Final()
}
