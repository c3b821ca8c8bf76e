package sandbox

import (
	"io"

	"harnesslab/grader/capture"
)

// stream reads one output stream of the command into a capped buffer (so a
// flood never blocks the writer and never costs more memory than the cap).
type stream struct {
	*capture.Buffer
	done chan struct{} // closed at EOF, or when the read end was closed
}

// startCapture reads r in its own goroutine until EOF or until r is closed.
func startCapture(r io.Reader, limit int) *stream {
	s := &stream{Buffer: capture.New(limit), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		s.ReadFrom(r) // an error is the read end closed after the grace period
	}()
	return s
}
