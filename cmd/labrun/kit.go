package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"harnesslab/grader"
)

// lessonArg finds the kit and the lesson numbered arg.
func lessonArg(arg string) (*grader.Kit, *grader.Lesson, error) {
	kit, err := grader.FindKit(".")
	if err != nil {
		return nil, nil, err
	}
	l, err := kit.Lesson(arg)
	if err != nil {
		return nil, nil, err
	}
	return kit, l, nil
}

// needArgs refuses args unless there are from min to max of them, with the
// command's usage.
func needArgs(args []string, min, max int, usage string) error {
	if len(args) < min || len(args) > max {
		return &usageError{msg: "usage: labrun " + usage}
	}
	return nil
}

// unknownVersion is the kit version of a kit that is neither a git checkout
// nor built from one.
const unknownVersion = "unknown"

// commitHash matches a full git commit hash (SHA-1 or SHA-256).
var commitHash = regexp.MustCompile(`^([0-9a-f]{40}|[0-9a-f]{64})$`)

// kitVersion names the version of the kit in root, as reports record it:
// the commit git says the checkout is at, with "-dirty" when tracked files
// were changed since; else the commit this binary was built from, from its
// build info; else the module version it was installed at; else "unknown".
// Git itself resolves the commit, so packed refs, worktrees and detached
// checkouts all give the real hash.
func kitVersion(root string) string {
	if v, ok := gitVersion(root); ok {
		return v
	}
	if v, ok := buildVersion(); ok {
		return v
	}
	return unknownVersion
}

// gitVersion asks git for the commit of the checkout holding root.
func gitVersion(root string) (string, bool) {
	head, err := git(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	if err != nil || !commitHash.MatchString(head) {
		return "", false
	}
	// --no-optional-locks: only look, never refresh the index, so that
	// grading cannot get in the way of someone committing in the kit.
	// The student files in the lesson folders are left out: grading never
	// reads them, so a solved lesson does not make the kit "-dirty".
	args := append([]string{"--no-optional-locks", "status", "--porcelain", "--untracked-files=no", "--", ":/"}, studentPathspecs(root)...)
	changed, err := git(root, args...)
	if err != nil {
		return head, true
	}
	if changed != "" {
		head += "-dirty"
	}
	return head, true
}

// studentPathspecs returns a git pathspec that leaves out each lesson's
// student files (lessons/<slug>/<file>, as its lesson.json lists them),
// relative to root. A lesson.json that cannot be read leaves nothing out.
func studentPathspecs(root string) []string {
	kitRoot, err := git(root, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(kitRoot, "lessons", "*", "lesson.json"))
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var l struct {
			StudentFiles []string `json:"student_files"`
		}
		if json.Unmarshal(data, &l) != nil {
			continue
		}
		slug := filepath.Base(filepath.Dir(f))
		for _, name := range l.StudentFiles {
			out = append(out, ":(top,exclude,literal)lessons/"+slug+"/"+name)
		}
	}
	return out
}

// git runs git in dir and returns its output, trimmed. Variables that
// would point git at another repository are left out, and git gets ten
// seconds.
func git(dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR":
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("run git %s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// buildVersion reads the version of the kit this binary was built from: the
// commit its build info records (with "-dirty" for a build from changed
// files), or the module version it was installed at.
func buildVersion() (string, bool) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", false
	}
	return versionFromBuild(info)
}

// versionFromBuild is buildVersion for the given build info.
func versionFromBuild(info *debug.BuildInfo) (string, bool) {
	var rev string
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" {
		if modified {
			rev += "-dirty"
		}
		return rev, true
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v, true
	}
	return "", false
}
