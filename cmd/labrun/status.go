package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"harnesslab/grader"
)

// lessonStatus is what the last check of a lesson found, kept for list.
type lessonStatus struct {
	Passed int       `json:"passed"`
	Total  int       `json:"total"`
	Status string    `json:"status"`
	When   time.Time `json:"when"`
}

func statusFile() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return "", err
	}
	// One file per checkout, so two clones do not mix their progress.
	name := strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(kit.Root)
	return filepath.Join(dir, "harnesslab", name+".json"), nil
}

func loadStatus() map[string]lessonStatus {
	out := map[string]lessonStatus{}
	path, err := statusFile()
	if err != nil {
		return out
	}
	data, err := os.ReadFile(path)
	if err == nil {
		json.Unmarshal(data, &out)
	}
	return out
}

// saveStatus remembers a check's outcome. Failing to remember is not worth
// failing the check for, so errors are dropped.
func saveStatus(number string, r *grader.Result) {
	path, err := statusFile()
	if err != nil {
		return
	}
	all := loadStatus()
	s := lessonStatus{Total: len(r.Checks), Status: string(r.Status), When: time.Now()}
	for _, c := range r.Checks {
		if c.Passed {
			s.Passed++
		}
	}
	all[number] = s
	data, _ := json.MarshalIndent(all, "", "  ")
	os.MkdirAll(filepath.Dir(path), 0o755)
	tmp := path + ".tmp"
	if os.WriteFile(tmp, data, 0o644) == nil {
		os.Rename(tmp, path)
	}
}

func describeStatus(s lessonStatus, ok bool) string {
	if !ok {
		return "not checked yet"
	}
	if s.Status == string(grader.StatusPassed) {
		return fmt.Sprintf("done (%d/%d)", s.Passed, s.Total)
	}
	if s.Status != string(grader.StatusFailed) {
		return s.Status
	}
	return fmt.Sprintf("%d/%d checks pass", s.Passed, s.Total)
}
