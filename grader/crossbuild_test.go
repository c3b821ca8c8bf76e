package grader

import (
	"os"
	"os/exec"
	"testing"
)

// TestBuildsOnEverySystem: `labrun check` works on a student's Windows or
// macOS machine too, so the whole module must build and vet there: code that
// needs process groups or signals lives in files per system.
func TestBuildsOnEverySystem(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the module for two other systems")
	}
	kit, err := FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, goos := range []string{"windows", "darwin"} {
		for _, args := range [][]string{{"build", "-o", os.DevNull, "./..."}, {"vet", "./..."}} {
			cmd := exec.Command("go", args...)
			cmd.Dir = kit.Root
			cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("GOOS=%s go %v: %v\n%s", goos, args, err, out)
			}
		}
	}
}
