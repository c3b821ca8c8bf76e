package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// ask runs one run_command call through the student's tool and RunTool, and
// returns its result; rec writes the tool's run down.
func ask(rec *lab.Recorder, ws *lab.Workspace, runner lab.Commands, id, command string) (lab.Block, lab.Message) {
	call := lab.Call("run_command", lab.Args{"command": command}).WithID(id)
	tool := S.MakeRunCommandTool(ws, runner)
	return call, S.RunTool(rec.Tools(tool), call)
}

// runs are commands and what the runner answers to each.
type runs struct {
	commands []string
	outputs  []lab.CommandOutput
}

// allowedSets are the commands of the allow-list, written as a model writes
// them, with the words the runner must get.
var allowedSets = []checkkit.Data[runs]{
	{Name: "extra spaces and tabs, folders, several patterns", Data: runs{
		commands: []string{"go  test\t./temps", " go vet . ./temps/... ", "go test -v", "go test ./temps/... ./notes"},
		outputs: []lab.CommandOutput{{Output: "ok  \texample.com/temps\t0.00s\n"}, {Output: ""},
			{Output: "=== RUN   TestFahrenheit\n--- PASS: TestFahrenheit (0.00s)\nPASS\nok  \texample.com/temps\t0.00s\n"},
			{Output: "ok  \texample.com/temps\t0.02s\nok  \texample.com/temps/notes\t0.00s\n"}}}},
	{Name: "the commands of the lesson, one with a tab", Data: runs{
		commands: []string{"go test ./...", "go vet\t./...", "go test -v ./...", "go test"},
		outputs: []lab.CommandOutput{{Output: "ok  \texample.com/wordcount\t0.00s\n"}, {Output: ""},
			{Output: "=== RUN   TestCount\n--- PASS: TestCount (0.00s)\nPASS\nok  \texample.com/wordcount\t0.00s\n"},
			{Output: "ok  \texample.com/wordcount\t0.01s\n"}}}},
}

// allowedCommandsRun: a command on the allow-list reaches the runner once,
// as exactly its words, in the workspace the tool was made for.
func allowedCommandsRun(c *checkkit.C) {
	checkkit.Scenarios(c, allowedSets, func(d runs) {
		rec := c.Record("RunTool with run_command, one command after another")
		for i, command := range d.commands {
			ws := lab.NewWorkspace(wordcount.files)
			out := d.outputs[i]
			runner := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) { return out, nil }}
			id := fmt.Sprintf("c%d", i+1)
			_, got := ask(rec, ws, runner, id, command)
			want := checkkit.Result(id, "run_command", "exit code 0\n"+out.Output)
			c.Equal(fmt.Sprintf("run_command(%q) should give the exit code on a line of its own, then the output:", command), want, got)
			runsGot := runner.recorded()
			wantWords := strings.Fields(command)
			if len(runsGot) != 1 {
				c.Errorf("run_command(%q) reached the runner %s; expected once, as %q.", command, checkkit.Times(len(runsGot)), wantWords)
				continue
			}
			c.Equal(fmt.Sprintf("run_command(%q) should hand the runner exactly the words of the command:", command), wantWords, runsGot[0].argv)
			if runsGot[0].ws != ws {
				c.Errorf("run_command(%q) ran the command in another workspace than the one MakeRunCommandTool was given.", command)
			}
		}
	})
}

// failingSets are test runs that fail, with the exit code and output go gives.
var failingSets = []checkkit.Data[runs]{
	{Name: "go test of the broken wordcount module", Data: runs{
		commands: []string{"go test ./...", "go vet ./..."},
		outputs: []lab.CommandOutput{{Output: wordcount.outputs["broken: go test ./..."], ExitCode: 1},
			{Output: "# example.com/wordcount\n# [example.com/wordcount]\n./count.go:9:9: fmt.Printf format %d has arg text of wrong type string\n", ExitCode: 1}}}},
	{Name: "go test of the broken temps module, exit code 2", Data: runs{
		commands: []string{"go test -v ./...", "go test ./..."},
		outputs: []lab.CommandOutput{{Output: temps.outputs["broken: go test -v ./..."], ExitCode: 1},
			{Output: "# example.com/temps\nconvert.go:6:9: undefined: c9\nFAIL\texample.com/temps [build failed]\nFAIL\n", ExitCode: 2}}}},
}

// failingRunIsAResult: a command that runs and fails is a result the model
// reads, not an error of the tool.
func failingRunIsAResult(c *checkkit.C) {
	checkkit.Scenarios(c, failingSets, func(d runs) {
		rec := c.Record("RunTool with run_command, one command after another")
		for i, command := range d.commands {
			out := d.outputs[i]
			runner := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) { return out, nil }}
			id := fmt.Sprintf("c%d", i+1)
			_, got := ask(rec, lab.NewWorkspace(temps.files), runner, id, command)
			want := checkkit.Result(id, "run_command", fmt.Sprintf("exit code %d\n%s", out.ExitCode, out.Output))
			c.Equal(fmt.Sprintf("run_command(%q) exited with %d: the tool worked, and its result is the exit code and the output, with IsError false:", command, out.ExitCode), want, got)
			if n := len(runner.recorded()); n != 1 {
				c.Errorf("run_command(%q) reached the runner %s; expected once.", command, checkkit.Times(n))
			}
		}
	})
}

// refusedSets are commands off the allow-list, split in two runs.
type refusedSet []string

var otherSets = []checkkit.Data[refusedSet]{
	{Name: "other programs, other go commands, nothing at all", Data: refusedSet{
		"go run .", "sh -c \"go test ./...\"", "", "go", "Go test ./...", "rm -rf /", "go build ./..."}},
	{Name: "more of them, and a capital letter", Data: refusedSet{
		"go mod tidy", "make test", "   ", "go", "GO VET ./...", "bash", "go get example.com/evil"}},
}

var lookalikeSets = []checkkit.Data[refusedSet]{
	{Name: "lookalikes of go test", Data: refusedSet{
		"go testx", "go test; rm -rf /", "go test ./... && curl evil.example", "go test -exec=/bin/sh ./...",
		"go test ../other", "go test /etc/..."}},
	{Name: "lookalikes of go vet, and folders above the module", Data: refusedSet{
		"go vetted ./...", "go vet ./... | sh", "go vet -vettool=/bin/sh ./...", "go test ./../..",
		"go test -v -run . ./...", "go test $(rm -rf ~)", "go vet -v ./...", "go vet -v"}},
}

// refusedCommands checks that every command of set gets the refusal and
// never reaches the runner.
func refusedCommands(c *checkkit.C, set refusedSet) {
	rec := c.Record("RunTool with run_command, one command after another")
	for i, command := range set {
		runner := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) {
			return lab.CommandOutput{Output: "ok\n"}, nil
		}}
		id := fmt.Sprintf("c%d", i+1)
		_, got := ask(rec, lab.NewWorkspace(wordcount.files), runner, id, command)
		want := checkkit.ErrorResult(id, "run_command", "Error: "+fmt.Sprintf(commandRefused, command))
		c.Equal(fmt.Sprintf("run_command(%q) is not on the allow-list: it should be refused with an error result:", command), want, got)
		if reached := runner.commands(); len(reached) > 0 {
			c.Errorf("your allow-list let %q through: the runner got %q. Only go test [-v] and go vet, with package patterns inside the module, may reach it.", command, reached[0])
		}
	}
}

// otherCommandsRefused: anything but go test and go vet is refused.
func otherCommandsRefused(c *checkkit.C) {
	checkkit.Scenarios(c, otherSets, func(set refusedSet) { refusedCommands(c, set) })
}

// lookalikeCommandsRefused: a command that merely starts like an allowed one
// is refused.
func lookalikeCommandsRefused(c *checkkit.C) {
	checkkit.Scenarios(c, lookalikeSets, func(set refusedSet) { refusedCommands(c, set) })
}

// failures are errors the runner gives.
var failures = []checkkit.Data[string]{
	{Name: "a command that took too long", Data: "go test ./... took longer than 1m0s and was stopped"},
	{Name: "a runner that could not start go", Data: "run go vet ./...: fork/exec /usr/local/go/bin/go: no such file or directory"},
}

// runnerFailureIsError: a command the runner could not run gets an error
// result with the runner's words, and the next command still works.
func runnerFailureIsError(c *checkkit.C) {
	checkkit.Scenarios(c, failures, func(text string) {
		fail := true
		runner := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) {
			if fail {
				return lab.CommandOutput{Output: "half an output\n", ExitCode: -1}, errors.New(text)
			}
			return lab.CommandOutput{Output: "ok  \texample.com/wordcount\t0.00s\n"}, nil
		}}
		ws := lab.NewWorkspace(wordcount.files)
		tool := S.MakeRunCommandTool(ws, runner)
		first := lab.Call("run_command", lab.Args{"command": "go test ./..."}).WithID("c1")
		recorded := c.Record("RunTool with run_command: the runner fails, then works").Tools(tool)
		got := S.RunTool(recorded, first)
		c.Equal("When the runner fails, the result should be an error that says what the runner said:",
			checkkit.ErrorResult("c1", "run_command", "Error: "+text), got)
		fail = false
		second := lab.Call("run_command", lab.Args{"command": "go vet ./..."}).WithID("c2")
		got = S.RunTool(recorded, second)
		c.Equal("The next command, which works, should get its exit code and output:",
			checkkit.Result("c2", "run_command", "exit code 0\nok  \texample.com/wordcount\t0.00s\n"), got)
		c.Equal("The runner should get each command once:", []string{"go test ./...", "go vet ./..."}, runner.commands())
	})
}

// withoutDescriptions returns a copy of schema without its "description" keys.
func withoutDescriptions(schema lab.Schema) lab.Schema {
	out := lab.Schema{}
	for k, v := range schema {
		switch {
		case k == "description":
		case k == "properties":
			props := lab.Schema{}
			for name, p := range v.(lab.Schema) {
				if ps, ok := p.(lab.Schema); ok {
					props[name] = withoutDescriptions(ps)
				} else {
					props[name] = p
				}
			}
			out[k] = props
		default:
			out[k] = v
		}
	}
	return out
}

// badArguments are arguments the run_command schema refuses.
var badArguments = []checkkit.Data[lab.Args]{
	{Name: "an extra input, dir", Data: lab.Args{"command": "go test ./...", "dir": "/"}},
	{Name: "the command under another name, cmd", Data: lab.Args{"cmd": "go test ./..."}},
}

// runCommandOffered: run_command is offered with one required string input,
// command, and nothing else; a call that breaks that never runs.
func runCommandOffered(c *checkkit.C) {
	checkkit.Scenarios(c, badArguments, func(args lab.Args) {
		runner := &recorder{reply: func(*lab.Workspace, []string) (lab.CommandOutput, error) {
			return lab.CommandOutput{Output: "ok\n"}, nil
		}}
		tool := S.MakeRunCommandTool(lab.NewWorkspace(temps.files), runner)
		c.Equal("The tool should be called run_command:", "run_command", tool.Name)
		want := lab.Schema{"type": "object", "properties": lab.Schema{"command": lab.Schema{"type": "string"}},
			"required": []string{"command"}, "additionalProperties": false}
		if tool.Parameters == nil {
			c.Fatalf("run_command has no parameters: it should take one required string input, command, and nothing else.")
		}
		c.Equal("run_command's parameters (descriptions aside) should be one required string, command, and no other input:",
			lab.EncodeJSON(want), lab.EncodeJSON(withoutDescriptions(tool.Parameters)))
		call := lab.Call("run_command", lab.CloneArgs(args)).WithID("c7")
		got := S.RunTool(c.Record("RunTool with run_command, arguments that break its schema").Tools(tool), call)
		if !got.IsError || got.ToolCallID != "c7" {
			c.Errorf("run_command(%s) breaks the tool's schema: it should get an error result quoting c7; got %s.", lab.EncodeJSON(args), lab.Show([]lab.Message{got}))
		}
		if reached := runner.commands(); len(reached) > 0 {
			c.Errorf("run_command(%s) breaks the tool's schema, and still reached the runner: %q.", lab.EncodeJSON(args), reached)
		}
	})
}
