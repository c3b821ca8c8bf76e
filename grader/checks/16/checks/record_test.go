package checks

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"harnesslab/lab"
)

var update = flag.Bool("update", false, "record the outputs of the modules again")

// TestRecordedOutputs runs go test and go vet for real on each module, broken
// and fixed, and compares what they print with the recorded outputs the
// sessions play back (-update records them again). A cold build cache takes
// about 20 s, so it runs only when LAB_GOCACHE_SEED names a warm one.
func TestRecordedOutputs(t *testing.T) {
	if os.Getenv(lab.EnvGoCacheSeed) == "" && !*update {
		t.Skip("set LAB_GOCACHE_SEED to a warm Go build cache to run go for real")
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
