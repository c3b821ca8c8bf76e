package checks

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"harnesslab/lab"
)

var update = flag.Bool("update", false, "record the outputs of the modules again")

// TestRecordedOutputs runs go test and go vet for real on each module, broken
// and fixed, and compares what they print with the recorded outputs the
// sessions play back (-update records them again). Unless LAB_GOCACHE_SEED
// or LAB_GOCACHE says otherwise, go builds in the go command's own cache,
// the one this test was built with: an empty cache would cost about 20 s.
func TestRecordedOutputs(t *testing.T) {
	if os.Getenv(lab.EnvGoCacheSeed) == "" && os.Getenv(lab.EnvGoCache) == "" {
		cache, err := exec.Command("go", "env", "GOCACHE").Output()
		if err != nil {
			t.Skipf("no go command to run the modules with: %v", err)
		}
		t.Setenv(lab.EnvGoCache, strings.TrimSpace(string(cache)))
	}
	for _, m := range []module{wordcount, temps} {
		archive := &txtar.Archive{Comment: []byte("What go printed for the " + m.name + " module, broken and fixed (go test ./grader/checks/16/checks -update).\n")}
		for _, state := range []string{"broken", "fixed"} {
			files := m.pristine()
			if state == "fixed" {
				files = m.fixed()
			}
			for _, command := range recordedCommands {
				out, err := lab.NewGoCommands().Run(lab.NewWorkspace(files), strings.Fields(command))
				if err != nil {
					t.Fatalf("%s, %s: %s: %v", m.name, state, command, err)
				}
				key := state + ": " + command
				text := fmt.Sprintf("exit code %d\n%s", out.ExitCode, out.Output)
				archive.Files = append(archive.Files, txtar.File{Name: key, Data: []byte(text)})
				if !*update && (m.outputs[key] != out.Output || m.exitCode[key] != out.ExitCode) {
					t.Errorf("%s, %s: %s printed\n%s\nrecorded:\n%s", m.name, state, command, text, m.outputs[key])
				}
			}
		}
		if *update {
			path := filepath.Join("modules", m.name+".out.txtar")
			if err := os.WriteFile(path, txtar.Format(archive), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
