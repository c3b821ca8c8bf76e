package checkkit

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"harnesslab/lab"
)

func TestMessageDifferencesLineListsUp(t *testing.T) {
	q, call := lab.User("q"), lab.Reply(lab.Call("read", lab.Args{"path": "a"}).WithID("c1"))
	res, answer := Result("c1", "read", "A"), lab.Say("done")
	want := []lab.Message{q, call, res, answer}
	tests := []struct {
		reason string
		got    []lab.Message
		want   []string
	}{
		{"the same list has no differences", want, nil},
		{"a message missing in the middle is named, and the ones after it are not blamed",
			[]lab.Message{q, call, answer},
			[]string{`message 2 is missing: expected toolResult c1 -> "A" there`}},
		{"a doubled message is one too many, and says what it copies",
			[]lab.Message{q, call, res, res, answer},
			[]string{`message 3 is one too many: got toolResult c1 -> "A", expected nothing there (it is a copy of message 2)`}},
		{"a message that differs in one field is named with the field",
			[]lab.Message{q, call, {Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "raed", Content: "A"}, answer},
			[]string{`message 2, field ToolName: expected "read", got "raed"`}},
		{"a message shown differently is shown whole",
			[]lab.Message{q, call, Result("c1", "read", "B"), answer},
			[]string{`message 2: expected toolResult c1 -> "A", got toolResult c1 -> "B"`}},
		{"a missing last message",
			[]lab.Message{q, call, res},
			[]string{`message 3 is missing: expected assistant -> "done" there`}},
		{"nothing at all",
			nil,
			[]string{`message 0 is missing: expected user -> "q" there`, `message 1 is missing: expected assistant -> toolCall c1 read({"path": "a"}) there`,
				`message 2 is missing: expected toolResult c1 -> "A" there`, `message 3 is missing: expected assistant -> "done" there`}},
		{"two missing in the middle are numbered where they belong",
			[]lab.Message{q, answer},
			[]string{`message 1 is missing: expected assistant -> toolCall c1 read({"path": "a"}) there`,
				`message 2 is missing: expected toolResult c1 -> "A" there`}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, messageDifferences(want, tt.got, 0)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
		}
	}
}

func TestScenariosAdviseOnStateKeptBetweenRuns(t *testing.T) {
	var seen []string
	remembering := func(c *C) {
		Scenarios(c, []Data[string]{{Name: "first", Data: "a"}, {Name: "second", Data: "b"}}, func(d string) {
			seen = append(seen, d)
			if seen[0] != d {
				c.Errorf("got %s, want %s", seen[0], d)
			}
		})
	}
	v := Run(remembering, time.Second)
	if v.Passed || len(v.Failures) != 2 || !strings.Contains(v.Failures[1], "keep something between calls") {
		t.Errorf("a failure only in the second run should come with advice about kept state; got %q", v.Failures)
	}
	seen = nil
	firstFails := func(c *C) {
		Scenarios(c, []Data[int]{{Name: "first", Data: 1}, {Name: "second", Data: 2}}, func(d int) {
			seen = append(seen, "ran")
			c.Errorf("always wrong")
		})
	}
	v = Run(firstFails, time.Second)
	if len(seen) != 1 || len(v.Failures) != 1 {
		t.Errorf("a failing first run should stop the scenario without advice; ran %d time(s), failures %q", len(seen), v.Failures)
	}
}

func TestSayingTheSameThingTwiceSaysItOnce(t *testing.T) {
	v := Run(func(c *C) {
		for range 5 {
			c.Logf("the list: a, b")
			c.Advise("Recover inside the function that runs the tool.")
		}
		c.Errorf("one more")
	}, time.Second)
	if len(v.Details) != 1 || len(v.Failures) != 2 {
		t.Errorf("repeated context and advice should be said once; got details %q, failures %q", v.Details, v.Failures)
	}
}

func TestToolRunsCountEachScenario(t *testing.T) {
	ws := lab.NewWorkspace(map[string]string{"a": "A"})
	var runs ToolRuns
	tools := runs.Wrap(ReadTool(ws), TodayTool("2026-01-02"))
	args := lab.Args{"path": "a"}
	tools[0].Execute(args)
	args["path"] = "changed after the run"
	tools[1].Execute(nil)
	want := []ToolRun{{"read", lab.Args{"path": "a"}}, {"today", nil}}
	if diff := cmp.Diff(want, runs.Runs()); diff != "" {
		t.Errorf("runs should be recorded in order with the arguments as received (-want +got):\n%s", diff)
	}
	v := Run(func(c *C) { SameRuns(c, "read should run once", []string{"read"}, &runs) }, time.Second)
	if v.Passed || !strings.Contains(v.Failures[0], "got runs:      read, today (2 runs)") {
		t.Errorf("SameRuns should fail on an extra run; got %q", v.Failures)
	}
}

func TestAskedCountsRefusals(t *testing.T) {
	m := lab.NewScriptedModel(lab.Say("hi"))
	m.Complete("", nil, nil) // refused: no messages
	m.Complete("", []lab.Message{lab.User("q")}, nil)
	if got := Asked(m); !strings.HasPrefix(got, "twice (the model refused 1 of them") {
		t.Errorf("Asked should count the refused request; got %q", got)
	}
}

func TestSameToolRunsComparesArgumentsAndNamesRetries(t *testing.T) {
	ws := lab.NewWorkspace(map[string]string{"a": "A"})
	var runs ToolRuns
	read := runs.Wrap(ReadTool(ws))[0]
	for range 3 {
		read.Execute(lab.Args{"path": "a"})
	}
	want := RunsOf(lab.Call("read", lab.Args{"path": "a"}))
	v := Run(func(c *C) { SameToolRuns(c, "read should run once", want, &runs) }, time.Second)
	if v.Passed || !strings.Contains(v.Failures[0], "(3 runs)") || !strings.Contains(v.Failures[0], "try a failed call again") {
		t.Errorf("three runs of one call should fail and be named a retry; got %q", v.Failures)
	}
	var other ToolRuns
	other.Wrap(ReadTool(ws))[0].Execute(lab.Args{"path": "b"})
	v = Run(func(c *C) { SameToolRuns(c, "read a", want, &other) }, time.Second)
	if v.Passed || strings.Contains(v.Failures[0], "try a failed call again") {
		t.Errorf("a run with other arguments should fail, without retry advice; got %q", v.Failures)
	}
}

// TestFreshSetsAreNotTakenForKeptState: a failure in a later data set of
// other cases (generated ones) does not come with the advice about state
// kept between calls, which a plain second run of the same scenario gets.
func TestFreshSetsAreNotTakenForKeptState(t *testing.T) {
	for _, fresh := range []bool{false, true} {
		v := Run(func(c *C) {
			Scenarios(c, []Data[int]{{Name: "first", Data: 1}, {Name: "second", Data: 2, Fresh: fresh}}, func(d int) {
				if d == 2 {
					c.Errorf("case %d failed", d)
				}
			})
		}, time.Minute)
		advised := strings.Contains(strings.Join(v.Failures, "\n"), "keep something between calls")
		if advised == fresh {
			t.Errorf("fresh=%v: advised about kept state: %v", fresh, advised)
		}
	}
}
