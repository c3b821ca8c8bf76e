// Package runkit plays a lesson's scenario with the student's harness
// against a real model, and prints what happened: the conversation, each
// request's bill as the provider counted it, and the total.
//
// Each lesson that has such a run keeps a small program in
// grader/runs/NN/main.go, built around the student's package the way the
// check program is:
//
//	func main() {
//		runkit.Main(runkit.Scenario{
//			Lesson: "02",
//			Files:  map[string]string{"config.py": "PORT = 8080\n"},
//			Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
//				messages, _ := harness.Chat(model, nil, "What port does the server use?", tools(harness.MakeReadTool(ws)))
//				return messages
//			},
//		})
//	}
//
// A scenario whose story does not end in the conversation (an outbox, a
// log, an edit refused) says the rest with Notes. Lessons whose pieces take
// a lab.Provider wrap the run's model with Provider.
//
// `labrun run NN --model anthropic:MODEL` builds and starts it. A check
// never links this package: it needs the network.
package runkit

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"harnesslab/grader/providers"
	"harnesslab/lab"
)

// Scenario is one lesson's run.
type Scenario struct {
	Lesson string            // the lesson's number, "02"
	Files  map[string]string // the workspace the tools see
	// Run drives the student's harness with model over ws and returns the
	// conversation it ended with. Tools passed through tools are recorded.
	Run func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message
	// Notes, when set, says what the conversation alone does not show (an
	// outbox, a log, what was refused); it is printed after the
	// conversation, and asked only once Run has returned (not at all when
	// the student's code panicked).
	Notes func() string
}

// Main runs the scenario with the command line's flags and exits: 0 when
// the run finished, 1 when the student's code panicked or the run ended on
// a request the model did not answer (a server that could not be reached,
// a refused request), 2 for a usage problem such as a missing key.
func Main(s Scenario) {
	os.Exit(run(s, os.Args[1:], os.Stdout, os.Stderr))
}

func run(s Scenario, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("labrun run "+s.Lesson, flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("model", "", "the model: anthropic:MODEL or openai:MODEL")
	baseURL := fs.String("base-url", "", "a server that speaks Chat Completions, such as http://localhost:11434/v1")
	maxTokens := fs.Int("max-tokens", 1024, "the longest reply")
	out := fs.String("transcript", "", "also write the run's transcript, as JSON, to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *spec == "" {
		fmt.Fprintln(stderr, "labrun run: say which model: --model anthropic:MODEL or --model openai:MODEL (with --base-url for a local server)")
		return 2
	}
	model, err := providers.New(*spec, providers.Options{BaseURL: *baseURL, MaxTokens: *maxTokens})
	if err != nil {
		fmt.Fprintln(stderr, "labrun run:", err)
		return 2
	}
	rec := lab.NewRecorder(fmt.Sprintf("lesson %s against %s", s.Lesson, model))
	ws := lab.NewWorkspace(s.Files)
	rec.Watch(ws)
	messages, panicked := play(s, rec.Model(model), ws, rec.Tools)
	t := rec.Transcript()
	fmt.Fprintf(stdout, "Lesson %s, your harness against %s\n\n", s.Lesson, model)
	if len(messages) > 0 {
		fmt.Fprintln(stdout, lab.Show(messages))
		fmt.Fprintln(stdout)
	}
	if s.Notes != nil && panicked == "" {
		if notes := strings.TrimRight(s.Notes(), "\n"); notes != "" {
			fmt.Fprintf(stdout, "%s\n\n", notes)
		}
	}
	fmt.Fprint(stdout, Bill(t))
	if *out != "" {
		data, err := json.MarshalIndent(t, "", "  ")
		if err == nil {
			err = os.WriteFile(*out, append(data, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "labrun run: write the transcript: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "The transcript is in %s.\n", *out)
	}
	if panicked != "" {
		fmt.Fprintf(stderr, "\nYour harness panicked: %s\n", panicked)
		return 1
	}
	if why := unanswered(t); why != "" {
		fmt.Fprintf(stderr, "\nlabrun run: the run did not finish: %s.%s\n", why, reachAdvice(*baseURL))
		return 1
	}
	return 0
}

// unanswered says why the run ended without an answer to its last request
// (the request number and the provider's words), or "" when the model
// answered it. Refusals along the way that the harness got past, such as a
// retried rate limit, do not count.
func unanswered(t lab.Transcript) string {
	sent, last := 0, ""
	for _, e := range t.Events {
		switch e.Kind {
		case lab.EventRequest:
			sent++
		case lab.EventRefusal:
			last = fmt.Sprintf("request %d got no answer from the model (%s)", sent, e.Error)
		case lab.EventReply:
			last = ""
		}
	}
	return last
}

// reachAdvice is what to try when the model could not be reached, for a run
// given baseURL (empty: the provider's own address).
func reachAdvice(baseURL string) string {
	if baseURL != "" {
		return fmt.Sprintf(" Is the server at %s running, and does it speak Chat Completions there (Ollama: http://localhost:11434/v1)?", baseURL)
	}
	return " Check the network, the model's name and your key."
}

// play runs the scenario and turns a panic in the student's code into words.
func play(s Scenario, model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) (messages []lab.Message, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	return s.Run(model, ws, tools), ""
}
