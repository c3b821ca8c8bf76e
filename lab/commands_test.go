package lab

import (
	"os"
	"strings"
	"testing"
)

func TestGoCommandShapeAcceptsOnlyTestAndVet(t *testing.T) {
	cases := []struct {
		argv   []string
		ok     bool
		reason string
	}{
		{[]string{"go", "test"}, true, "the module's own package"},
		{[]string{"go", "test", "./..."}, true, "every package of the module"},
		{[]string{"go", "test", "-v", "./calc"}, true, "one folder, verbose"},
		{[]string{"go", "vet", ".", "./calc/..."}, true, "several patterns"},
		{[]string{"go", "run", "."}, false, "go run builds and runs anything"},
		{[]string{"go", "testx"}, false, "a lookalike of test"},
		{[]string{"go", "test;", "rm", "-rf", "/"}, false, "a shell list split into words"},
		{[]string{"go", "test", "-exec=/bin/sh", "./..."}, false, "a flag that runs another program"},
		{[]string{"go", "vet", "-v", "./..."}, false, "-v belongs to go test only"},
		{[]string{"go", "test", "../other"}, false, "a folder above the module"},
		{[]string{"go", "test", "./.."}, false, "the folder above, written from inside"},
		{[]string{"go", "test", "/etc"}, false, "a folder from the root"},
		{[]string{"sh", "-c", "go test"}, false, "a shell"},
		{nil, false, "no words at all"},
	}
	for _, tc := range cases {
		err := GoCommandShape(tc.argv)
		if (err == nil) != tc.ok {
			t.Errorf("GoCommandShape(%q) = %v, want ok=%v (%s)", tc.argv, err, tc.ok, tc.reason)
		}
	}
}

func TestGoCommandsRefusesWithoutRunning(t *testing.T) {
	g := NewGoCommands()
	_, err := g.Run(NewWorkspace(nil), []string{"go", "run", "."})
	if err == nil || !strings.Contains(err.Error(), `refused "go run ."`) {
		t.Fatalf("Run(go run .) error = %v, want a refusal naming the command", err)
	}
	log := g.Log()
	if len(log) != 1 || log[0].Ran || log[0].Refusal != err.Error() {
		t.Fatalf("Log() = %+v, want one refused run with the refusal's text", log)
	}
	log[0].Argv[0] = "changed"
	if g.Log()[0].Argv[0] != "go" {
		t.Error("changing what Log returned changed the log")
	}
}

func TestWriteModuleRefusesPathsOutside(t *testing.T) {
	ws := NewWorkspace(map[string]string{"../escape.go": "package x\n"})
	if err := writeModule(ws, t.TempDir()); err == nil {
		t.Fatal("writeModule wrote a file whose path leaves the folder")
	}
}

func TestSteadyTimes(t *testing.T) {
	in := "--- FAIL: TestAdd (0.01s)\nok  \texample.com/calc\t0.004s\n"
	want := "--- FAIL: TestAdd (0.00s)\nok  \texample.com/calc\t0.00s\n"
	if got := steadyTimes(in); got != want {
		t.Errorf("steadyTimes(%q) = %q, want %q", in, got, want)
	}
}

// TestGoCommandsRunsATest runs go test for real. A cold build cache takes
// about 20 s, so it runs only when LAB_GOCACHE_SEED names a warm one.
func TestGoCommandsRunsATest(t *testing.T) {
	if os.Getenv(EnvGoCacheSeed) == "" {
		t.Skip("set LAB_GOCACHE_SEED to a warm Go build cache to run go test for real")
	}
	ws := NewWorkspace(map[string]string{
		"go.mod":       "module example.com/calc\n\ngo 1.22\n",
		"calc.go":      "package calc\n\nfunc Add(a, b int) int { return a - b }\n",
		"calc_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(2, 3) != 5 {\n\t\tt.Fatal(\"Add(2, 3) != 5\")\n\t}\n}\n",
	})
	g := NewGoCommands()
	out, err := g.Run(ws, []string{"go", "test", "./..."})
	if err != nil || out.ExitCode != 1 || !strings.Contains(out.Output, "Add(2, 3) != 5") {
		t.Fatalf("go test of a broken Add = %+v, %v; want exit code 1 and the failure", out, err)
	}
	ws.WriteText("calc.go", "package calc\n\nfunc Add(a, b int) int { return a + b }\n")
	out, err = g.Run(ws, []string{"go", "test", "./..."})
	if err != nil || out.ExitCode != 0 || out.Output != "ok  \texample.com/calc\t0.00s\n" {
		t.Fatalf("go test of a fixed Add = %+v, %v; want exit code 0 and one ok line", out, err)
	}
}

// TestWriteModuleCapsWhatItWrites: a workspace bigger than MaxModuleBytes is
// refused before a byte of it is written.
func TestWriteModuleCapsWhatItWrites(t *testing.T) {
	ws := NewWorkspace(map[string]string{"go.mod": "module m\n", "big.go": strings.Repeat("x", MaxModuleBytes)})
	dir := t.TempDir()
	err := writeModule(ws, dir)
	if err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Fatalf("writeModule of %d bytes: %v; want a refusal that names the cap", MaxModuleBytes+9, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the refused workspace left %d files behind", len(entries))
	}
}
