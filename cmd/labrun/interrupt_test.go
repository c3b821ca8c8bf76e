//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// faultSeed chooses the points where TestGradeSurvivesInterruptions stops
// its runs; change it to try other points.
const faultSeed = 12

// faultPoints is how many runs TestGradeSurvivesInterruptions stops.
const faultPoints = 12

// faultClass is the class TestGradeSurvivesInterruptions grades: small, with
// every kind of outcome and none that waits for a time limit.
var faultClass = []string{"nocompile", "panics", "passing", "wrong_fresh_list"}

// TestGradeSurvivesInterruptions grades a class once without a stop, then
// again many times, each run stopped at a seeded random point by SIGINT,
// SIGTERM or SIGKILL and resumed with the command it printed, until it
// completes. The resumed reports must equal the uninterrupted ones, timings
// aside; a stopped run must exit 130 or 143 and mark its report incomplete;
// no process may be left running and no temporary file or lock left in the
// output folder.
func TestGradeSurvivesInterruptions(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class about twenty times")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	work := filepath.Join(tmp, "tmp") // labrun's TMPDIR: a process mentioning it is one of ours
	os.Mkdir(work, 0o700)
	bin := filepath.Join(tmp, "labrun")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build labrun: %v\n%s", err, out)
	}
	var class []string
	for _, name := range faultClass {
		class = append(class, filepath.Join(root, "testdata", "variants", "01", name))
	}
	env := append(os.Environ(), "HARNESSLAB_ROOT="+root, "TMPDIR="+work)
	grade := func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		cmd.Dir = tmp
		return cmd
	}
	args := func(out string) []string {
		return append(append([]string{"grade", "01"}, class...), "--out", out, "--jobs", "2")
	}

	// The first run fills the caches; the second is as long as a run is.
	var full time.Duration
	for _, ref := range []string{"warm", "ref"} {
		start := time.Now()
		if out, err := grade(args(ref)...).CombinedOutput(); err != nil {
			t.Fatalf("the uninterrupted run failed: %v\n%s", err, out)
		}
		full = time.Since(start)
	}
	want := reportFiles(t, filepath.Join(tmp, "ref"))

	// Each stopped run is resumed, and the resume may be stopped in turn. A
	// run that ends before its signal has completed the class: its reports
	// are compared, and the next stop starts a new class in a new folder.
	rng := rand.New(rand.NewPCG(faultSeed, 0))
	signals := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL}
	rng.Shuffle(len(signals), func(i, j int) { signals[i], signals[j] = signals[j], signals[i] })
	bySignal := map[syscall.Signal]int{}
	stops, classes := 0, 0
	out := "out0"
	next := args(out)
	for attempt := 0; stops < faultPoints && attempt < 3*faultPoints; attempt++ {
		sig := signals[attempt%len(signals)]
		// From a quarter second (labrun is listening by then) to the
		// length of a whole run.
		delay := 250*time.Millisecond + time.Duration(rng.Int64N(int64(full)))
		var stopped bool
		next, stopped = stopAt(t, grade(next...), sig, delay, filepath.Join(tmp, out))
		t.Logf("%s: %s after %s: stopped the run: %v", out, sig, delay.Round(time.Millisecond), stopped)
		if left := ours(work); len(left) > 0 {
			t.Fatalf("%s after %s: processes left running: %q", sig, delay, left)
		}
		if stopped {
			stops++
			bySignal[sig]++
			continue
		}
		compareRun(t, want, filepath.Join(tmp, out))
		classes++
		out = fmt.Sprintf("out%d", classes)
		next = args(out)
	}
	if b, err := grade(next...).CombinedOutput(); err != nil {
		t.Fatalf("the last resume failed: %v\n%s", err, b)
	}
	compareRun(t, want, filepath.Join(tmp, out))
	if stops < faultPoints || len(bySignal) < len(signals) {
		t.Errorf("stopped %d runs (%v), want at least %d and each signal at least once", stops, bySignal, faultPoints)
	}
	if left := ours(work); len(left) > 0 {
		t.Errorf("processes left running: %q", left)
	}
}

// compareRun requires the reports in dir to equal want, timings aside.
func compareRun(t *testing.T, want map[string]string, dir string) {
	t.Helper()
	if diff := cmp.Diff(want, reportFiles(t, dir)); diff != "" {
		t.Errorf("the reports in %s differ from the uninterrupted run's (-want +got):\n%s", filepath.Base(dir), diff)
	}
}

// stopAt starts cmd, sends it sig after delay, waits for it to end and
// checks how it ended. It returns the arguments of the next run (the
// command labrun printed to resume, or the same arguments with --resume
// after SIGKILL, which leaves no word) and whether the signal came before
// the run ended.
func stopAt(t *testing.T, cmd *exec.Cmd, sig syscall.Signal, delay time.Duration, out string) ([]string, bool) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(delay)
	cmd.Process.Signal(sig)
	err := cmd.Wait()
	next := cmd.Args[1:]
	if !slices.Contains(next, "--resume") {
		next = append(slices.Clone(next), "--resume")
	}
	code := cmd.ProcessState.ExitCode()
	if err == nil { // every submission was graded before the signal came
		if report, err := os.ReadFile(filepath.Join(out, "report.json")); err != nil || bytes.Contains(report, []byte(`"incomplete"`)) {
			t.Fatalf("%s after %s: the run ended well but its report.json is missing or marked incomplete (%v)", sig, delay, err)
		}
		return next, false
	}
	switch sig {
	case syscall.SIGKILL:
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("SIGKILL after %s: ended with %v\n%s", delay, err, &stderr)
		}
		return next, true
	case syscall.SIGINT, syscall.SIGTERM:
		if want := 128 + int(sig); code != want {
			t.Fatalf("%s after %s: exit status %d, want %d\n%s", sig, delay, code, want, &stderr)
		}
	}
	_, resume, ok := strings.Cut(stderr.String(), "to finish, run: ")
	if !ok {
		t.Fatalf("%s after %s: no command to resume was printed:\n%s", sig, delay, &stderr)
	}
	printed := strings.Fields(resume)
	if printed[0] != "labrun" || !slices.Equal(printed[1:], next) {
		t.Fatalf("%s after %s: printed %q, want labrun grade %q", sig, delay, resume, next)
	}
	report, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil || !bytes.Contains(report, []byte(`"incomplete": true`)) {
		t.Fatalf("%s after %s: report.json is not marked incomplete (%v)", sig, delay, err)
	}
	return printed[1:], true
}

// timings are the fields of the reports that hold measured time.
var timings = regexp.MustCompile(`("duration": |"execution_time": | time=")[0-9.e+-]+`)

// reportFiles reads every file under dir, with its timings zeroed.
func reportFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = timings.ReplaceAllString(string(data), "${1}0")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// ours lists the running processes that mention dir in their command line,
// environment or working folder, after giving the ones being killed a
// moment to go.
func ours(dir string) []string {
	var found []string
	for range 50 {
		found = found[:0]
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			p := filepath.Join("/proc", e.Name())
			cmdline, err := os.ReadFile(filepath.Join(p, "cmdline"))
			if err != nil || len(cmdline) == 0 {
				continue // not a process, or a zombie already gone
			}
			environ, _ := os.ReadFile(filepath.Join(p, "environ"))
			cwd, _ := os.Readlink(filepath.Join(p, "cwd"))
			if bytes.Contains(cmdline, []byte(dir)) || bytes.Contains(environ, []byte(dir)) || strings.HasPrefix(cwd, dir) {
				found = append(found, e.Name()+": "+strings.ReplaceAll(string(cmdline), "\x00", " "))
			}
		}
		if len(found) == 0 {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return found
}
