//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGateClosedWithoutTheWordNeverStarts holds the gate's promise: a gate
// whose pipe closes without "open" (its parent died before the limits were
// set) exits and never runs the command.
func TestGateClosedWithoutTheWordNeverStarts(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	for _, c := range []struct {
		reason string
		send   string
	}{
		{"the pipe closes with nothing said", ""},
		{"another word comes first", "opened\n"},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gateShell, gateArgs("/usr/bin/touch", []string{"touch", marker})...)
		cmd.ExtraFiles = []*os.File{r}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		w.WriteString(c.send)
		w.Close()
		err = cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 125 {
			t.Errorf("%s: the gate exited with %d (%v), want 125", c.reason, code, err)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("%s: the command ran", c.reason)
		}
	}
}
