package providers

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCheckProgramsNeverLinkProviders proves the package doc's promise: no
// check program, nor the lab, depends on this package, and the lab, which
// every student's harness imports, does not depend on net/http either.
// (Lesson 14's checks link net/http through the official MCP SDK, which
// they drive over in-memory pipes.)
func TestCheckProgramsNeverLinkProviders(t *testing.T) {
	deps := func(pkgs ...string) []string {
		out, err := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("go list: %v\n%s", err, out)
		}
		return strings.Fields(string(out))
	}
	for _, pkg := range deps("harnesslab/lab", "harnesslab/grader/checks/...") {
		if pkg == "harnesslab/grader/providers" {
			t.Errorf("a check program or the lab depends on %s", pkg)
		}
	}
	for _, pkg := range deps("harnesslab/lab") {
		if pkg == "net/http" || strings.HasPrefix(pkg, "harnesslab/grader/providers") {
			t.Errorf("the lab depends on %s", pkg)
		}
	}
}
