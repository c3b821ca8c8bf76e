package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// stateEnv names a folder that holds the student's progress instead of the
// kit's own .labrun folder (the tests use it).
const stateEnv = "LABRUN_STATE"

// stateDir is where the student's progress lives: .labrun in the kit's
// folder (git-ignored), so it moves with the kit and two clones never mix.
func stateDir(kit *grader.Kit) string {
	if dir := os.Getenv(stateEnv); dir != "" {
		return dir
	}
	return filepath.Join(kit.Root, ".labrun")
}

// lessonStatus is what the last check of a lesson's own folder found, kept
// for list and hint.
type lessonStatus struct {
	Passed    int       `json:"passed"`
	Total     int       `json:"total"`
	Status    string    `json:"status"`
	FirstFail string    `json:"first_fail,omitempty"` // "2.1": the first check that failed
	Code      string    `json:"code"`                 // Lesson.WorkHash of the files checked
	When      time.Time `json:"when"`
}

// readState reads the JSON file name of the state folder into v; a missing
// or unreadable file leaves v as it is.
func readState(kit *grader.Kit, name string, v any) {
	data, err := os.ReadFile(filepath.Join(stateDir(kit), name))
	if err == nil {
		json.Unmarshal(data, v)
	}
}

// writeState writes v as the JSON file name of the state folder, whole or
// not at all.
func writeState(kit *grader.Kit, name string, v any) error {
	dir := stateDir(kit)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("keep your progress: %v", err)
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("keep your progress: %v", err)
	}
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return fmt.Errorf("keep your progress: %v", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("keep your progress: %v", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("keep your progress: %v", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("keep your progress: %v", err)
	}
	return nil
}

const statusName = "status.json"

// loadStatus returns the kept status of every lesson checked, by number.
func loadStatus(kit *grader.Kit) map[string]lessonStatus {
	out := map[string]lessonStatus{}
	readState(kit, statusName, &out)
	return out
}

// saveStatus keeps what a check of the lesson's own folder found, with a hash
// of the files checked (code). Failing to keep it is not worth failing the
// check for: the error is only told on stderr by the caller.
func saveStatus(kit *grader.Kit, l *grader.Lesson, code string, r *results.Result) error {
	all := loadStatus(kit)
	s := lessonStatus{Total: len(r.Checks), Status: string(r.Status), Code: code, When: time.Now().UTC()}
	for _, c := range checkIDs(r) {
		if c.check.Passed {
			s.Passed++
		} else if s.FirstFail == "" {
			s.FirstFail = c.id
		}
	}
	all[l.Number] = s
	return writeState(kit, statusName, all)
}

// describeStatus is the YOUR STATUS column of list: what the last check
// found, and whether it is about the code there now (current is the hash of
// the lesson's files now).
func describeStatus(s lessonStatus, ok bool, current string) string {
	if !ok {
		return "not checked yet"
	}
	var what string
	switch s.Status {
	case string(results.StatusPassed):
		what = fmt.Sprintf("passed %d/%d", s.Passed, s.Total)
	case string(results.StatusFailed):
		what = fmt.Sprintf("%d/%d checks pass", s.Passed, s.Total)
	default:
		what = s.Status
	}
	if s.Code == current {
		return what + " (your current code)"
	}
	return what + " (older code: changed since)"
}
