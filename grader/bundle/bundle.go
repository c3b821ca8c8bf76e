// Package bundle writes a Gradescope autograder for one lesson: a zip holding
// the parts of the kit that grading needs, a setup.sh that installs Go and
// bubblewrap and builds labrun, and a run_autograder that grades the one
// submission Gradescope hands it and writes Gradescope's results.json.
//
// Goals: a bundle an instructor uploads as it is; the same labrun grade that
// runs on their own machine, so a grade on Gradescope is the grade they would
// get locally; nothing in it a submission could use to cheat. Submissions run
// in the same container as the bundle, so the bundle carries no solution:
// Prove checks the lesson's solution when the bundle is built, and the
// container's labrun grade --proved checks the pristine starter in its
// place. A lesson whose checks are judged needs the reference to judge, so
// its judge is packed built (for linux/amd64, with its scenarios and the
// reference's plays), under the kit, which the sandbox hides from
// submissions. The same kit and date give the same bytes. Non-goals: talking to
// Gradescope's API.
package bundle

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/build"
)

// Gradescope writes the autograder zip for lesson l of kit to w. Every entry
// is dated modified (a zero time is taken as DefaultDate); give the same date
// for the same kit, and the zip comes out the same byte for byte.
func Gradescope(w io.Writer, kit *grader.Kit, l *grader.Lesson, modified time.Time) error {
	if modified.IsZero() {
		modified = DefaultDate
	}
	goVersion, err := goVersion(kit.Root)
	if err != nil {
		return err
	}
	z := zip.NewWriter(w)
	for _, s := range []struct {
		name string
		tmpl *template.Template
	}{{"setup.sh", setupScript}, {"run_autograder", runScript}} {
		var b bytes.Buffer
		if err := s.tmpl.Execute(&b, map[string]string{"Go": goVersion, "Lesson": l.Number}); err != nil {
			return fmt.Errorf("write %s: %w", s.name, err)
		}
		if err := add(z, s.name, b.Bytes(), 0o755, modified); err != nil {
			return err
		}
	}
	generated, err := lessonFiles(kit, l)
	if err != nil {
		return err
	}
	paths := kitFiles(kit, l)
	for path := range generated {
		if !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	for _, path := range paths {
		data, ok := generated[path]
		if !ok {
			if data, err = os.ReadFile(filepath.Join(kit.Root, path)); err != nil {
				return fmt.Errorf("bundle %s: %w", path, err)
			}
		}
		if err := add(z, "kit/"+filepath.ToSlash(path), data, 0o644, modified); err != nil {
			return err
		}
	}
	if l.Judged() {
		// The judge links the reference: it is packed built, for Gradescope's
		// machines, where the sandbox hides the kit from submissions.
		program, meta, err := build.PackJudge(context.Background(), l, "linux", "amd64")
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(kit.Root, build.PrebuiltDir(l))
		if err != nil {
			return fmt.Errorf("bundle the judge: %w", err)
		}
		dir := "kit/" + filepath.ToSlash(rel)
		if err := add(z, dir+"/judge", program, 0o755, modified); err != nil {
			return err
		}
		if err := add(z, dir+"/judge.json", meta, 0o644, modified); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return fmt.Errorf("write the autograder zip: %w", err)
	}
	return nil
}

// lessonFiles returns, by their path in the kit, the lesson's student files
// as the starter has them: never an instructor's own work in the lesson
// folder, and never the solution, which a submission in the same container
// could read.
func lessonFiles(kit *grader.Kit, l *grader.Lesson) (map[string][]byte, error) {
	c, err := kit.Course()
	if err != nil {
		return nil, err
	}
	gl := c.Lesson(l.Slug)
	if gl == nil {
		return nil, fmt.Errorf("bundle: lesson %s is not in the generated course", l.Slug)
	}
	out := map[string][]byte{}
	for _, name := range gl.Files {
		out["lessons/"+l.Slug+"/"+name] = gl.Starter[name]
	}
	return out, nil
}

// add writes one entry into z, dated modified.
func add(z *zip.Writer, name string, data []byte, mode fs.FileMode, modified time.Time) error {
	h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modified.UTC()}
	h.SetMode(mode)
	f, err := z.CreateHeader(h)
	if err != nil {
		return fmt.Errorf("add %s to the autograder zip: %w", name, err)
	}
	_, err = f.Write(data)
	return err
}

// kitFiles lists, relative to the kit's root and sorted, what grading lesson l
// needs: the module files, the lab package, the grader (with only this
// lesson's checks), the command with the web view it links, and the lesson.
// Tests, test data and solutions/ stay behind.
func kitFiles(kit *grader.Kit, l *grader.Lesson) []string {
	var out []string
	keep := func(rel string) bool {
		if strings.HasSuffix(rel, "_test.go") || strings.Contains("/"+rel+"/", "/testdata/") {
			return false
		}
		for _, perLesson := range []string{"grader/checks/", "grader/runs/"} {
			if rest, ok := strings.CutPrefix(rel, perLesson); ok {
				return strings.HasPrefix(rest, l.Number+"/") || strings.HasPrefix(rest, "runkit/")
			}
		}
		return true
	}
	roots := []string{"go.mod", "go.sum", "lab", "grader", "cmd/labrun", "lessons/" + l.Slug}
	for _, root := range roots {
		filepath.WalkDir(filepath.Join(kit.Root, root), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(kit.Root, path)
			if rel = filepath.ToSlash(rel); keep(rel) {
				out = append(out, rel)
			}
			return nil
		})
	}
	return out
}

// goVersion reads the Go version the kit's go.mod asks for.
func goVersion(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("read go.mod: %w", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			v = strings.TrimSpace(v)
			if strings.Count(v, ".") == 1 {
				v += ".0"
			}
			return v, nil
		}
	}
	return "", fmt.Errorf("go.mod has no go line")
}

var setupScript = template.Must(template.New("setup").Parse(`#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder image.
set -euo pipefail
cd "$(dirname "$0")"
apt-get update -qq
apt-get install -y -qq bubblewrap curl ca-certificates >/dev/null
curl -fsSL "https://go.dev/dl/go{{.Go}}.linux-amd64.tar.gz" | tar -C /usr/local -xz
export PATH=/usr/local/go/bin:$PATH
cd kit
go mod download
go build -o /usr/local/bin/labrun ./cmd/labrun
chmod +x grader/checks/*/judge/prebuilt/judge 2>/dev/null || true
# Fill the build cache. The bundle carries no solution (submissions run in
# this container): labrun gradescope proved it before packing. Here the
# pristine starter must run and fail its checks (labrun check exits 1).
status=0
labrun check {{.Lesson}} >/dev/null || status=$?
[ "$status" = 1 ] || { echo "the starter of lesson {{.Lesson}} does not run its checks here (labrun check exited $status)" >&2; exit 1; }
`))

var runScript = template.Must(template.New("run").Parse(`#!/usr/bin/env bash
# Gradescope runs this for every submission. AUTOGRADER moves the whole tree
# (tests run it outside Gradescope).
set -euo pipefail
root=${AUTOGRADER:-/autograder}
export PATH=/usr/local/go/bin:$PATH
cd "$root/source/kit"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
labrun grade {{.Lesson}} "$root/submission" --out "$out" --jobs 2 --proved
mkdir -p "$root/results"
cp "$out/submission/results.json" "$root/results/results.json"
`))
