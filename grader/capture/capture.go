// Package capture keeps the output of a process that may print without end:
// the first bytes up to a cap, a count of the rest, and a marker where it was
// cut. It is the one output keeper of the grader: the check runner and the
// sandbox both capture through it.
//
//	out := capture.New(16 << 10)
//	cmd.Stdout = out // or: go out.ReadFrom(pipe)
//	...
//	text := out.Bytes() // with "[... output truncated after 16384 bytes ...]" if cut
//
// Goals: a flood never blocks the writer and never costs more memory than
// the cap. Non-goals: keeping the end of the output rather than its start.
package capture

import (
	"fmt"
	"io"
	"sync"
)

// Buffer keeps at most its limit of what is written to it and discards the
// rest. It is safe for concurrent use.
type Buffer struct {
	mu        sync.Mutex
	limit     int
	buf       []byte
	truncated bool
}

// New returns a Buffer that keeps at most limit bytes.
func New(limit int) *Buffer { return &Buffer{limit: max(limit, 0)} }

// Write keeps what still fits under the limit and notes any excess. It never
// fails, so a writer is never stopped by a full buffer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	room := b.limit - len(b.buf)
	if len(p) > room {
		b.truncated = true
		p = p[:room]
	}
	if len(p) == 0 {
		return n, nil
	}
	if need := len(b.buf) + len(p); need > cap(b.buf) {
		grown := make([]byte, len(b.buf), min(max(need, 2*cap(b.buf)), b.limit))
		copy(grown, b.buf)
		b.buf = grown
	}
	b.buf = append(b.buf, p...)
	return n, nil
}

// ReadFrom reads r until its end or an error (such as r being closed), and
// keeps what fits. It returns how much it read and the error, if any, that
// was not io.EOF.
func (b *Buffer) ReadFrom(r io.Reader) (int64, error) {
	chunk := make([]byte, 32<<10)
	var total int64
	for {
		n, err := r.Read(chunk)
		b.Write(chunk[:n])
		total += int64(n)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// Bytes returns what was kept, followed by Marker if anything was cut.
func (b *Buffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := append([]byte(nil), b.buf...)
	if b.truncated {
		out = append(out, Marker(b.limit)...)
	}
	return out
}

// Truncated reports whether anything was cut.
func (b *Buffer) Truncated() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.truncated
}

// Marker is appended to output that was cut after limit bytes.
func Marker(limit int) string {
	return fmt.Sprintf("\n[... output truncated after %d bytes ...]\n", limit)
}
