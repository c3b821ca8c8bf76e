package build

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// linkFailure words a link that failed within its limits. The kit's own
// solution links, so the student's code is what differs, unless the C
// toolchain that a race-detector build links with is missing or broken:
// that is the machine's fault.
func linkFailure(out string) *results.Result {
	text := "\n  " + strings.Join(strings.Split(out, "\n"), "\n  ")
	for _, c := range []string{"running gcc failed", `exec: "gcc"`, "collect2:", "cannot find -l"} {
		if strings.Contains(out, c) {
			return failure(results.StatusKitError, "The check program of a lesson that teaches concurrency is linked by the C toolchain, "+
				"and that failed on this machine. This is not your code's fault: it needs gcc and the static C library "+
				"(Debian packages gcc and libc6-dev)."+text)
		}
	}
	return failure(results.StatusNoCompile, "Your code compiles, but the check program cannot be linked with it:"+text)
}

var compileLine = regexp.MustCompile(`^(?:\./)?([^\s:]+\.go):(\d+)(?::(\d+))?: (.*)$`)

// compileFailure words the compiler's output on lesson l for a student: each error
// pointing at the student's own file (shown maps the paths the compiler
// names to the paths the student knows), and errors in the check program
// explained.
func compileFailure(l *grader.Lesson, out string, shown map[string]string) *results.Result {
	var mine, theirs, kit []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := compileLine.FindStringSubmatch(line)
		if m == nil {
			mine = append(mine, line)
			continue
		}
		abs, rel := m[1], m[1]
		if filepath.IsAbs(abs) {
			if r, err := filepath.Rel(l.Kit().Root, abs); err == nil && !strings.HasPrefix(r, "..") {
				rel = filepath.ToSlash(r)
			}
		} else {
			abs = filepath.Join(l.Kit().Root, abs)
		}
		show, ok := shown[abs]
		if !ok {
			show, ok = shown[m[1]] // a path the compiler's -trimpath rewrote
		}
		if ok {
			mine = append(mine, fmt.Sprintf("%s:%s: %s", show, m[2], m[4]))
		} else if strings.HasPrefix(rel, "grader/checks/") && strings.Contains(m[4], l.Package+".") {
			theirs = append(theirs, m[4])
		} else if strings.HasPrefix(rel, "grader/") || strings.HasPrefix(rel, "lab/") {
			kit = append(kit, rel+strings.TrimPrefix(line, m[1]))
		} else {
			mine = append(mine, line)
		}
	}
	var b bytes.Buffer
	if len(mine) > 0 {
		b.WriteString("Your code does not compile:\n  " + strings.Join(mine, "\n  "))
	}
	if len(theirs) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Your code compiles, but the checks cannot call it: a function or type the lesson gives has a different name or signature now. Keep the names and signatures the starter gave you.\n  " + strings.Join(theirs, "\n  "))
	}
	if b.Len() == 0 && len(kit) > 0 {
		return failure(results.StatusKitError, "The checks of lesson "+l.Number+" do not build. This is a bug in the kit, not in your code:\n  "+strings.Join(kit, "\n  "))
	}
	if b.Len() == 0 {
		b.WriteString("the compiler failed:\n" + out)
	}
	return failure(results.StatusNoCompile, b.String())
}
