package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"harnesslab/grader/kitcopy"
)

// termScreen collects what a program writes, and lets a test wait for words.
type termScreen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	more chan struct{}
}

func newTermScreen(r io.Reader) *termScreen {
	s := &termScreen{more: make(chan struct{}, 1)}
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := r.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			select {
			case s.more <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *termScreen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// waitFor waits until the program has written want n times in all. The
// limit only keeps a broken watch from hanging the test; it measures
// nothing.
func (s *termScreen) waitFor(t *testing.T, want string, n int) {
	t.Helper()
	limit := time.After(5 * time.Minute)
	for strings.Count(s.text(), want) < n {
		select {
		case <-s.more:
		case <-limit:
			t.Fatalf("labrun watch never wrote %q %d times; it wrote:\n%s", want, n, s.text())
		}
	}
}

// labrunCommand returns a command that runs labrun (this test binary under
// the name labrun) in the copy of the kit in dir, made by kitcopy.Copy.
func labrunCommand(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "labrun")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = filepath.Join(dir, "kit")
	cmd.Env = append(os.Environ(), "HARNESSLAB_ROOT="+cmd.Dir, "LABRUN_STATE="+filepath.Join(dir, "state"), "TERM=xterm", "NO_COLOR=")
	return cmd
}

// TestWatch runs labrun watch on one copy of the kit (a copy builds its
// lesson's toolchain once): first on a pipe, then in a terminal, where it
// edits the lesson.
func TestWatch(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := kitcopy.Copy(root, filepath.Join(dir, "kit")); err != nil {
		t.Fatal(err)
	}
	t.Run("only_piped", func(t *testing.T) { testWatchOnlyPiped(t, dir) })
	t.Run("terminal", func(t *testing.T) { testWatchInATerminal(t, dir) })
}

// testWatchInATerminal drives labrun watch in a pseudo-terminal as a
// student would: it checks at once, clears the termScreen and colours the
// result; every save checks again, a copy that does not compile included;
// Ctrl-C leaves cleanly.
func testWatchInATerminal(t *testing.T, dir string) {
	cmd := labrunCommand(t, dir, "watch", "01")
	kit := cmd.Dir
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if errors.Is(err, pty.ErrUnsupported) {
		t.Skipf("no pseudo-terminals on this system: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	out := newTermScreen(tty)
	work := filepath.Join(kit, "lessons", "01-function-that-forgets", "harness.go")

	out.waitFor(t, "save a file to check again", 1)
	first := out.text()
	for _, want := range []string{"\x1b[H\x1b[2J", "\x1b[31mFAIL\x1b[0m", "1 of 12 checks pass"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first check should write %q; it wrote:\n%s", want, first)
		}
	}
	if strings.Count(first, "is not written yet") != 1 {
		t.Errorf("watch's summary explains the first failure only; it wrote:\n%s", first)
	}

	solution, err := os.ReadFile(filepath.Join(generatedSolutionIn(t, kit, "01"), "harness.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(work, solution, 0o644); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "Lesson 01 is done. Next: labrun show 02", 1)
	out.waitFor(t, "save a file to check again", 2)

	if err := os.WriteFile(work, []byte("package harness\n\nfunc broken( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "No check ran", 1)
	out.waitFor(t, "save a file to check again", 3)

	if _, err := tty.Write([]byte{3}); err != nil { // Ctrl-C
		t.Fatal(err)
	}
	out.waitFor(t, "stopped watching.", 1)
	if err := cmd.Wait(); err != nil {
		t.Errorf("labrun watch should leave with status 0 on Ctrl-C; it ended with %v\n%s", err, out.text())
	}
}

// testWatchOnlyPiped runs labrun watch --only on a pipe: no colours, no
// termScreen clearing, one check shown; SIGTERM ends it cleanly.
func testWatchOnlyPiped(t *testing.T, dir string) {
	cmd := labrunCommand(t, dir, "watch", "01", "--only", "2.1")
	r, w := io.Pipe()
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := newTermScreen(r)
	out.waitFor(t, "save a file to check again", 1)
	text := out.text()
	if strings.Contains(text, "\x1b[") {
		t.Errorf("a pipe gets no escape codes; watch wrote:\n%q", text)
	}
	if !strings.Contains(text, "PASS  2.1 ") || strings.Contains(text, "1.1 ") || strings.Contains(text, "2.2 ") {
		t.Errorf("--only 2.1 shows check 2.1 alone; watch wrote:\n%s", text)
	}
	if !strings.Contains(text, "2.1 passes; 1 of 12 checks pass in all.") {
		t.Errorf("--only says how the one check went and how many pass in all; watch wrote:\n%s", text)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	w.Close()
	if err != nil {
		t.Errorf("labrun watch should leave with status 0 on SIGTERM; it ended with %v\n%s", err, out.text())
	}
}
