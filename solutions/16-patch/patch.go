package harness

// Patch, a small coding agent: everything the course built, put together to
// fix a failing test in a real Go module. The model searches, reads, edits
// and runs go test; the harness works on a copy of the repository, lets only
// two shapes of command reach the command runner, puts every command to a
// person, keeps big outputs as artifacts, counts what the session costs, and
// runs the tests itself before it believes they pass.

import (
	// --- your code ---
	"context"
	"fmt"
	"strings"
	// --- starter ---
	// --- end ---
	"regexp"

	"harnesslab/lab"
)

// PatchSystem is the standing instruction of every request Patch sends.
const PatchSystem = "You fix failing Go tests. Find the bug with search and read, fix it with edit, and check your fix with run_command: go test ./..."

// PatchBudget is the most a Patch session may spend, in the lab's tokens:
// the sum of the billed size of every request it sends.
const PatchBudget = 8000

// OverBudget is how a run ends when the next request would take the
// session's bill past its budget: that request is never sent.
const OverBudget Status = "over budget"

// commandRefused is the error of a command that is not on the allow-list.
const commandRefused = "command %q is not allowed: run go test or go vet, with package patterns such as ./... or ./calc"

// packageWord is a package pattern the allow-list accepts: ".", "./...",
// or a folder inside the module such as ./calc or ./calc/...
var packageWord = regexp.MustCompile(`^\.(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*(/\.\.\.)?$`)

// AllowCommand is the allow-list of commands. It splits command into words
// (any run of spaces or tabs separates two words) and returns them when they
// have one of these shapes, and nothing else:
//
//	go test [-v] [PATTERN...]
//	go vet [PATTERN...]
//
// where each PATTERN is a package pattern inside the module: ".", "./...",
// "./calc" or "./calc/...". Every other command is an error, commandRefused
// with the command as the model wrote it.
func AllowCommand(command string) ([]string, error) {
	// --- your code ---
	words := strings.Fields(command)
	refused := fmt.Errorf(commandRefused, command)
	if len(words) < 2 || words[0] != "go" || (words[1] != "test" && words[1] != "vet") {
		return nil, refused
	}
	rest := words[2:]
	if words[1] == "test" && len(rest) > 0 && rest[0] == "-v" {
		rest = rest[1:]
	}
	for _, word := range rest {
		if !packageWord.MatchString(word) {
			return nil, refused
		}
	}
	return words, nil
	// --- starter ---
	panic("AllowCommand: not written yet")
	// --- end ---
}

// MakeRunCommandTool returns the run_command tool: the model gives one
// command, the allow-list decides, and commands runs what it allows, in ws.
// The tool returns "exit code N" on a line of its own, then the command's
// output, whether the command succeeded or not: failing tests are news for
// the model, not a failure of the tool. A refused command, or one commands
// could not run, is the tool's error.
func MakeRunCommandTool(ws *lab.Workspace, commands lab.Commands) lab.Tool {
	// --- your code ---
	return lab.Tool{
		Name:        "run_command",
		Description: "Run go test or go vet in the module, for example: go test ./... Returns the exit code and the output.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"command": lab.Schema{"type": "string", "description": "The command, such as go test ./... or go vet ./..."},
			},
			"required":             []string{"command"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			command, _ := args["command"].(string)
			argv, err := AllowCommand(command)
			if err != nil {
				return "", err
			}
			out, err := commands.Run(ws, argv)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("exit code %d\n%s", out.ExitCode, out.Output), nil
		},
	}
	// --- starter ---
	panic("MakeRunCommandTool: not written yet")
	// --- end ---
}

// PatchEffects is the effect class of each of Patch's tools. run_command
// runs the module's code, which can do whatever its tests do: it is
// external, so a person is asked before each command runs.
var PatchEffects = map[string]Effect{
	"search":     Read,
	"read":       Read,
	"read_lines": Read,
	"edit":       Write,

	// --- your code ---
	"run_command": External,
	// --- starter ---
	// run_command: which class, and why?
	// --- end ---
}

// PatchTools returns Patch's tools over the workspace ws, in this order:
// search, read (tracked by edits), read_lines, edit and run_command. Each
// keeps its big outputs as artifacts in ws, and each asks the policy
// (PatchEffects, every tool allowed) before it runs, putting the calls the
// policy sends to a person to ask and writing them in log.
func PatchTools(ws *lab.Workspace, edits *Edits, commands lab.Commands, ask AskFunc, log *PolicyLog) []lab.Tool {
	// --- your code ---
	tools := []lab.Tool{
		MakeSearchTool(ws),
		edits.Track(MakeReadTool(ws)),
		MakeReadLinesTool(ws),
		edits.EditTool(),
		MakeRunCommandTool(ws, commands),
	}
	names := make([]string, len(tools))
	for i, tool := range tools {
		names[i] = tool.Name
	}
	return Gate(KeepBigOutputs(tools, ws), Policy{Effects: PatchEffects, Allowed: names}, ask, log)
	// --- starter ---
	panic("PatchTools: not written yet")
	// --- end ---
}

// PatchJob is one task for Patch: the model, the repository to fix, what
// runs commands, who approves them, what to do, and the most the session may
// spend in tokens.
type PatchJob struct {
	Model    lab.Model
	Repo     *lab.Workspace // the caller's repository: Patch never writes to it
	Commands lab.Commands
	Ask      AskFunc
	Task     string
	Budget   int
}

// PatchResult is what a Patch session did.
type PatchResult struct {
	Messages  []lab.Message  // the whole conversation
	Copy      *lab.Workspace // the copy of the repository the session worked in
	Status    Status         // Answered, GaveUp or OverBudget
	Text      string         // the model's last words, when it answered
	Steps     int            // how many requests were sent
	Spent     int            // what they cost, in the lab's tokens
	TestsPass bool           // whether go test ./... passed in the copy, run by the harness after the session
	Log       PolicyLog      // the calls the policy put to a person or denied
}

// copyOf returns a new workspace holding the files of ws, read without
// logging a read.
func copyOf(ws *lab.Workspace) *lab.Workspace {
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return lab.NewWorkspace(files)
}

// Patch runs one session: it copies the repository, offers PatchTools over
// the copy, says the task, and loops as RunLoop does (at most MaxSteps
// requests, the calls of each reply run through RunCalls with PatchEffects),
// with PatchSystem as the system prompt. Before each request it works out the
// request's bill (RequestTokens); when the bill so far plus this one would
// pass job.Budget, it stops with OverBudget and sends nothing. After the
// session it runs go test ./... in the copy itself: TestsPass is true only
// when that run exits with 0.
func Patch(job PatchJob) PatchResult {
	// --- your code ---
	res := PatchResult{Copy: copyOf(job.Repo)}
	tools := PatchTools(res.Copy, NewEdits(res.Copy), job.Commands, job.Ask, &res.Log)
	specs := ToolSpecs(tools)
	res.Messages = []lab.Message{UserMessage(job.Task)}
	res.Status = GaveUp
	for res.Steps < MaxSteps {
		cost := RequestTokens(PatchSystem, res.Messages, specs)
		if res.Spent+cost > job.Budget {
			res.Status = OverBudget
			break
		}
		reply := job.Model.Complete(PatchSystem, res.Messages, specs)
		res.Steps++
		res.Spent += cost
		res.Messages = append(res.Messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			res.Status, res.Text = Answered, TextOf(reply)
			break
		}
		res.Messages = append(res.Messages, RunCalls(context.Background(), tools, PatchEffects, calls)...)
	}
	out, err := job.Commands.Run(res.Copy, []string{"go", "test", "./..."})
	res.TestsPass = err == nil && out.ExitCode == 0
	return res
	// --- starter ---
	panic("Patch: not written yet")
	// --- end ---
}
