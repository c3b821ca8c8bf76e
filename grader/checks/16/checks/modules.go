package checks

import (
	"embed"
	"fmt"
	"maps"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// The modules the sessions fix, one txtar each (a folder holding a go.mod
// cannot be embedded), and what go test and go vet printed for each of them,
// broken and fixed, recorded from real runs (see TestRecordedOutputs).
//
//go:embed modules/*.txtar
var moduleFiles embed.FS

// module is a small Go module with one failing test, and its fix.
type module struct {
	name     string            // the module's folder name: wordcount
	files    map[string]string // path to text, as the repository holds them
	bugFile  string            // the file that holds the bug
	bug      string            // the text of the bug, exactly once in bugFile
	fix      string            // the text that replaces it
	outputs  map[string]string // recorded output, by state and command: "broken: go test -v ./..."
	exitCode map[string]int    // recorded exit code, by the same key
}

// loadModule reads modules/NAME.txtar and modules/NAME.out.txtar.
func loadModule(name, bugFile, bug, fix string) module {
	m := module{name: name, files: readTxtar(name + ".txtar"), bugFile: bugFile, bug: bug, fix: fix,
		outputs: map[string]string{}, exitCode: map[string]int{}}
	for key, text := range readTxtar(name + ".out.txtar") {
		code, output, _ := strings.Cut(text, "\n")
		var exit int
		fmt.Sscanf(code, "exit code %d", &exit)
		m.outputs[key], m.exitCode[key] = output, exit
	}
	if strings.Count(m.files[bugFile], bug) != 1 {
		panic(fmt.Sprintf("module %s: %s must hold %q exactly once", name, bugFile, bug))
	}
	return m
}

// readTxtar returns the files of modules/name.
func readTxtar(name string) map[string]string {
	data, err := moduleFiles.ReadFile("modules/" + name)
	if err != nil {
		panic(fmt.Sprintf("read the module archive %s: %v", name, err))
	}
	files := map[string]string{}
	for _, f := range txtar.Parse(data).Files {
		files[f.Name] = string(f.Data)
	}
	return files
}

// The two modules.
var (
	wordcount = loadModule("wordcount", "count.go", "strings.Split(text, \" \")", "strings.Fields(text)")
	temps     = loadModule("temps", "convert.go", "c*9/5 - 32", "c*9/5 + 32")
)

// pristine returns a fresh copy of the module's files.
func (m module) pristine() map[string]string { return maps.Clone(m.files) }

// fixedText returns the text of the bug's file once fixed.
func (m module) fixedText() string {
	return strings.Replace(m.files[m.bugFile], m.bug, m.fix, 1)
}

// fixed returns the files of the module once fixed.
func (m module) fixed() map[string]string {
	files := m.pristine()
	files[m.bugFile] = m.fixedText()
	return files
}

// recordedCommands are the commands whose output is recorded for each
// module, broken and fixed.
var recordedCommands = []string{"go test ./...", "go test -v ./...", "go vet ./..."}

// world returns the module as the player's runner plays it back.
func (m module) world() play.Module {
	out := play.Module{BugFile: m.bugFile, Bug: m.bug, Fix: m.fix, Outputs: map[string]lab.CommandOutput{}}
	for key, output := range m.outputs {
		out.Outputs[key] = lab.CommandOutput{Output: output, ExitCode: m.exitCode[key]}
	}
	return out
}
