package report

import (
	"harnesslab/grader/results"
	"time"
)

// The checks of a lesson like 02: two labs, fractional points, one hidden
// check.
var (
	checkOrder = results.CheckResult{
		Name: "calls_in_order", Sentence: "Chat runs the tool calls in the order the model wrote them.",
		Number: "1.1", Lab: 1, MaxPoints: 1,
	}
	checkPaired = results.CheckResult{
		Name: "results_paired", Sentence: "Every tool call gets exactly one result, right after its assistant message.",
		Number: "1.2", Lab: 1, MaxPoints: 2,
	}
	checkPort = results.CheckResult{
		Name: "answer_has_port", Sentence: "The final answer quotes the port from config.py.",
		Number: "2.1", Lab: 2, MaxPoints: 1.5,
	}
	checkUnknown = results.CheckResult{
		Name: "unknown_tool", Sentence: "An unknown tool comes back to the model as an error result.",
		Number: "2.2", Lab: 2, MaxPoints: 1.5, Hidden: true,
	}
)

// pass is c passed in d.
func pass(c results.CheckResult, d time.Duration) results.CheckResult {
	c.Passed, c.Points, c.Duration = true, c.MaxPoints, d
	return c
}

// fail is c failed with kind and message.
func fail(c results.CheckResult, kind, message string, d time.Duration) results.CheckResult {
	c.Kind, c.Message, c.Duration = results.Kind(kind), message, d
	return c
}

// notRun is c when the submission's checks did not run.
func notRun(c results.CheckResult) results.CheckResult {
	c.Kind = "nocompile"
	return c
}

// compilerMessage is a compiler's complaint with what student text can
// hold: several lines, XML-special characters, a terminal escape and a NUL.
const compilerMessage = "agent.go:14:9: undefined: strings.Cutt\n" +
	"agent.go:22:2: cannot use calls (variable of type []Call) as map[string]<-chan int value in return statement & \"more\"\n" +
	"agent.go:30:1: \x1b[31mmissing return\x1b[0m\x00\r\n" +
	"]]> too many errors"

// fixtures is a run's results, deliberately not sorted by name: one of each
// kind of outcome.
func fixtures() []results.Result {
	bob := fail(checkOrder, "failed", "message 2, field content: expected the result of call c1, got nothing.", 210*time.Millisecond)
	bob.Details = []string{"the model wrote calls c1 and c2", "your code sent 3 messages"}
	bobHang := fail(checkPaired, "timeout", "Chat did not finish within 5s: it may be waiting forever (agent.go:41).", 5*time.Second)
	bobHang.Output = "calling read_file\ncalling read_file\n"
	return []results.Result{
		{
			Name: "carol", Lesson: "02", Status: results.StatusNoCompile,
			Message:  compilerMessage,
			MaxScore: 6,
			Checks:   []results.CheckResult{notRun(checkOrder), notRun(checkPaired), notRun(checkPort), notRun(checkUnknown)},
			Duration: 1800 * time.Millisecond,
		},
		{
			Name: "alice", Lesson: "02", Status: results.StatusPassed,
			Score: 6, MaxScore: 6,
			Checks: []results.CheckResult{
				pass(checkOrder, 120*time.Millisecond), pass(checkPaired, 95*time.Millisecond),
				pass(checkPort, 101*time.Millisecond), pass(checkUnknown, 88*time.Millisecond),
			},
			Ignored:  []string{"notes.txt", "go.mod"},
			Duration: 2345 * time.Millisecond,
		},
		{
			Name: "dave", Lesson: "02", Status: results.StatusMissing,
			Message:  "agent.go is missing; the lesson expects agent.go and tools.go.",
			MaxScore: 6,
			Duration: 3 * time.Millisecond,
		},
		{
			Name: "bob", Lesson: "02", Status: results.StatusFailed,
			Score: 1.5, MaxScore: 6,
			Checks: []results.CheckResult{
				bob, bobHang, pass(checkPort, 130*time.Millisecond),
				fail(checkUnknown, "failed", "the model got no error result for call c3.", 99*time.Millisecond),
			},
			Duration: 6500 * time.Millisecond,
		},
	}
}

// subsOf is results as the submissions of a run, each in the folder
// FolderName gives it.
func subsOf(all []results.Result) []Submission {
	subs := make([]Submission, len(all))
	for i, r := range all {
		subs[i] = Submission{Result: r, Folder: FolderName(r.Name)}
	}
	return subs
}
