package checkkit

import (
	"harnesslab/grader/results"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"harnesslab/lab"
)

func TestDifferencesInWords(t *testing.T) {
	want := []lab.Message{
		lab.User("q"),
		{Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: "PORT = 9090\n"},
	}
	tests := []struct {
		reason string
		got    []lab.Message
		want   []string
	}{
		{"the same list has no differences", want, nil},
		{"a field that differs is named with its message",
			[]lab.Message{want[0], {Role: lab.RoleToolResult, ToolCallID: "c1", ToolName: "read", Content: ""}},
			[]string{`message 1, field Content: expected "PORT = 9090\n", got ""`}},
		{"a missing message is shown as a transcript line",
			[]lab.Message{want[0]},
			[]string{`message 1: expected toolResult c1 -> "PORT = 9090\n", got nothing`}},
		{"an extra message too",
			append(append([]lab.Message{}, want...), lab.Say("extra")),
			[]string{`message 2: expected nothing, got assistant -> "extra"`}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Differences(want, tt.got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
		}
	}
}

func TestRunWordsFailures(t *testing.T) {
	tests := []struct {
		reason   string
		check    Check
		kind     results.Kind
		contains string
	}{
		{"a check that reports nothing passes", func(c *C) {}, "", ""},
		{"Fatalf stops the check and fails it", func(c *C) { c.Fatalf("wrong: %d", 1); c.Errorf("never") }, results.KindFailed, "wrong: 1"},
		{"a gap is named", func(c *C) { panic("ToolCalls: not written yet") }, results.KindNotWritten, "ToolCalls is not written yet"},
		//lint:ignore SA5000 the runtime's own panic is what this case needs
		{"a panic is a failure", func(c *C) { var m map[string]int; m["x"] = 1 }, results.KindPanic, "your code panicked: assignment to entry in nil map"},
		{"an extra model call is explained", func(c *C) {
			m := lab.NewScriptedModel()
			m.Complete("s", []lab.Message{lab.User("q")}, nil)
		}, results.KindScript, "reply number 1, but this scenario scripted only 0"},
		{"a hang is a timeout", func(c *C) { select {} }, results.KindTimeout, "timed out"},
		{"runtime.Goexit with no failure recorded is a failure, not a pass", func(c *C) { runtime.Goexit() }, results.KindPanic,
			"the check stopped before it finished, without a failure: something in your code ended it (runtime.Goexit?)"},
		{"runtime.Goexit from deeper down is a failure too", func(c *C) {
			func() { defer func() {}(); runtime.Goexit() }()
			c.Errorf("never")
		}, results.KindPanic, "the check stopped before it finished"},
		{"Goexit after a recorded failure keeps that failure", func(c *C) { c.Errorf("wrong: 2"); runtime.Goexit() }, results.KindFailed, "wrong: 2"},
		{"panic(nil) is a panic, not an early end", func(c *C) { panic(nil) }, results.KindPanic, "your code panicked"},
	}
	for _, tt := range tests {
		v := Run(tt.check, 200*time.Millisecond)
		if v.Passed != (tt.kind == "") || v.Kind != tt.kind {
			t.Errorf("%s: passed=%v kind=%q, want kind %q", tt.reason, v.Passed, v.Kind, tt.kind)
		}
		if got := strings.Join(v.Failures, "\n"); !strings.Contains(got, tt.contains) {
			t.Errorf("%s: failure %q should contain %q", tt.reason, got, tt.contains)
		}
	}
}

func TestStudentFrames(t *testing.T) {
	stack := `goroutine 7 [running]:
harnesslab/grader/checkkit.Run.func1()
	harnesslab/grader/checkkit/main.go:80 +0x1c
harnesslab/lessons/02-model-can-only-talk.ToolCalls(...)
	harnesslab/lessons/02-model-can-only-talk/harness.go:42 +0x25
harnesslab/lessons/02-model-can-only-talk.Chat({0x1, 0x2})
	harnesslab/lessons/02-model-can-only-talk/harness.go:88 +0x99
harnesslab/lessons/04-x.check.MakeReadTool.func2(...)
	harnesslab/lessons/04-x/harness.go:70 +0x25
main.toolCallsInOrder(0xc000)
	harnesslab/grader/checks/02/lab1.go:20 +0x40
`
	want := []string{"ToolCalls (harness.go:42)", "Chat (harness.go:88)", "MakeReadTool (harness.go:70)"}
	if diff := cmp.Diff(want, StudentFrames(stack)); diff != "" {
		t.Errorf("studentFrames (-want +got):\n%s", diff)
	}
}
