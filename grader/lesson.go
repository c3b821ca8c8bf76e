package grader

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"harnesslab/grader/results"
)

// Lesson is one lesson of the kit, as lesson.json and its check scripts
// describe it.
type Lesson struct {
	Number         string   `json:"number"`                // "02"
	Title          string   `json:"title"`                 // "The model can only talk"
	Package        string   `json:"package"`               // the Go package name of the student files
	StudentFiles   []string `json:"student_files"`         // the only files taken from a student's copy
	AllowedImports []string `json:"allowed_imports"`       // what student files may import
	Labs           []string `json:"labs"`                  // lab titles, in order
	Concurrency    bool     `json:"concurrency,omitempty"` // the lesson teaches goroutines: go statements are allowed, and checks run under the race detector
	// GoCommand lets student files run the go command for real, through
	// lab.NewGoCommands (which writes a copy of the workspace, at most
	// lab.MaxModuleBytes, and a private build cache, at most
	// lab.MaxGoCacheBytes). False by default: no lesson's student files need
	// it (lesson 16's checks hand Patch a Commands of their own; only its
	// cells, the kit's own programs, run the go command).
	GoCommand bool `json:"go_command,omitempty"`

	Slug   string       `json:"-"` // "02-model-can-only-talk"
	Dir    string       `json:"-"` // the lesson folder: lessons/<slug>
	Checks []*CheckInfo `json:"-"` // in the order the student reads them

	kit *Kit
}

// CheckInfo is one check, as its script declares it.
type CheckInfo struct {
	Name     string  // the script's name without its order prefix: "second_request_holds_result"
	Number   string  // "lab.n", n counting the lab's checks in script order: "2.3"; the one numbering every view shows
	Sentence string  // the script's first comment line
	Lab      int     // 1-based
	Points   float64 // default 1
	Hidden   bool    // hidden from students in Gradescope
	Script   string  // path of the .txtar file
}

// Kit returns the kit the lesson belongs to.
func (l *Lesson) Kit() *Kit { return l.kit }

// SolutionDir returns the folder of the lesson's reference solution, whole:
// generated from the chain's source in solutions/ (see package course).
func (l *Lesson) SolutionDir() (string, error) { return l.kit.generatedDir("solutions", l.Slug) }

// SourceDir returns the folder of what the lesson adds to the chain, the
// source its starter and solution are generated from: solutions/<slug>.
func (l *Lesson) SourceDir() string { return filepath.Join(l.kit.Root, "solutions", l.Slug) }

// ChecksDir returns the folder of the lesson's check program and scripts.
func (l *Lesson) ChecksDir() string { return filepath.Join(l.kit.Root, "grader", "checks", l.Number) }

// RunDir returns the folder of the lesson's real-model run: a program
// built around the student's package, as the check program is, that plays
// the lesson's scenario against a real model (see package runkit).
func (l *Lesson) RunDir() string { return filepath.Join(l.kit.Root, "grader", "runs", l.Number) }

// ImportPath returns the import path of the lesson's student package.
func (l *Lesson) ImportPath() string { return ModulePath + "/lessons/" + l.Slug }

// MaxScore returns the points of all the lesson's checks.
func (l *Lesson) MaxScore() float64 {
	total := 0.0
	for _, c := range l.Checks {
		total += c.Points
	}
	return total
}

// LabTitle returns the title of lab n (1-based), or "Lab n".
func (l *Lesson) LabTitle(n int) string {
	if n >= 1 && n <= len(l.Labs) {
		return l.Labs[n-1]
	}
	return "Lab " + strconv.Itoa(n)
}

// NotRun returns the result of a copy of the lesson that could not be run:
// every check failed, no points, and status and message saying why.
func (l *Lesson) NotRun(status results.Status, message string) *results.Result {
	r := &results.Result{Lesson: l.Number, Status: status, Message: message, MaxScore: l.MaxScore()}
	for _, c := range l.Checks {
		cr := c.Result()
		cr.Kind, cr.Message = status.Kind(), "not run: "+string(status)
		r.Checks = append(r.Checks, cr)
	}
	return r
}

// Result is the result of check c before it runs: what it is, and what it
// is worth.
func (c *CheckInfo) Result() results.CheckResult {
	return results.CheckResult{Name: c.Name, Number: c.Number, Sentence: c.Sentence, Lab: c.Lab, MaxPoints: c.Points, Hidden: c.Hidden}
}

func (k *Kit) loadLesson(slug string) (*Lesson, error) {
	dir := filepath.Join(k.Root, "lessons", slug)
	data, err := os.ReadFile(filepath.Join(dir, "lesson.json"))
	if err != nil {
		return nil, fmt.Errorf("load lesson %s: %w", slug, err)
	}
	l := &Lesson{Slug: slug, Dir: dir, kit: k}
	if err := json.Unmarshal(data, l); err != nil {
		return nil, fmt.Errorf("load lesson %s: lesson.json: %w", slug, err)
	}
	if l.Number != slug[:2] {
		return nil, fmt.Errorf("load lesson %s: lesson.json says number %q, the folder says %q", slug, l.Number, slug[:2])
	}
	if len(l.StudentFiles) == 0 || l.Package == "" {
		return nil, fmt.Errorf("load lesson %s: lesson.json needs package and student_files", slug)
	}
	l.Checks, err = loadChecks(l.ChecksDir())
	if err != nil {
		return nil, fmt.Errorf("load lesson %s: %w", slug, err)
	}
	return l, nil
}

// loadChecks reads the header of every script in dir, in file name order.
func loadChecks(dir string) ([]*CheckInfo, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var checks []*CheckInfo
	seen := map[string]bool{}
	for _, p := range paths {
		c, err := readCheckHeader(p)
		if err != nil {
			return nil, err
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("two check scripts are named %s", c.Name)
		}
		seen[c.Name] = true
		checks = append(checks, c)
	}
	labs := make([]int, len(checks))
	for i, c := range checks {
		labs[i] = c.Lab
	}
	for i, n := range results.LabNumbers(labs) {
		checks[i].Number = n
	}
	return checks, nil
}

func readCheckHeader(path string) (*CheckInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read check: %w", err)
	}
	c := &CheckInfo{Name: scriptName(path), Lab: 1, Points: 1, Script: path}
	for _, line := range strings.Split(string(data), "\n") {
		text, ok := strings.CutPrefix(strings.TrimSpace(line), "#")
		if !ok {
			break
		}
		text = strings.TrimSpace(text)
		key, value, isKey := strings.Cut(text, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case c.Sentence == "":
			c.Sentence = text
		case isKey && key == "lab":
			if c.Lab, err = strconv.Atoi(value); err != nil || c.Lab < 1 {
				return nil, fmt.Errorf("%s: lab must be a number from 1, got %q", path, value)
			}
		case isKey && key == "points":
			if c.Points, err = strconv.ParseFloat(value, 64); err != nil || c.Points < 0 {
				return nil, fmt.Errorf("%s: points must be a number, got %q", path, value)
			}
		case isKey && key == "visibility":
			c.Hidden = value == "hidden"
		}
	}
	if c.Sentence == "" {
		return nil, fmt.Errorf("%s: a check script starts with a comment line: the sentence the student reads", path)
	}
	// The engine may run every check of a copy at once, by the scripts' names:
	// a script must run the check it is named after.
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "check "); ok && strings.TrimSpace(name) != c.Name {
			return nil, fmt.Errorf("%s: the script runs check %s but is named for %s; name the file NN_%s.txtar", path, strings.TrimSpace(name), c.Name, strings.TrimSpace(name))
		}
	}
	return c, nil
}

// scriptName turns ".../03_second_request.txtar" into "second_request".
func scriptName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".txtar")
	if i := strings.IndexByte(name, '_'); i > 0 && strings.Trim(name[:i], "0123456789") == "" {
		name = name[i+1:]
	}
	return name
}

// JudgeDir is the folder of the lesson's judge program, when its checks are
// judged: grader/checks/NN/judge.
func (l *Lesson) JudgeDir() string { return filepath.Join(l.ChecksDir(), "judge") }

// Judged reports whether the lesson's checks are played and judged in two
// processes: the check program built with the student's files only plays a
// scenario and records what the student's code did, and the judge, built
// with the reference, decides (see package checkkit).
func (l *Lesson) Judged() bool {
	_, err := os.Stat(filepath.Join(l.JudgeDir(), "main.go"))
	return err == nil
}
