package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// gitRepo makes a git repository in a new folder with one commit, its refs
// packed into .git/packed-refs as `git gc` does, and returns the folder and
// the commit's hash.
func gitRepo(t *testing.T) (string, string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=kit", "-c", "user.email=kit@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module kit\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", "go.mod")
	run("commit", "-q", "-m", "first")
	run("pack-refs", "--all")
	if _, err := os.Stat(filepath.Join(dir, ".git", "refs", "heads", "main")); err == nil {
		t.Fatal("git pack-refs --all left refs/heads/main unpacked; the test needs packed refs")
	}
	return dir, run("rev-parse", "HEAD")
}

// TestKitVersionPackedRefs: with packed refs (.git/HEAD names a ref that has
// no file of its own), the version is still the commit's full hash, from
// the kit's root or any folder inside it.
func TestKitVersionPackedRefs(t *testing.T) {
	dir, head := gitRepo(t)
	if !commitHash.MatchString(head) {
		t.Fatalf("git rev-parse HEAD = %q, not a commit hash", head)
	}
	sub := filepath.Join(dir, "lessons")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{dir, sub} {
		if got := kitVersion(root); got != head {
			t.Errorf("kitVersion(%s) = %q, want the commit %q", root, got, head)
		}
	}
}

// TestKitVersionDirty: a checkout with changed tracked files says so.
func TestKitVersionDirty(t *testing.T) {
	dir, head := gitRepo(t)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module kit\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := kitVersion(dir), head+"-dirty"; got != want {
		t.Errorf("kitVersion of a changed checkout = %q, want %q", got, want)
	}
}

// TestKitVersionNotGit: outside any git checkout the version never comes
// from a half-read file such as "ref: refs/he".
func TestKitVersionNotGit(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A .git/HEAD that a hand-rolled reader would trust, in a folder git does not take for a repository.
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	got := kitVersion(dir)
	if got == "" || strings.Contains(got, "ref") || strings.Contains(got, "/") {
		t.Errorf("kitVersion outside a checkout = %q; want a version from the build, or %q", got, unknownVersion)
	}
}

// TestVersionFromBuild covers the versions a binary's build info gives.
func TestVersionFromBuild(t *testing.T) {
	rev := strings.Repeat("ab", 20)
	tests := []struct {
		why    string
		info   debug.BuildInfo
		want   string
		wantOK bool
	}{
		{"a build in a checkout records its commit", debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}}, rev, true},
		{"a build from changed files says so", debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}}, rev + "-dirty", true},
		{"go install at a version records the version", debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0", true},
		{"a plain build records nothing useful", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", false},
	}
	for _, tt := range tests {
		got, ok := versionFromBuild(&tt.info)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: versionFromBuild = %q, %v; want %q, %v", tt.why, got, ok, tt.want, tt.wantOK)
		}
	}
}

// TestKitVersionIgnoresStudentFiles: a student's (or instructor's) work in
// a lesson's student files is not what grading reads, so it does not make
// the kit "-dirty"; any other change in a lesson folder, such as its
// lesson.json, does, from the root or from inside the lesson.
func TestKitVersionIgnoresStudentFiles(t *testing.T) {
	dir, _ := gitRepo(t)
	lesson := filepath.Join(dir, "lessons", "05-contract")
	if err := os.MkdirAll(lesson, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"lesson.json": `{"number": "05", "student_files": ["harness.go", "schema.go"]}`,
		"harness.go":  "package harness\n",
		"schema.go":   "package harness\n",
		"README.md":   "# 05\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(lesson, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=kit", "-c", "user.email=kit@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("add", ".")
	git("commit", "-q", "-m", "lesson 05")
	head := kitVersion(dir)
	if strings.HasSuffix(head, "-dirty") {
		t.Fatalf("a clean checkout is %q", head)
	}
	for name := range map[string]bool{"harness.go": true, "schema.go": true} {
		if err := os.WriteFile(filepath.Join(lesson, name), []byte("package harness\n\n// solved\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, root := range []string{dir, lesson} {
		if got := kitVersion(root); got != head {
			t.Errorf("with only the student files changed, kitVersion(%s) = %q, want %q", root, got, head)
		}
	}
	if err := os.WriteFile(filepath.Join(lesson, "README.md"), []byte("# 05, changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{dir, lesson} {
		if got := kitVersion(root); got != head+"-dirty" {
			t.Errorf("with the lesson's README changed, kitVersion(%s) = %q, want %q", root, got, head+"-dirty")
		}
	}
}
