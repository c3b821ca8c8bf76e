package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/bundle"
)

// TestGradescopeBundle builds the autograder for lesson 02, unpacks it the
// way Gradescope does, builds labrun from the bundle alone (so nothing it
// needs is missing), and grades a submission with its run_autograder.
func TestGradescopeBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds labrun from the bundle")
	}
	ag, results := gradeInBundle(t, "02", "wrong_calls_sorted", "harness.go")
	if _, err := os.Stat(filepath.Join(ag, "source", "kit", "grader", "checks", "01")); err == nil {
		t.Errorf("the bundle for lesson 02 should not carry other lessons' checks")
	}
	if results.Score != 12 || len(results.Tests) != 13 {
		t.Errorf("a submission that sorts its calls should score 12 of 13 checks, got %v with %d tests", results.Score, len(results.Tests))
	}
	for _, test := range results.Tests {
		if strings.Contains(test.Name, "calls_in_order") && test.Status != "failed" {
			t.Errorf("calls_in_order should fail, got %s", test.Status)
		}
	}
}

// TestGradescopeBundleJudged: a lesson whose checks are judged grades in
// its bundle, which carries no solution, with the judge packed built.
func TestGradescopeBundleJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds labrun from the bundle")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the bundle's judge is built for Gradescope's linux/amd64")
	}
	ag, results := gradeInBundle(t, "11", "wrong_sequential", "*.go")
	if _, err := os.Stat(filepath.Join(ag, "source", "kit", "grader", "checks", "11", "judge", "prebuilt", "judge")); err != nil {
		t.Errorf("the bundle lacks the packed judge: %v", err)
	}
	failed := map[string]bool{}
	for _, test := range results.Tests {
		if test.Status == "failed" {
			failed[test.Name[strings.LastIndex(test.Name, "[")+1:len(test.Name)-1]] = true
		}
	}
	want := []string{"reads_run_at_once", "write_runs_alone", "cancelled_calls_get_results", "run_calls_agree"}
	if results.Score != 10 || len(failed) != len(want) {
		t.Errorf("a submission that runs calls one by one should score 10 of 14, failing %v; got %v, failing %v", want, results.Score, failed)
	}
}

// bundleResults is what a bundle's run_autograder wrote.
type bundleResults struct {
	Score float64
	Tests []struct{ Name, Status string }
}

// gradeInBundle packs the autograder of lesson number, builds labrun from
// the bundle alone, and grades the files (a glob) of a known variant with
// run_autograder, as Gradescope would. It returns the autograder folder and
// the results.
func gradeInBundle(t *testing.T, number, variant, files string) (string, bundleResults) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	t.Setenv("HARNESSLAB_ROOT", root)
	ag := t.TempDir()
	zipPath := filepath.Join(ag, "autograder.zip")
	var out bytes.Buffer
	if err := run([]string{"gradescope", number, "-o", zipPath}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	unzip(t, zipPath, filepath.Join(ag, "source"))
	for _, f := range []string{"setup.sh", "run_autograder", "kit/go.mod", "kit/grader/checks/" + number + "/main.go"} {
		if _, err := os.Stat(filepath.Join(ag, "source", f)); err != nil {
			t.Errorf("the bundle lacks %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(ag, "source", "kit", "solutions")); err == nil {
		t.Errorf("the bundle holds solutions/, which a submission in the container could read")
	}
	bin := filepath.Join(ag, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "labrun"), "./cmd/labrun")
	build.Dir = filepath.Join(ag, "source", "kit")
	build.Env = append(os.Environ(), "HARNESSLAB_ROOT=")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("labrun does not build from the bundle alone: %v\n%s", err, msg)
	}
	os.MkdirAll(filepath.Join(ag, "submission"), 0o755)
	subs, _ := filepath.Glob(filepath.Join(variantDir(t, root, number, variant), files))
	for _, f := range subs {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(ag, "submission", filepath.Base(f)), data, 0o644)
	}
	cmd := exec.Command("bash", filepath.Join(ag, "source", "run_autograder"))
	cmd.Env = append(os.Environ(), "AUTOGRADER="+ag, "HARNESSLAB_ROOT=", "PATH="+bin+":"+os.Getenv("PATH"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run_autograder: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(filepath.Join(ag, "results", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var results bundleResults
	if err := json.Unmarshal(data, &results); err != nil {
		t.Fatal(err)
	}
	return ag, results
}

// variantDir returns the folder of the whole student files of the known
// variant name of lesson number (testdata keeps only its patch).
func variantDir(t *testing.T, root, number, name string) string {
	t.Helper()
	kit, err := grader.FindKit(root)
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson(number)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := l.Variants()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Name == name {
			return v.Dir
		}
	}
	t.Fatalf("lesson %s has no variant %s", number, name)
	return ""
}

func unzip(t *testing.T, path, dir string) {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range r.File {
		target := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(target), 0o755)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		if err := os.WriteFile(target, data, f.Mode()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGradescopeBundleEveryLesson builds the autograder of every lesson and
// asks the go command whether every package in it finds every package it
// imports inside the bundle: a lesson that needs a file the bundle leaves
// out fails here, without building labrun sixteen times.
func TestGradescopeBundleEveryLesson(t *testing.T) {
	if testing.Short() {
		t.Skip("bundles every lesson of the course: -short skips it; the full proof runs it")
	}
	root, _ := filepath.Abs("../..")
	t.Setenv("HARNESSLAB_ROOT", root)
	kit, err := grader.FindKit(root)
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		t.Run(l.Number, func(t *testing.T) {
			dir := t.TempDir()
			zipPath := filepath.Join(dir, "autograder.zip")
			// bundle.Gradescope rather than the command, which proves the
			// solution first: TestVerify does that for every lesson already.
			f, err := os.Create(zipPath)
			if err != nil {
				t.Fatal(err)
			}
			if err := bundle.Gradescope(f, kit, l, time.Time{}); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			src := filepath.Join(dir, "source", "kit")
			unzip(t, zipPath, filepath.Join(dir, "source"))
			wanted := []string{"lessons/" + l.Slug + "/lesson.json", "grader/checks/" + l.Number + "/main.go"}
			for _, f := range wanted {
				if _, err := os.Stat(filepath.Join(src, filepath.FromSlash(f))); err != nil {
					t.Errorf("the bundle for lesson %s lacks %s", l.Number, f)
				}
			}
			list := exec.Command("go", "list", "-e", "-deps", "-f", "{{with .Error}}{{.}}{{end}}", "./...")
			list.Dir = src
			list.Env = append(os.Environ(), "HARNESSLAB_ROOT=", "GOFLAGS=-mod=readonly")
			out, err := list.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "" {
				t.Errorf("in the bundle for lesson %s, some package does not load: %v\n%s", l.Number, err, out)
			}
		})
	}
}
