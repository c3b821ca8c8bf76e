package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestShowScripts runs labrun show as a student reads a lesson: piped, and
// in a pseudo-terminal where it renders, pages and asks its questions. One
// behaviour per script in testdata/show.
func TestShowScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		home = t.TempDir()
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/show",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"mkkit": cmdMkkit, "ptyrun": cmdPtyrun},
		Setup: func(env *testscript.Env) error {
			env.Setenv("HARNESSLAB_ROOT", root)
			env.Setenv("KIT", root)
			// go build needs a real cache and module cache: the tests share the user's.
			env.Setenv("HOME", home)
			env.Setenv("GOCACHE", filepath.Join(cache, "go-build"))
			for _, k := range []string{"GOMODCACHE", "GOPATH"} {
				if v := os.Getenv(k); v != "" {
					env.Setenv(k, v)
				}
			}
			return nil
		},
	})
}

// ptyEnv are the variables a program run by ptyrun gets from the script.
var ptyEnv = []string{"PATH", "HOME", "GOCACHE", "GOMODCACHE", "GOPATH", "HARNESSLAB_ROOT",
	"PAGER", "NO_COLOR", "TMPDIR", "GOFLAGS", "GOPROXY"}

// ansiEscape matches the terminal's control sequences, so that scripts can
// match the words on the screen.
var ansiEscape = regexp.MustCompile(`\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])`)

// cmdPtyrun runs a program in a pseudo-terminal 100 columns by 40 rows, as a
// student at a terminal would. At each question it types the next letter of
// ANSWERS ("-" for none: then it ends the input, as Ctrl-D does), and Enter
// wherever the quiz waits for it. The screen's words, control sequences
// removed, become the command's stdout; the screen as drawn is kept in
// pty.raw.
//
//	ptyrun ANSWERS PROGRAM ARGS...
func cmdPtyrun(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: ptyrun ANSWERS PROGRAM ARGS...")
	}
	answers := strings.TrimPrefix(args[0], "-")
	path, err := exec.LookPath(args[1])
	ts.Check(err)
	cmd := exec.Command(path, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = []string{"TERM=xterm-256color"}
	for _, k := range ptyEnv {
		if v := ts.Getenv(k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 100})
	ts.Check(err)
	defer tty.Close()

	screen := &ptyScreen{changed: make(chan struct{}, 1)}
	go screen.read(tty)
	picks, goOns := 0, 0
	guard := time.After(5 * time.Minute) // a stuck program fails the script instead of hanging the suite
	for !screen.closed() {
		select {
		case <-screen.changed:
		case <-guard:
			_ = cmd.Process.Kill()
			ts.Fatalf("labrun was still running after 5 minutes; the screen so far:\n%s", screen.text())
		}
		text := screen.text()
		for ; picks < strings.Count(text, pickPrompt); picks++ {
			if picks >= len(answers) {
				_, err = tty.Write([]byte{4}) // Ctrl-D: the input ends
			} else {
				_, err = fmt.Fprintf(tty, "%c\n", answers[picks])
			}
			ts.Check(err)
		}
		for ; goOns < strings.Count(text, goOnPrompt); goOns++ {
			_, err = tty.Write([]byte("\n"))
			ts.Check(err)
		}
	}
	err = cmd.Wait()
	ts.Check(os.WriteFile(ts.MkAbs("pty.raw"), screen.raw(), 0o644))
	ts.Stdout().Write([]byte(screen.text()))
	if err != nil && !neg {
		ts.Fatalf("%s: %v", strings.Join(args[1:], " "), err)
	}
	if err == nil && neg {
		ts.Fatalf("%s succeeded unexpectedly", strings.Join(args[1:], " "))
	}
}

// ptyScreen collects what a program draws on its terminal.
type ptyScreen struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	done    bool
	changed chan struct{}
}

func (s *ptyScreen) read(tty *os.File) {
	b := make([]byte, 4096)
	for {
		n, err := tty.Read(b)
		s.mu.Lock()
		s.buf.Write(b[:n])
		if err != nil { // io.EOF, or EIO once the program has closed the terminal
			s.done = true
		}
		s.mu.Unlock()
		select {
		case s.changed <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

func (s *ptyScreen) closed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done
}

func (s *ptyScreen) raw() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.buf.Bytes())
}

// text returns the screen's words: control sequences and carriage returns
// removed.
func (s *ptyScreen) text() string {
	return strings.ReplaceAll(ansiEscape.ReplaceAllString(string(s.raw()), ""), "\r", "")
}
