package main

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// What `labrun verify --changed` proves. A lesson's proof depends on its
// own folders, on the chain before it and on the code every lesson runs on;
// a change anywhere else (the README, the web view, grading) cannot change
// a proof, and proves nothing.

// sharedPaths are the folders and files every lesson's proof runs on: a
// change to one proves every lesson. The files directly in grader/ are the
// lesson model, and are shared too (see sharedPath).
var sharedPaths = []string{
	"go.mod", "go.sum", "solutions/go.mod", "lab/",
	"grader/build/", "grader/engine/", "grader/proof/", "grader/checkkit/", "grader/sandbox/",
	"grader/gosource/", "grader/course/", "grader/results/", "grader/capture/",
}

// choice is the lessons verify --changed proves, each with the reason.
type choice struct {
	lessons []string          // lesson numbers, in the kit's order
	why     map[string]string // lesson number to the reason it is proved
	all     string            // when every lesson is proved: the file that made it so
}

// chooseLessons picks, among the kit's lessons (numbers, in order), those
// whose proof depends on a changed file (paths relative to the kit's root,
// slash-separated):
//
//	solutions/NN-slug/...      lesson NN and every later one: the chain carries the change
//	lessons/NN-slug/...        lesson NN
//	grader/checks/NN/...       lesson NN
//	testdata/variants/NN/...   lesson NN
//	lab/..., the lesson model, the engine (see sharedPaths)   every lesson
//
// Other files are left out, and so are tests and test data of the shared
// code, which a proof does not run.
func chooseLessons(numbers, changed []string) choice {
	c := choice{why: map[string]string{}}
	carried := map[string]string{} // a lesson's own change is the better reason: these come last
	pick := func(number, why string) {
		if _, done := c.why[number]; !done && slices.Contains(numbers, number) {
			c.why[number] = why
		}
	}
	for _, file := range slices.Sorted(slices.Values(changed)) {
		if sharedPath(file) {
			c.all = file
			break
		}
		parts := strings.Split(file, "/")
		switch {
		case len(parts) >= 3 && parts[0] == "solutions" && lessonFolder(parts[1]):
			from := parts[1][:2]
			for _, n := range numbers {
				if n == from {
					pick(n, file+" changed")
				} else if _, done := carried[n]; !done && n > from {
					carried[n] = "the chain carries " + file + " from lesson " + from
				}
			}
		case len(parts) >= 3 && parts[0] == "lessons" && lessonFolder(parts[1]):
			pick(parts[1][:2], file+" changed")
		case len(parts) >= 4 && parts[0] == "grader" && parts[1] == "checks":
			pick(parts[2], file+" changed")
		case len(parts) >= 4 && parts[0] == "testdata" && parts[1] == "variants":
			pick(parts[2], file+" changed")
		}
	}
	if c.all != "" {
		c.lessons = slices.Clone(numbers)
		return c
	}
	for n, why := range carried {
		pick(n, why)
	}
	for _, n := range numbers {
		if _, ok := c.why[n]; ok {
			c.lessons = append(c.lessons, n)
		}
	}
	return c
}

// sharedPath reports whether file is code every lesson's proof runs on,
// not counting tests and test data.
func sharedPath(file string) bool {
	if strings.HasSuffix(file, "_test.go") || strings.Contains("/"+file, "/testdata/") {
		return false
	}
	if dir, name := path.Split(file); dir == "grader/" && strings.HasSuffix(name, ".go") {
		return true // the lesson model
	}
	for _, p := range sharedPaths {
		if file == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(file, p)) {
			return true
		}
	}
	return false
}

// lessonFolder reports whether name is a lesson's folder name: NN-slug.
func lessonFolder(name string) bool {
	return len(name) > 3 && name[0] >= '0' && name[0] <= '9' && name[1] >= '0' && name[1] <= '9' && name[2] == '-'
}

// lines says what c chose and why, one line each.
func (c choice) lines() []string {
	switch {
	case c.all != "":
		return []string{fmt.Sprintf("verify --changed: every lesson, because %s changed and every lesson's proof runs on it", c.all)}
	case len(c.lessons) == 0:
		return []string{"verify --changed: no file a lesson's proof depends on differs from main; nothing to prove"}
	}
	out := []string{fmt.Sprintf("verify --changed: %d %s", len(c.lessons), plural(len(c.lessons), "lesson", "lessons"))}
	for _, n := range c.lessons {
		out = append(out, fmt.Sprintf("  lesson %s: %s", n, c.why[n]))
	}
	return out
}

// changedFiles asks git which files of the kit at root differ from base
// (main, or origin/main when there is no main): committed since the two
// histories parted, changed and not yet committed, or new and not ignored.
// Paths are relative to root.
func changedFiles(root string) ([]string, error) {
	if _, err := git(root, "rev-parse", "--git-dir"); err != nil {
		return nil, fmt.Errorf("git is not installed, or %s is not a git checkout: %v", root, err)
	}
	var base string
	for _, ref := range []string{"main", "origin/main"} {
		if _, err := git(root, "rev-parse", "--verify", "--quiet", ref+"^{commit}"); err == nil {
			base = ref
			break
		}
	}
	if base == "" {
		return nil, fmt.Errorf("this checkout has no branch main (nor origin/main) to compare with")
	}
	var files []string
	for _, args := range [][]string{
		{"diff", "--name-only", "--relative", base + "..."},
		{"diff", "--name-only", "--relative", "HEAD"},
		{"ls-files", "--others", "--exclude-standard"},
	} {
		out, err := git(root, args...)
		if err != nil {
			return nil, err
		}
		files = append(files, strings.Fields(out)...)
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}
