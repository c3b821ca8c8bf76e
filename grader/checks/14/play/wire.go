package play

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"harnesslab/grader/checkkit"
)

// tap records what one side writes, line by line, and logs every line as it
// passes, numbered, so that a player that stops (a hang, a panic) shows the
// conversation on the wire up to that point, and the judge can show it too.
type tap struct {
	c     *checkkit.C // where to log; nil logs nothing
	who   string      // "your client", "the SDK server", ...
	w     io.WriteCloser
	mu    sync.Mutex
	bytes bytes.Buffer // everything written, in order
	seen  int          // how much of bytes is logged
	count *counter     // the line counter both sides of a connection share
	// saw, if set, is told every whole line before it is passed on.
	saw func(line string)
	// closed is set when the writing side closes its stream.
	closed atomic.Bool
}

// counter numbers the lines of one connection, whichever side writes them,
// and keeps them as the log says them.
type counter struct {
	mu  sync.Mutex
	n   int
	log []string
}

// next numbers and keeps the next line.
func (k *counter) next(who, line string) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.n++
	entry := fmt.Sprintf("wire %d, %s wrote: %s", k.n, who, Clip(line))
	k.log = append(k.log, entry)
	return entry
}

// Lines returns the connection's lines so far, numbered.
func (k *counter) Lines() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string{}, k.log...)
}

// Write passes p on, then logs each line that is now whole.
func (t *tap) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.bytes.Write(p)
	for {
		rest := t.bytes.Bytes()[t.seen:]
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		entry := t.count.next(t.who, string(rest[:i]))
		if t.saw != nil {
			t.saw(string(rest[:i]))
		}
		if t.c != nil {
			t.c.Logf("%s", entry)
		}
		t.seen += i + 1
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

// Close closes the stream underneath.
func (t *tap) Close() error {
	t.closed.Store(true)
	return t.w.Close()
}

// written returns everything written so far.
func (t *tap) written() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes.String()
}

// Clip shortens a line for a log.
func Clip(line string) string {
	if len(line) > 400 {
		return line[:400] + "..."
	}
	return line
}

// discard is a WriteCloser that keeps nothing, under a tap that keeps it all.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) Close() error                { return nil }
