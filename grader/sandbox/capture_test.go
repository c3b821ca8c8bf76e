package sandbox

import (
	"strings"
	"testing"
	"testing/iotest"

	"harnesslab/grader/capture"
)

// TestStartCapture: a stream is read in the background, capped, and says
// when it reached its end.
func TestStartCapture(t *testing.T) {
	s := startCapture(iotest.OneByteReader(strings.NewReader("0123456789AB")), 10)
	<-s.done
	if got, want := string(s.Bytes()), "0123456789"+TruncationMarker(10); got != want || !s.Truncated() {
		t.Errorf("got %q (truncated %v), want %q (truncated true)", got, s.Truncated(), want)
	}
}

func TestTruncationMarker(t *testing.T) {
	if got, want := TruncationMarker(65536), capture.Marker(65536); got != want {
		t.Errorf("TruncationMarker(65536) = %q, want the capture package's %q", got, want)
	}
}
