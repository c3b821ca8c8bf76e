package checks

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// refSend is a Send that follows the lesson's rules, written here so the
// tests do not depend on the student package. capped says whether it stops
// after maxAttempts tries.
func refSend(capped bool) func(lab.Provider, lab.Clock, *rand.Rand, string, []lab.Message, []lab.Spec) (lab.Message, error) {
	return func(p lab.Provider, clock lab.Clock, rng *rand.Rand, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, error) {
		reasked := false
		for attempt := 1; ; attempt++ {
			reply, err := p.Send(system, messages, tools, clock.Now().Add(timeout))
			if err == nil {
				return reply, nil
			}
			kind := classify(err)
			if (capped && attempt == maxAttempts) || (kind == malformed && reasked) || (kind != transient && kind != malformed) {
				return lab.Message{}, err
			}
			if kind == malformed {
				reasked = true
				continue
			}
			clock.Sleep(refPause(err, attempt, rng))
		}
	}
}

// refPause is the lesson's wait after a transient failure.
func refPause(err error, attempt int, rng *rand.Rand) time.Duration {
	var failure *lab.ProviderError
	if errors.As(err, &failure) && failure.RetryAfter > 0 {
		return failure.RetryAfter
	}
	return backoff(attempt, rng)
}

// refModel is the Fallback model of the lesson.
type refModel struct {
	clock     lab.Clock
	rng       *rand.Rand
	providers []lab.Provider
}

func (m refModel) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	var last error
	for _, p := range m.providers {
		reply, err := refSend(true)(p, m.clock, m.rng, system, messages, tools)
		if err == nil {
			return reply
		}
		last = err
	}
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: last.Error()}
}

// refSendTool is the send_draft tool of the lesson; perTry says whether it
// asks for a new key on every try, the mistake lab 2 is about.
func refSendTool(perTry bool) func(*lab.Outbox, lab.Clock, *rand.Rand, func() string) lab.Tool {
	return func(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool {
		spec := sendDraftSpec()
		return lab.Tool{Name: spec.Name, Description: spec.Description, Parameters: spec.Parameters,
			Execute: func(args lab.Args) (string, error) {
				to, _ := args["to"].(string)
				text, _ := args["text"].(string)
				key := newKey()
				for attempt := 1; ; attempt++ {
					if perTry && attempt > 1 {
						key = newKey()
					}
					out, err := outbox.Send(key, to, text, clock.Now().Add(timeout))
					if err == nil || attempt == maxAttempts || classify(err) != transient {
						return out, err
					}
					clock.Sleep(refPause(err, attempt, rng))
				}
			}}
	}
}

// refRunTool runs the one tool a call names; a failure is an error result.
func refRunTool(tools []lab.Tool, call lab.Block) lab.Message {
	for _, tool := range tools {
		if tool.Name == call.Name {
			out, err := tool.Execute(call.Arguments)
			if err != nil {
				return checkkit.ErrorResult(call.ID, call.Name, "Error: "+err.Error())
			}
			return checkkit.Result(call.ID, call.Name, out)
		}
	}
	return checkkit.ErrorResult(call.ID, call.Name, "Error: no tool called "+call.Name)
}

// reference is a Student that follows the lesson's rules.
func reference() Student {
	return Student{
		Classify: classify,
		Backoff:  backoff,
		Send:     refSend(true),
		Fallback: func(clock lab.Clock, rng *rand.Rand, providers ...lab.Provider) lab.Model {
			return refModel{clock, rng, providers}
		},
		MakeSendTool: refSendTool(false),
		RunTool:      refRunTool,
		Values: Values{System: system, MaxSteps: maxSteps, Transient: transient, Malformed: malformed, Mistake: mistake,
			Permanent: permanent, MaxAttempts: maxAttempts, BaseDelay: baseDelay, MaxDelay: maxDelay, Timeout: timeout},
	}
}

// runCheck runs check against student and returns its verdict.
func runCheck(t *testing.T, check checkkit.Check, student Student) *checkkit.Verdict {
	t.Helper()
	S = student
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
}

func TestChecksPassTheRules(t *testing.T) {
	for _, name := range []string{"failures_classified", "backoff_doubles_with_jitter", "transient_failures_retried",
		"retry_after_obeyed", "every_try_has_deadline", "attempts_capped", "permanent_not_retried",
		"malformed_asked_again_once", "fallback_takes_over", "lesson_values_kept", "lost_reply_sent_once", "send_tool_gives_up"} {
		if v := runCheck(t, Checks[name], reference()); !v.Passed {
			t.Errorf("%s fails code that follows the rules:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason string
		check  string
		change func(*Student)
		says   string // part of the failures
	}{
		{"a type assertion misses a wrapped failure, and the failure names errors.As", "failures_classified",
			func(s *Student) {
				s.Classify = func(err error) string {
					if _, ok := err.(*lab.ProviderError); ok {
						return classify(err)
					}
					return mistake
				}
			}, "errors.As finds it"},
		{"an uncapped loop is counted", "attempts_capped",
			func(s *Student) { s.Send = refSend(false) }, "it was sent it 7 times"},
		{"a wait with no jitter is named by its bounds or its draw", "backoff_doubles_with_jitter",
			func(s *Student) {
				s.Backoff = func(retry int, rng *rand.Rand) time.Duration { return backoff(retry, rand.New(rand.NewPCG(1, 1))) }
			}, "one draw from the source it was handed"},
		{"a key per try sends the draft twice", "lost_reply_sent_once",
			func(s *Student) { s.MakeSendTool = refSendTool(true) }, "it asked newKey twice"},
		{"a try counter shared by every call of the tool is caught on the second call", "send_tool_gives_up",
			func(s *Student) {
				s.MakeSendTool = func(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool {
					tool, attempt := refSendTool(false)(outbox, clock, rng, newKey), 0
					tool.Execute = func(args lab.Args) (string, error) {
						to, _ := args["to"].(string)
						text, _ := args["text"].(string)
						key := newKey()
						for {
							attempt++
							out, err := outbox.Send(key, to, text, clock.Now().Add(timeout))
							if err == nil || attempt == maxAttempts || classify(err) != transient {
								return out, err
							}
							clock.Sleep(refPause(err, attempt, rng))
						}
					}
					return tool
				}
			}, "The second call: The outbox should have been sent the request 4 times; it was sent it 7 times."},
		{"a fallback that stops at the first model is caught", "fallback_takes_over",
			func(s *Student) {
				s.Fallback = func(clock lab.Clock, rng *rand.Rand, providers ...lab.Provider) lab.Model {
					return refModel{clock, rng, providers[:1]}
				}
			}, "the second should be sent the request once"},
	}
	for _, tt := range tests {
		student := reference()
		tt.change(&student)
		v := runCheck(t, Checks[tt.check], student)
		if v.Passed {
			t.Errorf("%s: the check passed", tt.reason)
			continue
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures do not say %q:\n%s", tt.reason, tt.says, all)
		}
	}
}
