package lab

import (
	"strings"
	"testing"
)

func TestCompleteWithRecordsTheChoice(t *testing.T) {
	forced := Force("submit_result")
	m := NewScriptedModel(
		Always(Respond(func(r Request) Message {
			if r.Choice == forced {
				return Reply(Call("submit_result", Args{"summary": "done"}))
			}
			return Say("All done.")
		})),
	)
	specs := []Spec{readSpec, {Name: "submit_result", Parameters: Schema{"type": "object"}}}
	q := []Message{User("Fix it.")}
	if got := m.Complete("sys", q, specs); got.Blocks[0].Type != TextBlock {
		t.Errorf("a request made with Complete carries no forced choice; the step saw one and called a tool")
	}
	if got := m.CompleteWith(forced, "sys", q, specs); got.Blocks[0].Name != "submit_result" {
		t.Errorf("the step reads the forced choice from the request; got %+v", got.Blocks)
	}
	m.CompleteWith(Choice{Mode: ChoiceAuto}, "sys", q, specs)
	calls := m.Calls()
	if calls[0].Choice != (Choice{}) || calls[2].Choice != (Choice{}) {
		t.Errorf("auto is recorded as the zero Choice, however it was asked for; got %v and %v", calls[0].Choice, calls[2].Choice)
	}
	if calls[1].Choice != forced {
		t.Errorf("the forced choice is recorded with its request; got %v", calls[1].Choice)
	}
	if c := calls[1].Clone(); c.Choice != forced {
		t.Errorf("Clone keeps the choice; got %v", c.Choice)
	}
}

func TestCompleteWithRefusesAChoiceItCannotHonour(t *testing.T) {
	cases := []struct {
		choice Choice
		tools  []Spec
		want   string
	}{
		{Force("submit_result"), []Spec{readSpec}, `tool_choice: no tool called "submit_result" in tools`},
		{Choice{Mode: ChoiceAny}, nil, "tool_choice: any needs at least one tool in tools"},
		{Choice{Mode: "required"}, []Spec{readSpec}, `tool_choice: unknown mode "required"`},
	}
	for _, tc := range cases {
		m := NewScriptedModel(Say("ok"))
		reply := m.CompleteWith(tc.choice, "sys", []Message{User("q")}, tc.tools)
		if !strings.Contains(reply.Error, tc.want) || !strings.HasPrefix(reply.Error, "400 invalid_request: ") {
			t.Errorf("choice %v: expected a refusal saying %q, got %q", tc.choice, tc.want, reply.Error)
		}
		if m.Remaining() != 1 || m.Asked() != 1 {
			t.Errorf("choice %v: a refused request must not use the script up, and still counts as asked; remaining %d, asked %d", tc.choice, m.Remaining(), m.Asked())
		}
	}
}

func TestChoiceNamesItselfAsProvidersDo(t *testing.T) {
	for choice, want := range map[Choice]string{
		{}: "auto", {Mode: ChoiceNone}: "none", {Mode: ChoiceAny}: "any", Force("x"): "tool:x",
	} {
		if got := choice.String(); got != want {
			t.Errorf("Choice%+v.String() = %q, want %q", choice, got, want)
		}
	}
}

func TestRecordedModelPassesTheChoiceOn(t *testing.T) {
	m := NewScriptedModel(Say("ok"))
	rec := NewRecorder("forced")
	var model Model = rec.Model(m)
	chooser, ok := model.(Chooser)
	if !ok {
		t.Fatal("a recorded model must take a choice, so that wrapping a model does not drop it")
	}
	chooser.CompleteWith(Force("read"), "sys", []Message{User("q")}, []Spec{readSpec})
	if got := m.Calls()[0].Choice; got != Force("read") {
		t.Errorf("the wrapped model should receive the choice; got %v", got)
	}
	if n := len(rec.Transcript().Events); n != 2 {
		t.Errorf("the recorder should write down the request and the reply; got %d events", n)
	}
}
