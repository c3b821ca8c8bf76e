package main

import (
	"os"
	"syscall"
	"testing"
)

// TestResumeCommand: the command printed to resume a stopped run is the
// same arguments, quoted for a shell where needed, with --resume once.
func TestResumeCommand(t *testing.T) {
	for _, tc := range []struct {
		reason string
		args   []string
		resume bool
		want   string
	}{
		{"plain arguments get --resume", []string{"02", "subs", "--out", "part"}, true, "labrun grade 02 subs --out part --resume"},
		{"--resume is not added twice", []string{"02", "subs", "--out", "part", "--resume"}, true, "labrun grade 02 subs --out part --resume"},
		{"a path with a space and a quote is quoted", []string{"02", "my subs", "it's", "--out=o"}, true, `labrun grade 02 'my subs' 'it'\''s' --out=o --resume`},
		{"without --out there is nothing to resume from", []string{"02", "subs"}, false, "labrun grade 02 subs"},
	} {
		if got := resumeCommand(tc.args, tc.resume); got != tc.want {
			t.Errorf("%s: resumeCommand(%q) = %q, want %q", tc.reason, tc.args, got, tc.want)
		}
	}
}

// TestSignalStatus: a run stopped by SIGINT exits 130 and by SIGTERM 143,
// as shells and CI runners expect.
func TestSignalStatus(t *testing.T) {
	for sig, want := range map[os.Signal]int{os.Interrupt: 130, syscall.SIGTERM: 143} {
		if got := (signalError{sig}).status(); got != want {
			t.Errorf("status after %s = %d, want %d", signalName(sig), got, want)
		}
	}
}
