package checkkit

import (
	"strings"
	"sync"

	"harnesslab/lab"
)

// The kit's own tools. Checks build every tool they hand a student's code
// from these, never from the student's file, and build what they expect from
// a fresh copy made after the student's code returned, so that code which
// changes the tools it was given cannot change what a check expects.

// ReadTool returns the read tool of the lessons, over ws.
func ReadTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "read",
		Description: "Read a text file and return its contents.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{"path": lab.Schema{
				"type": "string", "description": "Path of the file to read."}},
			"required": []string{"path"},
		},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			return ws.ReadText(path)
		},
	}
}

// TodayTool returns a tool that takes no arguments and returns date.
func TodayTool(date string) lab.Tool {
	return lab.Tool{
		Name:        "today",
		Description: "Return today's date.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "required": []string{}},
		Execute:     func(lab.Args) (string, error) { return date, nil },
	}
}

// SpecOf is what a request should say about tool.
func SpecOf(tool lab.Tool) lab.Spec {
	return lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters}
}

// SpecsOf is what a request should say about tools, in order.
func SpecsOf(tools []lab.Tool) []lab.Spec {
	specs := make([]lab.Spec, len(tools))
	for i, t := range tools {
		specs[i] = SpecOf(t)
	}
	return specs
}

// Result is the toolResult that answers call id of tool name with content.
func Result(id, name, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: name, Content: content}
}

// ErrorResult is the toolResult of a failed call: IsError set, content as
// given.
func ErrorResult(id, name, content string) lab.Message {
	m := Result(id, name, content)
	m.IsError = true
	return m
}

// ToolRun is one run of a tool: which tool, with which arguments.
type ToolRun struct {
	Tool string
	Args lab.Args
}

// ToolRuns counts the runs of the tools it wraps, within one scenario, so a
// check can say a tool ran twice when it should have run once (a hidden
// retry), or ran when it should not have (a call that failed its checks).
// It is safe for use by several goroutines at once.
type ToolRuns struct {
	mu   sync.Mutex
	runs []ToolRun
}

// Wrap returns copies of tools whose Execute records each run (a deep copy
// of its arguments, as the tool received them) before it does its work.
func (r *ToolRuns) Wrap(tools ...lab.Tool) []lab.Tool {
	out := make([]lab.Tool, len(tools))
	for i, t := range tools {
		execute, name := t.Execute, t.Name
		t.Execute = func(args lab.Args) (string, error) {
			r.mu.Lock()
			r.runs = append(r.runs, ToolRun{Tool: name, Args: lab.CloneArgs(args)})
			r.mu.Unlock()
			return execute(args)
		}
		out[i] = t
	}
	return out
}

// Runs returns every run so far, in order.
func (r *ToolRuns) Runs() []ToolRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]ToolRun(nil), r.runs...)
}

// Names returns the tool of every run so far, in order.
func (r *ToolRuns) Names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	names := make([]string, len(r.runs))
	for i, run := range r.runs {
		names[i] = run.Tool
	}
	return names
}

// SameRuns records a failure unless the tools ran exactly as want says
// (tool names, in order), within the scenario r counted.
func SameRuns(c *C, sentence string, want []string, r *ToolRuns) bool {
	got := r.Names()
	if len(want) == len(got) && (len(want) == 0 || Commas(want) == Commas(got)) {
		return true
	}
	c.Errorf("%s\n  expected runs: %s\n  got runs:      %s (%s)", sentence, Commas(want), Commas(got), Plural(len(got), "run"))
	return false
}

// SameReads records a failure unless the workspace saw exactly the reads
// want, in order.
func SameReads(c *C, sentence string, want []string, ws *lab.Workspace) bool {
	got := ws.Reads()
	if len(want) == len(got) && Commas(want) == Commas(got) {
		return true
	}
	c.Errorf("%s\n  expected reads: %s\n  got reads:      %s", sentence, Commas(want), Commas(got))
	return false
}

// RunsOf returns the runs calls should cause: each call's tool, given a copy
// of its arguments, in call order.
func RunsOf(calls ...lab.Block) []ToolRun {
	runs := make([]ToolRun, len(calls))
	for i, call := range calls {
		runs[i] = ToolRun{Tool: call.Name, Args: lab.CloneArgs(call.Arguments)}
	}
	return runs
}

// SameToolRuns records a failure unless the tools ran exactly as want says:
// the same tools, in the same order, each given exactly the arguments in
// want (nil and empty arguments count as the same). When a run comes again
// right after itself more often than want has it, the failure says that is
// the mark of a hidden retry.
func SameToolRuns(c *C, sentence string, want []ToolRun, r *ToolRuns) bool {
	got := r.Runs()
	same := len(want) == len(got)
	for i := 0; same && i < len(want); i++ {
		same = want[i].Tool == got[i].Tool && len(Differences(want[i].Args, got[i].Args, AsSent...)) == 0
	}
	if same {
		return true
	}
	c.Errorf("%s\n  expected: %s\n  got:      %s%s", sentence, countRuns(want), countRuns(got), retryNote(want, got))
	return false
}

// ShowRuns writes tool runs the way a transcript writes calls, one after the
// other: `read({"path": "a"}), today({})`; "no runs at all" for none.
func ShowRuns(runs []ToolRun) string {
	if len(runs) == 0 {
		return "no runs at all"
	}
	shown := make([]string, len(runs))
	for i, r := range runs {
		shown[i] = showRun(r)
	}
	return strings.Join(shown, ", ")
}

func showRun(r ToolRun) string {
	if r.Args == nil {
		return r.Tool + "({}) (its Arguments map is nil)"
	}
	return r.Tool + "(" + lab.EncodeJSON(r.Args) + ")"
}

func countRuns(runs []ToolRun) string {
	if len(runs) == 0 {
		return ShowRuns(runs)
	}
	return ShowRuns(runs) + " (" + Plural(len(runs), "run") + ")"
}

// retryNote is advice when got repeats a run right after itself more often
// than want does.
func retryNote(want, got []ToolRun) string {
	repeats := func(runs []ToolRun) int {
		n := 0
		for i := 1; i < len(runs); i++ {
			if showRun(runs[i]) == showRun(runs[i-1]) {
				n++
			}
		}
		return n
	}
	if repeats(got) <= repeats(want) {
		return ""
	}
	return "\n  The same run came again right after itself: does your code try a failed call again? Only the model " +
		"decides to try again, after it has read the error."
}
