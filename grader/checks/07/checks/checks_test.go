package checks

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The tests drive every check against a harness written here, by the
// lesson's rules, so they do not depend on the student package; then against
// the same harness with one mistake at a time.

// harness is a student's code, by the lesson's rules unless a field says
// otherwise.
type harness struct {
	decide func(p Policy, name string) (string, string)
	// gate is what a guarded call does once the verdict is known; nil for
	// the lesson's rules.
	gate func(verdict, reason, name string, args lab.Args, ask AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error)
}

func decideByRules(p Policy, name string) (string, string) {
	if !slices.Contains(p.Allowed, name) {
		return deny, name + " is not on the allow-list"
	}
	switch p.Effects[name] {
	case read, write:
		return allow, ""
	case external:
		return ask, name + " is external"
	case irreversible:
		return deny, name + " is irreversible"
	}
	return deny, name + " has no effect class"
}

func gateByRules(verdict, reason, name string, args lab.Args, askFn AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
	switch verdict {
	case allow:
		return run(args)
	case ask:
		yes := askFn != nil && askFn(name, args)
		*log = append(*log, Entry{Tool: name, Args: lab.CloneArgs(args), Verdict: ask, Reason: reason, Approved: yes})
		if yes {
			return run(args)
		}
		return "", fmt.Errorf("not approved: a person said no to %s; do not ask for it again", name)
	}
	*log = append(*log, Entry{Tool: name, Args: lab.CloneArgs(args), Verdict: deny, Reason: reason})
	return "", fmt.Errorf("denied by policy: %s; do not ask for it again", reason)
}

// student turns h into the Student the checks call.
func (h harness) student() Student {
	decide, gate := h.decide, h.gate
	if decide == nil {
		decide = decideByRules
	}
	if gate == nil {
		gate = gateByRules
	}
	runTool := func(tools []lab.Tool, call lab.Block) (result lab.Message) {
		result = lab.Message{Role: lab.RoleToolResult, ToolCallID: call.ID, ToolName: call.Name}
		fail := func(why string) lab.Message {
			result.Content, result.IsError = "Error: "+why, true
			return result
		}
		i := slices.IndexFunc(tools, func(t lab.Tool) bool { return t.Name == call.Name })
		if i < 0 {
			return fail("no tool called " + call.Name)
		}
		defer func() {
			if r := recover(); r != nil {
				result = fail(fmt.Sprint(r))
			}
		}()
		out, err := tools[i].Execute(call.Arguments)
		if err != nil {
			return fail(err.Error())
		}
		result.Content = out
		return result
	}
	runLoop := func(model lab.Model, messages []lab.Message, tools []lab.Tool, steps int) ([]lab.Message, Result) {
		specs := checkkit.SpecsOf(tools)
		for step := 1; step <= steps; step++ {
			reply := model.Complete(system, messages, specs)
			messages = append(messages, reply)
			var calls []lab.Block
			for _, b := range reply.Blocks {
				if b.Type == lab.ToolCallBlock {
					calls = append(calls, b)
				}
			}
			if len(calls) == 0 {
				text := ""
				for _, b := range reply.Blocks {
					text += b.Text
				}
				return messages, Result{Status: answered, Text: text, Steps: step}
			}
			for _, call := range calls {
				messages = append(messages, runTool(tools, call))
			}
		}
		return messages, Result{Status: gaveUp, Steps: steps}
	}
	return Student{
		Decide: func(p Policy, name string) (string, string, Policy) {
			v, r := decide(p, name)
			return v, r, p
		},
		Gate: func(tools []lab.Tool, p Policy, askFn AskFunc, start []Entry) Guarded {
			log := slices.Clone(start)
			out := make([]lab.Tool, len(tools))
			for i, t := range tools {
				run, name := t.Execute, t.Name
				t.Execute = func(args lab.Args) (string, error) {
					v, r := decide(p, name)
					return gate(v, r, name, args, askFn, &log, run)
				}
				out[i] = t
			}
			return Guarded{Tools: out, Log: func() []Entry { return slices.Clone(log) }, Policy: func() Policy { return p }}
		},
		RunTool: runTool,
		RunLoop: runLoop,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
			return runLoop(model, append(messages, lab.User(text)), tools, maxSteps)
		},
	}
}

// verdictOf runs check against h.
func verdictOf(t *testing.T, check checkkit.Check, h harness) *checkkit.Verdict {
	t.Helper()
	S = h.student()
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
}

func TestChecksPassTheRules(t *testing.T) {
	for name, check := range Checks {
		if v := verdictOf(t, check, harness{}); !v.Passed {
			t.Errorf("%s fails a harness that follows the rules:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason string
		check  string
		h      harness
		says   string // part of the failures
	}{
		{"an empty allow-list read as no allow-list lets every tool run", "allow_list_first",
			harness{decide: func(p Policy, name string) (string, string) {
				if len(p.Allowed) == 0 {
					p.Allowed = []string{name}
				}
				return decideByRules(p, name)
			}}, `expected "deny", got "allow"`},
		{"a tool with no class let through is named as such", "unclassed_denied",
			harness{decide: func(p Policy, name string) (string, string) {
				v, r := decideByRules(p, name)
				if strings.HasSuffix(r, "has no effect class") {
					return allow, ""
				}
				return v, r
			}}, "picks the riskiest answer"},
		{"a denied call that runs anyway is counted", "denied_call_never_runs",
			harness{gate: func(v, r, name string, args lab.Args, a AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
				run(args)
				return gateByRules(v, r, name, args, a, log, run)
			}}, "A denied call never runs its tool"},
		{"an allow-list sorted in place shows, and is named", "unclassed_denied",
			harness{decide: func(p Policy, name string) (string, string) {
				slices.Sort(p.Allowed)
				return decideByRules(p, name)
			}}, "changed the order of the allow-list"},
		{"a gate that empties the log it is handed loses the earlier lines", "denials_logged",
			harness{gate: clearingGate()}, "the earlier lines stay"},
		{"a remembered yes shows when the person says no to the next call", "approval_is_per_call",
			harness{gate: rememberingGate()}, "A yes is for one call only"},
		{"a denied call put to a person is named, and the yes that lets it run", "only_external_asks",
			harness{gate: func(v, r, name string, args lab.Args, a AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
				if v == deny {
					v = ask
				}
				return gateByRules(v, r, name, args, a, log, run)
			}}, "a denied call is never asked about"},
		{"a nil ask function taken as a yes", "no_ask_means_no",
			harness{gate: func(v, r, name string, args lab.Args, a AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
				if a == nil {
					a = func(string, lab.Args) bool { return true }
				}
				return gateByRules(v, r, name, args, a, log, run)
			}}, "there is nobody to say yes"},
	}
	for _, tt := range tests {
		v := verdictOf(t, Checks[tt.check], tt.h)
		if v.Passed {
			t.Errorf("%s: %s passed", tt.reason, tt.check)
			continue
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures of %s do not say %q:\n%s", tt.reason, tt.check, tt.says, all)
		}
	}
}

// clearingGate is the lesson's gate with one mistake: the first call through
// a gate empties the log that gate was handed.
func clearingGate() func(string, string, string, lab.Args, AskFunc, *[]Entry, func(lab.Args) (string, error)) (string, error) {
	cleared := map[*[]Entry]bool{}
	return func(v, r, name string, args lab.Args, a AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
		if !cleared[log] {
			cleared[log] = true
			*log = nil
		}
		return gateByRules(v, r, name, args, a, log, run)
	}
}

// rememberingGate is the lesson's gate with one mistake: a yes for a tool
// counts for every later call to it.
func rememberingGate() func(string, string, string, lab.Args, AskFunc, *[]Entry, func(lab.Args) (string, error)) (string, error) {
	approved := map[string]bool{}
	return func(v, r, name string, args lab.Args, a AskFunc, log *[]Entry, run func(lab.Args) (string, error)) (string, error) {
		if v == ask && approved[name] {
			return run(args)
		}
		if v == ask && a != nil {
			inner := a
			a = func(tool string, args lab.Args) bool {
				yes := inner(tool, args)
				approved[name] = approved[name] || yes
				return yes
			}
		}
		return gateByRules(v, r, name, args, a, log, run)
	}
}

func TestReasonAgreesWithTheRules(t *testing.T) {
	for _, run := range deployments {
		d := run.Data
		for _, call := range []lab.Block{d.reader, d.writer, d.sender, d.destroyer, d.unclassed, d.unlisted, d.missing} {
			_, want := decideByRules(d.policy(), call.Name)
			if got := d.reason(call); got != want {
				t.Errorf("%s: reason(%s) = %q, want %q", d.name, call.Name, got, want)
			}
		}
	}
}

func TestShowLogSaysWhatWasLogged(t *testing.T) {
	got := showLog([]Entry{{Tool: "send_email", Args: lab.Args{"to": "finance"}, Verdict: ask, Reason: "send_email is external"}})
	want := "\n    ask send_email({\"to\": \"finance\"}) \"send_email is external\" approved=false"
	if got != want {
		t.Errorf("showLog = %q, want %q", got, want)
	}
	if got := showLog(nil); got != "empty" {
		t.Errorf("showLog(nil) = %q, want %q", got, "empty")
	}
}
