package capture

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestBuffer(t *testing.T) {
	for _, c := range []struct {
		reason    string
		in        string
		limit     int
		want      string
		truncated bool
	}{
		{"under the limit: kept whole", "hello", 10, "hello", false},
		{"exactly the limit: not cut", "0123456789", 10, "0123456789", false},
		{"over the limit: cut, and the marker says where", "0123456789AB", 10, "0123456789" + Marker(10), true},
		{"empty", "", 10, "", false},
	} {
		b := New(c.limit)
		if _, err := b.ReadFrom(iotest.OneByteReader(strings.NewReader(c.in))); err != nil { // many small reads
			t.Fatalf("%s: %v", c.reason, err)
		}
		if got := string(b.Bytes()); got != c.want || b.Truncated() != c.truncated {
			t.Errorf("%s: got %q (truncated %v), want %q (truncated %v)", c.reason, got, b.Truncated(), c.want, c.truncated)
		}
		if cap(b.buf) > c.limit {
			t.Errorf("%s: buffered %d bytes, more than the %d-byte cap", c.reason, cap(b.buf), c.limit)
		}
	}
}

func TestBufferNeverHoldsMoreThanTheCap(t *testing.T) {
	const limit = 100_000 // not a power of two, so doubling would overshoot it
	b := New(limit)
	b.ReadFrom(bytes.NewReader(make([]byte, 10<<20)))
	if cap(b.buf) != limit || !b.Truncated() {
		t.Errorf("cap(buf) = %d, truncated %v; want exactly %d, true", cap(b.buf), b.Truncated(), limit)
	}
}

// TestWriteNeverFails: a process writing to a full buffer must not be told
// to stop, or it would block or die for a reason that is not its own.
func TestWriteNeverFails(t *testing.T) {
	b := New(4)
	n, err := io.WriteString(b, "more than four bytes")
	if n != 20 || err != nil {
		t.Errorf("Write = %d, %v; want 20, nil", n, err)
	}
	if got := string(b.Bytes()); got != "more"+Marker(4) {
		t.Errorf("kept %q, want the first four bytes and the marker", got)
	}
}

func TestReadFromReportsReadErrors(t *testing.T) {
	b := New(10)
	_, err := b.ReadFrom(iotest.ErrReader(io.ErrClosedPipe))
	if err != io.ErrClosedPipe {
		t.Errorf("ReadFrom of a closed pipe = %v, want %v", err, io.ErrClosedPipe)
	}
}

func TestMarker(t *testing.T) {
	if got, want := Marker(65536), "\n[... output truncated after 65536 bytes ...]\n"; got != want {
		t.Errorf("Marker(65536) = %q, want %q", got, want)
	}
}
