package checks

import (
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// Generated commands and sessions: the lesson's rules combined in ways no
// hand-written case holds. Each is made from a fixed seed, so every run hands
// out the same ones, and they are played smallest first, so the first
// difference reported is the smallest found.

// Generated counts: how many run_command calls and Patch sessions the checks
// generate, each in two data sets.
const (
	generatedCommandCount = 240
	generatedSessionCount = 40
)

// genSpaces are the gaps a generated command puts between its words: runs
// of spaces and tabs, as the allow-list's rule allows.
var genSpaces = []string{" ", " ", " ", "  ", "\t", " \t ", "\t\t"}

// genPatterns are package patterns, inside the module and not: each one
// whole, as a model writes it.
var genPatterns = []string{
	".", "./...", "./calc", "./calc/...", "./a/b_c/d-e", "./x.y", "./v2/...", "./_tools", "./calc/inner/...",
	"../other", "/etc", "./..", "./../x", "./calc/../..", "...", "./.hidden", "./-x", "calc", "./calc;",
	"./calc&&", "$(rm)", "./é", "./calc/...x", ".//calc", "./", "-v", "-run", "-exec=/bin/sh", "./...;", "|", "&&",
}

// commandGen draws a command for run_command: usually the shape of an
// allowed one (go test, go test -v or go vet, up to a dozen patterns, more
// than any case of the other checks), sometimes with one word changed.
var commandGen = rapid.Custom(func(t *rapid.T) string {
	words := []string{"go", rapid.SampledFrom([]string{"test", "test", "test", "vet", "vet"}).Draw(t, "verb")}
	if words[1] == "test" && rapid.IntRange(0, 2).Draw(t, "-v") == 0 {
		words = append(words, "-v")
	}
	for range rapid.IntRange(0, 12).Draw(t, "patterns") {
		words = append(words, rapid.SampledFrom(genPatterns[:9]).Draw(t, "pattern"))
	}
	switch rapid.IntRange(0, 5).Draw(t, "change") {
	case 1: // one word replaced by another, anywhere
		at := rapid.IntRange(0, len(words)-1).Draw(t, "at")
		words[at] = rapid.SampledFrom(append([]string{"Go", "gofmt", "testx", "build", "vet", "test", "-V", "--v", "-v=true", "-x"}, genPatterns...)).Draw(t, "word")
	case 2: // one word more, anywhere
		at := rapid.IntRange(0, len(words)).Draw(t, "at")
		words = slices.Insert(words, at, rapid.SampledFrom(append([]string{"-v", "go", "test", "-count=1", ";", "rm"}, genPatterns...)).Draw(t, "word"))
	case 3: // a word cut short
		words = words[:rapid.IntRange(0, len(words)).Draw(t, "keep")]
	}
	var b strings.Builder
	if rapid.IntRange(0, 4).Draw(t, "leading") == 0 {
		b.WriteString(rapid.SampledFrom(genSpaces).Draw(t, "space"))
	}
	for i, w := range words {
		if i > 0 {
			b.WriteString(rapid.SampledFrom(genSpaces).Draw(t, "space"))
		}
		b.WriteString(w)
	}
	if rapid.IntRange(0, 4).Draw(t, "trailing") == 0 {
		b.WriteString(rapid.SampledFrom(genSpaces).Draw(t, "space"))
	}
	return b.String()
})

// genOutputs are what the runner answers a generated command with: passing,
// failing, silent, long.
var genOutputs = []lab.CommandOutput{
	{Output: "ok  \texample.com/wordcount\t0.00s\n"},
	{Output: wordcount.outputs["broken: go test ./..."], ExitCode: 1},
	{Output: ""},
	{Output: "# example.com/temps\nconvert.go:6:9: undefined: c9\nFAIL\texample.com/temps [build failed]\nFAIL\n", ExitCode: 2},
	{Output: temps.outputs["fixed: go test -v ./..."]},
}

// callGen draws one call of run_command: a generated command with what the
// runner answers it, now and then a runner that cannot run it, or arguments
// that break the tool's schema.
var callGen = rapid.Custom(func(t *rapid.T) play.Call {
	call := play.Call{Args: lab.Args{"command": commandGen.Draw(t, "command")},
		Output: rapid.SampledFrom(genOutputs).Draw(t, "output")}
	switch rapid.IntRange(0, 15).Draw(t, "shape") {
	case 0:
		call.Fails = "go test ./... took longer than 1m0s and was stopped"
	case 1:
		call.Args = rapid.SampledFrom([]lab.Args{{"command": 7.0}, {}, {"command": nil}, {"command": "go test ./...", "dir": "/"},
			{"command": []any{"go", "test"}}}).Draw(t, "arguments")
	}
	return call
})

// generatedCommands is two data sets of generated run_command calls, each in
// a tool of its own, smallest first.
func generatedCommands() any {
	calls := make([]play.Call, generatedCommandCount)
	for seed := range calls {
		calls[seed] = callGen.Example(seed)
	}
	slices.SortStableFunc(calls, func(a, b play.Call) int { return len(lab.EncodeJSON(a.Args)) - len(lab.EncodeJSON(b.Args)) })
	cases := make([]play.Case, len(calls))
	for i, call := range calls {
		call.ID = fmt.Sprintf("g%d", i+1)
		cases[i] = play.Case{What: fmt.Sprintf("generated call %d, run_command(%s)", i+1, lab.EncodeJSON(call.Args)),
			Files: temps.files, Calls: []play.Call{call}}
	}
	return checkkit.Generated(cases, "calls of run_command")
}

// judgeCommandsAgree compares each generated call with the reference's: the
// result, and the words that reached the runner, in the tool's workspace.
func judgeCommandsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	sets := checkkit.Scenario[[]checkkit.Data[[]play.Case]](c)
	eachCase(c, yours, ref, sets, func(cs play.Case, got, want play.CaseRan) {
		if c.Failed() {
			return
		}
		kitAgrees(c, "runner for "+cs.What, true, len(want.Runner) <= 1)
		call := cs.Calls[0]
		runner := ""
		if call.Fails != "" {
			runner = fmt.Sprintf(" (the runner fails it: %q)", call.Fails)
		}
		if !c.Equal(fmt.Sprintf("%s%s: the result should be the reference's", cs.What, runner), want.Results[0], got.Results[0]) {
			return
		}
		if !c.Equal(fmt.Sprintf("%s: the commands that reached the runner, as words", cs.What), wordsOf(want.Runner), wordsOf(got.Runner)) {
			if len(want.Runner) == 0 {
				c.Logf("The reference's allow-list refuses this command, and yours let it through to the runner.")
			} else if len(got.Runner) == 0 {
				c.Logf("The reference's allow-list lets this command through, and yours refused it, or never handed it to the runner.")
			}
			return
		}
		for _, run := range got.Runner {
			if !run.InTools {
				c.Errorf("%s ran the command in another workspace than the one MakeRunCommandTool was given.", cs.What)
			}
		}
	})
}

// wordsOf returns the words of every command that reached a runner.
func wordsOf(runs []play.RunnerRun) [][]string {
	out := [][]string{}
	for _, run := range runs {
		out = append(out, run.Words)
	}
	return out
}
