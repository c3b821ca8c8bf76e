package checks

import (
	"strings"
	"sync"

	"harnesslab/lab"
)

// commandRun is one command that reached the checks' command runner: its
// words, and the workspace it was asked to run in.
type commandRun struct {
	argv []string
	ws   *lab.Workspace
}

// recorder is the checks' command runner: it writes down every command that
// reaches it and answers with reply. It never runs anything. It is safe for
// use by several goroutines at once.
type recorder struct {
	mu    sync.Mutex
	runs  []commandRun
	reply func(ws *lab.Workspace, argv []string) (lab.CommandOutput, error)
}

// Run records the command and returns what reply says.
func (r *recorder) Run(ws *lab.Workspace, argv []string) (lab.CommandOutput, error) {
	r.mu.Lock()
	r.runs = append(r.runs, commandRun{argv: append([]string(nil), argv...), ws: ws})
	r.mu.Unlock()
	return r.reply(ws, argv)
}

// commands returns every command that reached r, each as one line of words.
func (r *recorder) commands() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.runs))
	for i, run := range r.runs {
		out[i] = strings.Join(run.argv, " ")
	}
	return out
}

// recorded returns a copy of every run so far.
func (r *recorder) recorded() []commandRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]commandRun(nil), r.runs...)
}

// playback returns a runner that answers as go did for m: it refuses what
// the kit's runner refuses, and otherwise plays back the output recorded for
// the state the workspace is in (broken or fixed), the command (go test,
// go test -v or go vet) and any package patterns.
func playback(m module) *recorder {
	return &recorder{reply: func(ws *lab.Workspace, argv []string) (lab.CommandOutput, error) {
		if err := lab.GoCommandShape(argv); err != nil {
			return lab.CommandOutput{}, err
		}
		key := m.state(ws) + ": " + commandKey(argv)
		return lab.CommandOutput{Output: m.outputs[key], ExitCode: m.exitCode[key]}, nil
	}}
}

// commandKey names the recorded output a command plays back: every package
// pattern of these one-package modules prints what ./... prints.
func commandKey(argv []string) string {
	switch {
	case argv[1] == "vet":
		return "go vet ./..."
	case len(argv) > 2 && argv[2] == "-v":
		return "go test -v ./..."
	}
	return "go test ./..."
}
