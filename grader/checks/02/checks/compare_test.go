package checks

import (
	"harnesslab/grader/results"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// failures runs check the way a check program does and returns what it
// reported, failures and context together.
func failures(t *testing.T, check checkkit.Check) string {
	t.Helper()
	v := checkkit.Run(check, 10*time.Second)
	return strings.Join(append(v.Failures, v.Details...), "\n")
}

// askTwice sends the lesson's two requests to a fresh reportModel, the second
// with system and tools as given.
func askTwice(system string, tools []lab.Spec) *lab.ScriptedModel {
	model := reportModel("", "config.py")
	question := lab.User(portQuestion)
	specs := checkkit.SpecsOf([]lab.Tool{checkkit.ReadTool(nil)})
	reply := model.Complete(system, []lab.Message{question}, specs)
	model.Complete(system, []lab.Message{question, reply, checkkit.Result("c1", "read", "PORT = 9090\n")}, tools)
	return model
}

func TestSameRequestsWords(t *testing.T) {
	read := []lab.Tool{checkkit.ReadTool(nil)}
	want := []lab.Request{
		request(read, lab.User(portQuestion)),
		request(read, lab.User(portQuestion), askedToRead("config.py"), checkkit.Result("c1", "read", "PORT = 9090\n")),
	}
	trimmed := checkkit.SpecsOf(read)
	trimmed[0].Description = ""
	tests := []struct {
		reason string
		model  *lab.ScriptedModel
		want   []string // each must be in the failure; none at all means the check passes
	}{
		{"the same requests pass", askTwice(system, checkkit.SpecsOf(read)), nil},
		{"a changed System is named with its request",
			askTwice(system+" Be brief.", checkkit.SpecsOf(read)),
			[]string{`request 1, its standing instruction (System): expected "You are a helpful assistant.", got "You are a helpful assistant. Be brief."`}},
		{"a request without tools says so, by name",
			askTwice(system, nil),
			[]string{"request 2 described no tools; expected the tool read."}},
		{"a tool described differently is named with its field",
			askTwice(system, trimmed),
			[]string{"request 2 described the tools read, but not exactly", `tool 0, field Description: expected "Read a text file and return its contents.", got ""`}},
	}
	for _, tt := range tests {
		got := failures(t, func(c *checkkit.C) { sameRequests(c, "The requests.", want, tt.model) })
		if len(tt.want) == 0 && got != "" {
			t.Errorf("%s: got failures\n%s", tt.reason, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the failure should contain %q; it was\n%s", tt.reason, w, got)
			}
		}
	}
}

func TestSameRequestsCounts(t *testing.T) {
	read := []lab.Tool{checkkit.ReadTool(nil)}
	want := []lab.Request{request(read, lab.User(portQuestion))}

	refusing := reportModel("", "config.py")
	refusing.Complete(system, []lab.Message{askedToRead("config.py")}, checkkit.SpecsOf(read))
	got := failures(t, func(c *checkkit.C) { sameRequests(c, "One request.", want, refusing) })
	if !strings.Contains(got, "The model refused a request from Chat, as a provider would: 400 invalid_request:") {
		t.Errorf("a refused request should be named as refused; the failure was\n%s", got)
	}

	twice := askTwice(system, checkkit.SpecsOf(read))
	got = failures(t, func(c *checkkit.C) { sameRequests(c, "One request.", want, twice) })
	if !strings.Contains(got, "Chat asked the model twice; expected once.") {
		t.Errorf("one request too many should be counted in words; the failure was\n%s", got)
	}
}

func TestDescribedTools(t *testing.T) {
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{nil, "no tools"},
		{[]string{"read"}, "the tool read"},
		{[]string{"today", "read"}, "the tools today, read"},
	} {
		if got := describedTools(tt.names); got != tt.want {
			t.Errorf("describedTools(%q) = %q, want %q", tt.names, got, tt.want)
		}
	}
}

// TestRunStoppingPassesGapsOn proves a gap not written yet is not taken for
// a tool failure: it reaches the kit, which names the gap.
func TestRunStoppingPassesGapsOn(t *testing.T) {
	saved := S
	defer func() { S = saved }()
	S.RunTool = func([]lab.Tool, lab.Block) lab.Message { panic("RunTool: not written yet") }
	v := checkkit.Run(failedToolNotASuccess, 10*time.Second)
	if v.Kind != results.KindNotWritten {
		t.Errorf("a RunTool not written yet should give a %q verdict; got %q: %s", results.KindNotWritten, v.Kind, v.Failures)
	}
}
