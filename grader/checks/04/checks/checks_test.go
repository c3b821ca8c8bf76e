package checks

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// reference is a RunTool that follows the lesson's rules, written here so the
// tests do not depend on the student package.
func reference(tools []lab.Tool, call lab.Block) (result lab.Message) {
	result = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
	fail := func(why string) lab.Message {
		result.Content, result.IsError = "Error: "+why, true
		return result
	}
	var tool *lab.Tool
	for i := range tools {
		if tools[i].Name == call.Name {
			tool = &tools[i]
			break
		}
	}
	if tool == nil {
		return fail("no tool called " + call.Name)
	}
	for _, input := range lab.Required(tool.Parameters) {
		if _, ok := call.Arguments[input]; !ok {
			return fail("missing input " + input)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			result = fail(fmt.Sprint(r))
		}
	}()
	content, err := tool.Execute(call.Arguments)
	if err != nil {
		return fail(err.Error())
	}
	result.Content = content
	return result
}

// run runs check against runTool and returns its verdict.
func run(t *testing.T, check checkkit.Check, runTool func([]lab.Tool, lab.Block) lab.Message) *checkkit.Verdict {
	t.Helper()
	S = Student{RunTool: runTool}
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
}

func TestRunToolChecksPassTheRules(t *testing.T) {
	for name, check := range map[string]checkkit.Check{
		"unknown_tool_gets_error_result": unknownToolGetsErrorResult,
		"missing_input_named_first":      missingInputNamedFirst,
		"given_inputs_reach_the_tool":    givenInputsReachTheTool,
		"tool_error_gets_error_result":   toolErrorGetsErrorResult,
		"working_call_unchanged":         workingCallUnchanged,
		"error_results_quote_call":       errorResultsQuoteCall,
		"panic_gets_error_result":        panicGetsErrorResult,
	} {
		if v := run(t, check, reference); !v.Passed {
			t.Errorf("%s fails a RunTool that follows the rules:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestRunToolChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason  string
		check   checkkit.Check
		runTool func([]lab.Tool, lab.Block) lab.Message
		says    string // part of the first failure
	}{
		{"results remembered by call id show in the second run, with advice about kept state",
			unknownToolGetsErrorResult, memoByID(), "Does your code keep something between calls"},
		{"a silent retry is counted and named",
			toolErrorGetsErrorResult, retrying, "it ran 3 times"},
		{"an optional input filled in is a change to the model's arguments",
			givenInputsReachTheTool, defaulting, "RunTool changed the arguments of the call"},
		{"a description changed is a change to the caller's tools",
			panicGetsErrorResult, markingBroken, "RunTool changed the tools it was handed"},
	}
	for _, tt := range tests {
		v := run(t, tt.check, tt.runTool)
		if v.Passed {
			t.Errorf("%s: the check passed", tt.reason)
			continue
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures do not say %q:\n%s", tt.reason, tt.says, all)
		}
	}
}

// memoByID returns a RunTool that remembers each result by call id.
func memoByID() func([]lab.Tool, lab.Block) lab.Message {
	done := map[string]lab.Message{}
	return func(tools []lab.Tool, call lab.Block) lab.Message {
		if old, ok := done[call.ID]; ok {
			return old
		}
		done[call.ID] = reference(tools, call)
		return done[call.ID]
	}
}

// retrying runs a failing call three times in all.
func retrying(tools []lab.Tool, call lab.Block) lab.Message {
	result := reference(tools, call)
	for range 2 {
		if result.IsError {
			result = reference(tools, call)
		}
	}
	return result
}

// defaulting writes "" for every input the schema knows and the call left out.
func defaulting(tools []lab.Tool, call lab.Block) lab.Message {
	for _, tool := range tools {
		properties, _ := tool.Parameters["properties"].(lab.Schema)
		for name := range properties {
			if _, ok := call.Arguments[name]; !ok && tool.Name == call.Name && call.Arguments != nil {
				call.Arguments[name] = ""
			}
		}
	}
	return reference(tools, call)
}

// markingBroken adds "(broken)" to the description of a tool that panicked.
func markingBroken(tools []lab.Tool, call lab.Block) lab.Message {
	result := reference(tools, call)
	if result.IsError {
		for i := range tools {
			if tools[i].Name == call.Name {
				tools[i].Description += " (broken)"
			}
		}
	}
	return result
}

func TestSameRunsNamesARetry(t *testing.T) {
	read := lab.Call("read", lab.Args{"path": "a"})
	tests := []struct {
		reason string
		runs   int
		says   string // part of the failure; "" for none
	}{
		{"one run as expected", 1, ""},
		{"no run at all", 0, "got:      no runs at all"},
		{"the same run three times in a row", 3, "try a failed call again"},
	}
	for _, tt := range tests {
		v := checkkit.Run(func(c *checkkit.C) {
			var runs checkkit.ToolRuns
			tool := runs.Wrap(checkkit.ReadTool(lab.NewWorkspace(nil)))[0]
			for range tt.runs {
				tool.Execute(read.Arguments)
			}
			sameRuns(c, "runs:", ran(read), &runs)
		}, time.Minute)
		all := strings.Join(v.Failures, "\n")
		if tt.says == "" && !v.Passed || tt.says != "" && !strings.Contains(all, tt.says) {
			t.Errorf("%s: expected a failure saying %q, got %q", tt.reason, tt.says, all)
		}
	}
}

func TestDescribeSaysArgumentsAreNil(t *testing.T) {
	tests := []struct {
		call lab.Block
		want string
	}{
		{lab.Call("today", nil), "today({}) (its Arguments map is nil)"},
		{lab.Call("today", lab.Args{}), "today({})"},
		{lab.Call("read", lab.Args{"path": ""}), `read({"path": ""})`},
	}
	for _, tt := range tests {
		if got := describe(tt.call); got != tt.want {
			t.Errorf("describe(%#v) = %q, want %q", tt.call.Arguments, got, tt.want)
		}
	}
}
