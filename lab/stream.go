package lab

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"
)

// This file is the lab's side of lesson 15: a scripted streaming reply. A
// provider that streams sends a reply in pieces as it writes them: words of
// text, and fragments of a tool call's arguments (JSON text cut anywhere).
// A Stream plays such a reply back in order, one piece per call of Next, and
// moves its clock to each piece's arrival time, so a check can tell text shown
// as it arrived from text shown at the end, without waiting in real time.

// PieceKind says what a piece of a streamed reply carries.
type PieceKind string

// The kinds of piece a streamed reply is made of.
const (
	TextPiece PieceKind = "text"     // words of a text block
	CallPiece PieceKind = "toolCall" // a fragment of a tool call's arguments, as JSON text
)

// Piece is one piece of a streamed reply, as it arrives.
type Piece struct {
	Kind  PieceKind
	Block int           // which block of the reply it belongs to, counted from 0
	Text  string        // a text piece: the words; a call piece: a fragment of the arguments' JSON
	ID    string        // a call piece: the call id
	Name  string        // a call piece: the tool it asks for
	At    time.Duration // when it arrives, on the stream's clock
}

// Stream is a scripted streaming reply. Next hands out its pieces in order;
// Final is the reply they make. It is safe for use by several goroutines at
// once.
type Stream struct {
	mu     sync.Mutex
	pieces []Piece
	next   int
	now    time.Duration
}

// NewStream returns a stream of pieces, in order, its clock at zero. The
// pieces of one block must be of one kind, and a call's pieces must carry one
// id and name; Final panics otherwise, or when a call's fragments joined are
// not a JSON object.
func NewStream(pieces ...Piece) *Stream {
	return &Stream{pieces: append([]Piece(nil), pieces...)}
}

// StreamOf returns reply as a stream: each text block cut into pieces of at
// most size characters, each call's arguments written as JSON and cut the
// same way, one piece every gap on the clock (the first at gap).
func StreamOf(reply Message, size int, gap time.Duration) *Stream {
	if size < 1 {
		size = 1
	}
	var pieces []Piece
	add := func(p Piece, text string) {
		for _, part := range cut(text, size) {
			p.Text = part
			p.At = gap * time.Duration(len(pieces)+1)
			pieces = append(pieces, p)
		}
	}
	for i, b := range reply.Blocks {
		switch b.Type {
		case TextBlock:
			add(Piece{Kind: TextPiece, Block: i}, b.Text)
		case ToolCallBlock:
			args := b.Arguments
			if args == nil {
				args = Args{}
			}
			data, err := json.Marshal(args)
			if err != nil {
				panic(fmt.Sprintf("lab: StreamOf: the arguments of call %s are not JSON: %v", b.ID, err))
			}
			add(Piece{Kind: CallPiece, Block: i, ID: b.ID, Name: b.Name}, string(data))
		}
	}
	return NewStream(pieces...)
}

// cut splits text into parts of at most size characters (runes). Empty text
// is one empty part.
func cut(text string, size int) []string {
	runes := []rune(text)
	if len(runes) == 0 {
		return []string{""}
	}
	var parts []string
	for len(runes) > 0 {
		n := min(size, len(runes))
		parts = append(parts, string(runes[:n]))
		runes = runes[n:]
	}
	return parts
}

// Next returns the next piece and true, moving the clock to the piece's
// arrival time; at the end of the stream it returns false, every time it is
// asked.
func (s *Stream) Next() (Piece, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.next >= len(s.pieces) {
		return Piece{}, false
	}
	p := s.pieces[s.next]
	s.next++
	if p.At > s.now {
		s.now = p.At
	}
	return p, true
}

// Now returns the stream's clock: the arrival time of the last piece taken.
func (s *Stream) Now() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

// Taken returns how many pieces have been taken with Next.
func (s *Stream) Taken() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.next
}

// Pieces returns a copy of every piece of the stream, taken or not.
func (s *Stream) Pieces() []Piece {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Piece(nil), s.pieces...)
}

// Final returns the reply the whole stream makes: one block per block
// number, in order; a text block holds its pieces joined, a toolCall block
// holds its fragments joined and decoded as JSON (numbers decode as float64,
// as JSON numbers do). It does not take pieces or move the clock.
func (s *Stream) Final() Message {
	type part struct {
		kind     PieceKind
		id, name string
		text     string
	}
	parts := map[int]*part{}
	for _, p := range s.Pieces() {
		b, ok := parts[p.Block]
		if !ok {
			b = &part{kind: p.Kind, id: p.ID, name: p.Name}
			parts[p.Block] = b
		}
		if b.kind != p.Kind || b.id != p.ID || b.name != p.Name {
			panic(fmt.Sprintf("lab: stream block %d mixes pieces of different kinds or calls", p.Block))
		}
		b.text += p.Text
	}
	order := make([]int, 0, len(parts))
	for k := range parts {
		order = append(order, k)
	}
	sort.Ints(order)
	blocks := make([]Block, 0, len(order))
	for _, k := range order {
		b := parts[k]
		if b.kind == TextPiece {
			blocks = append(blocks, Text(b.text))
			continue
		}
		var args Args
		if err := json.Unmarshal([]byte(b.text), &args); err != nil || args == nil {
			panic(fmt.Sprintf("lab: stream call %s: its fragments joined are not a JSON object: %q", b.id, b.text))
		}
		blocks = append(blocks, Call(b.name, args).WithID(b.id))
	}
	return Reply(blocks...)
}
