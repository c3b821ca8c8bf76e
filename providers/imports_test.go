package providers

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCheckProgramsNeverLinkProviders proves the package doc's promise: no
// check program, nor the lab, depends on this package or on net/http.
func TestCheckProgramsNeverLinkProviders(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "harnesslab/lab", "harnesslab/grader/checks/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "harnesslab/providers" || pkg == "net/http" {
			t.Errorf("a check program or the lab depends on %s", pkg)
		}
	}
}
