package build

import (
	"os"
	"os/exec"
	"testing"

	"harnesslab/grader"
)

// TestBuildsOnEverySystem: `labrun check` works on a student's Windows or
// macOS machine too, so labrun must link there: code that needs process
// groups or signals lives in files per system. One program per system is
// linked, labrun, which holds the whole engine; the full proof (.ci/run)
// also runs go vet for both systems over every package.
func TestBuildsOnEverySystem(t *testing.T) {
	if testing.Short() {
		t.Skip("links labrun for windows and darwin: -short skips it; the full proof runs it")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, goos := range []string{"windows", "darwin"} {
		cmd := exec.Command("go", "build", "-o", os.DevNull, "./cmd/labrun")
		cmd.Dir = kit.Root
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOOS=%s go build ./cmd/labrun: %v\n%s", goos, err, out)
		}
	}
}
