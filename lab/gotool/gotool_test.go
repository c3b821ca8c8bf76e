package gotool

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCappedSaysWhatItDropped(t *testing.T) {
	b := &capped{max: 10}
	b.Write([]byte("123456789"))
	b.Write([]byte("abc"))
	if got, want := b.String(), "123456789a\n[2 more bytes of output dropped]\n"; got != want {
		t.Errorf("capped output = %q, want %q: the first bytes kept and a line saying 2 bytes were dropped", got, want)
	}
}

func TestPathPrefersLabGo(t *testing.T) {
	t.Setenv(EnvGo, "/somewhere/go")
	if got := Path(); got != "/somewhere/go" {
		t.Errorf("Path() with %s set = %q, want the variable's value", EnvGo, got)
	}
}

func TestLocalEnvKeepsBuildsLocal(t *testing.T) {
	env := strings.Join(LocalEnv(false), "\n")
	for _, want := range []string{"CGO_ENABLED=0", "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly"} {
		if !strings.Contains(env, "\n"+want) {
			t.Errorf("LocalEnv(false) has no %s", want)
		}
	}
	if !strings.Contains(strings.Join(LocalEnv(true), "\n"), "\nCGO_ENABLED=1") {
		t.Error("LocalEnv(true) does not turn cgo on")
	}
}

// TestRunWithOverlay runs the go command for real: go vet on a module whose
// only file is replaced, through the overlay, by one with a mistake.
func TestRunWithOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	good := write("m.go", "package m\n\nfunc F() int { return 1 }\n")
	bad := write("bad.txt", "package m\n\nfunc F() int { return \"one\" }\n")
	ctx := context.Background()
	if res, err := Run(ctx, Command{Args: []string{"vet", "."}, Dir: dir}); err != nil || res.ExitCode != 0 {
		t.Fatalf("go vet of a good module = %+v, %v; want exit code 0", res, err)
	}
	res, err := Run(ctx, Command{Args: []string{"vet", "."}, Dir: dir, Overlay: map[string]string{good: bad}})
	if err != nil || res.ExitCode == 0 || !strings.Contains(res.Output, "cannot use") {
		t.Fatalf("go vet with m.go replaced by a broken file = %+v, %v; want the type error of the file read in its place", res, err)
	}
	if _, err := Output(ctx, Command{Args: []string{"nosuchcommand"}, Dir: dir}); err == nil || !strings.Contains(err.Error(), "go nosuchcommand: exit status") {
		t.Errorf("Output of an unknown go command: error %v, want one naming the command and its exit status", err)
	}
}
