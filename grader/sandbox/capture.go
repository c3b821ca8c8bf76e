package sandbox

import "io"

// capture reads one output stream of the command, keeping at most limit
// bytes and discarding the rest (so a flood never blocks the writer and
// never costs more memory than the cap).
type capture struct {
	limit     int
	buf       []byte
	truncated bool
	done      chan struct{}
}

// startCapture reads r in its own goroutine until EOF or until r is closed.
func startCapture(r io.Reader, limit int) *capture {
	c := &capture{limit: limit, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		c.read(r)
	}()
	return c
}

// read fills c.buf up to c.limit, growing it no further than the limit.
func (c *capture) read(r io.Reader) {
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		c.keep(chunk[:n])
		if err != nil {
			return // io.EOF, or the read end closed after the grace period
		}
	}
}

// keep appends what still fits under the limit and notes any excess.
func (c *capture) keep(p []byte) {
	room := c.limit - len(c.buf)
	if len(p) > room {
		c.truncated = true
		p = p[:room]
	}
	if len(p) == 0 {
		return
	}
	if need := len(c.buf) + len(p); need > cap(c.buf) {
		grown := make([]byte, len(c.buf), min(max(need, 2*cap(c.buf)), c.limit))
		copy(grown, c.buf)
		c.buf = grown
	}
	c.buf = append(c.buf, p...)
}

// result returns what was captured, with the marker if it was cut. Call it
// only after done is closed.
func (c *capture) result() []byte {
	if !c.truncated {
		return c.buf
	}
	return append(c.buf, TruncationMarker(c.limit)...)
}
