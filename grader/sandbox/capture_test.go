package sandbox

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"
)

func TestCapture(t *testing.T) {
	for _, c := range []struct {
		reason    string
		in        string
		limit     int
		want      string
		truncated bool
	}{
		{"under the limit: kept whole", "hello", 10, "hello", false},
		{"exactly the limit: not cut", "0123456789", 10, "0123456789", false},
		{"over the limit: cut, and the marker says where", "0123456789AB", 10, "0123456789" + TruncationMarker(10), true},
		{"empty", "", 10, "", false},
	} {
		r := iotest.OneByteReader(strings.NewReader(c.in)) // many small reads
		cp := startCapture(r, c.limit)
		<-cp.done
		if got := string(cp.result()); got != c.want || cp.truncated != c.truncated {
			t.Errorf("%s: got %q (truncated %v), want %q (truncated %v)", c.reason, got, cp.truncated, c.want, c.truncated)
		}
		if cap(cp.buf) > c.limit {
			t.Errorf("%s: buffered %d bytes, more than the %d-byte cap", c.reason, cap(cp.buf), c.limit)
		}
	}
}

func TestCaptureNeverBuffersMoreThanTheCap(t *testing.T) {
	const limit = 100_000 // not a power of two, so doubling would overshoot it
	cp := startCapture(bytes.NewReader(make([]byte, 10<<20)), limit)
	<-cp.done
	if cap(cp.buf) != limit || !cp.truncated {
		t.Errorf("cap(buf) = %d, truncated %v; want exactly %d, true", cap(cp.buf), cp.truncated, limit)
	}
}

func TestTruncationMarker(t *testing.T) {
	if got, want := TruncationMarker(65536), "\n[... output truncated after 65536 bytes ...]\n"; got != want {
		t.Errorf("TruncationMarker(65536) = %q, want %q", got, want)
	}
}
