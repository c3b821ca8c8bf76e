package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/results"
)

// raceToolchain returns lesson 02 as if it taught concurrency, with a
// toolchain that builds for the race detector.
func raceToolchain(t *testing.T) *build.Toolchain {
	t.Helper()
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	base, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	l := *base
	l.Concurrency = true
	tc, err := build.Prepare(context.Background(), &l)
	if err != nil {
		t.Fatalf("prepare a race toolchain: %v", err)
	}
	return tc
}

// studentCopy writes the lesson's reference solution with extra appended to
// its file into a fresh folder, and returns the folder.
func studentCopy(t *testing.T, l *grader.Lesson, extra string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range l.StudentFiles {
		data, err := os.ReadFile(filepath.Join(solutionDir(t, l), name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), append(data, extra...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRaceBuildPassesSolution: the reference solution has no race, so every
// check passes under the race detector, and the program is still static.
func TestRaceBuildPassesSolution(t *testing.T) {
	tc := raceToolchain(t)
	l := tc.Lesson()
	work := t.TempDir()
	r := Check(context.Background(), l, grader.Source{Dir: solutionDir(t, l)}, Options{Toolchain: tc, WorkDir: work})
	if r.Status != results.StatusPassed {
		t.Fatalf("the solution under -race: status %s (%s), want passed; %+v", r.Status, r.Message, r.Checks)
	}
}

// TestRaceBuildNamesTheLines: a go statement that races with its caller
// fails the checks that call it, with words naming both lines of the
// student's file and calling it a data race.
func TestRaceBuildNamesTheLines(t *testing.T) {
	tc := raceToolchain(t)
	l := tc.Lesson()
	src := studentCopy(t, l, "\nvar seen int\n")
	path := filepath.Join(src, "harness.go")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	racing := "\tvar calls []lab.Block\n" +
		"\tdone := make(chan bool)\n" +
		"\tgo func() { seen++; done <- true }() // races with the line below\n" +
		"\tseen++\n" +
		"\t<-done\n"
	text := strings.Replace(string(data), "\tvar calls []lab.Block\n", racing, 1)
	if text == string(data) {
		t.Fatal("the solution's ToolCalls has changed: no line to put the race after")
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	goLine := lineOf(text, "\tgo func() { seen++")
	mainLine := lineOf(text, "\tseen++\n")
	r := Check(context.Background(), l, grader.Source{Dir: src}, Options{Toolchain: tc, WorkDir: t.TempDir()})
	if r.Status != results.StatusFailed {
		t.Fatalf("status %s (%s), want failed", r.Status, r.Message)
	}
	raced := 0
	for _, c := range r.Checks {
		if c.Passed || !strings.Contains(c.Message, "data race") {
			continue
		}
		raced++
		if strings.Contains(c.Message, "kit's code") {
			t.Errorf("check %s: message %q blames the kit's code for a race in the student's", c.Name, c.Message)
		}
		for _, want := range []string{
			fmt.Sprintf("at harness.go:%d (ToolCalls)\n", mainLine),
			fmt.Sprintf("at harness.go:%d (ToolCalls.func1)\n", goLine),
			fmt.Sprintf("started at harness.go:%d (ToolCalls)", goLine),
			"sync.Mutex",
		} {
			if !strings.Contains(c.Message, want) {
				t.Errorf("check %s: message %q should say %q", c.Name, c.Message, want)
			}
		}
	}
	if raced == 0 {
		t.Errorf("no check failed with a data race; checks: %+v", r.Checks)
	}
}

// lineOf returns the 1-based line of text where the first line holding
// part starts.
func lineOf(text, part string) int {
	return strings.Count(text[:strings.Index(text, part)], "\n") + 1
}

// TestRaceWordsSameEveryRun: the same race, reported with its sides the other
// way round and other goroutine numbers and addresses, reads the same.
func TestRaceWordsSameEveryRun(t *testing.T) {
	report := func(first, second, gFirst, gSecond string) string {
		return "==================\nWARNING: DATA RACE\n" +
			first + " at 0x00c00001" + gFirst + " by goroutine " + gFirst + ":\n" +
			"  harnesslab/lessons/11-x.Fan.func1()\n      harnesslab/lessons/11-x/harness.go:38 +0x2e\n\n" +
			"Previous " + second + " at 0x00c00001" + gFirst + " by goroutine " + gSecond + ":\n" +
			"  harnesslab/lessons/11-x.Fan()\n      harnesslab/lessons/11-x/harness.go:39 +0x9c\n" +
			"  harnesslab/grader/checkkit.Run.func1()\n      harnesslab/grader/checkkit/main.go:74 +0x11\n\n" +
			"Goroutine " + gFirst + " (running) created at:\n" +
			"  harnesslab/lessons/11-x.Fan()\n      harnesslab/lessons/11-x/harness.go:38 +0x88\n\n" +
			"Goroutine " + gSecond + " (running) created at:\n" +
			"  harnesslab/grader/checkkit.Run()\n      harnesslab/grader/checkkit/main.go:74 +0x1f\n" +
			"==================\n"
	}
	a := raceWords(report("Read", "write", "8", "7"))
	b := raceWords(report("Write", "read", "12", "3"))
	if a != b {
		t.Errorf("one race worded two ways:\n%s\n---\n%s", a, b)
	}
	want := "at harness.go:38 (Fan.func1)\n  at harness.go:39 (Fan)\n  a goroutine in it was started at harness.go:38 (Fan)\n"
	if !strings.Contains(a, want) {
		t.Errorf("raceWords = %q, want it to hold %q", a, want)
	}
	if got := raceWords("panic: boom\n\ngoroutine 1 [running]:\n"); got != "" {
		t.Errorf("raceWords(a panic) = %q, want nothing", got)
	}
}
