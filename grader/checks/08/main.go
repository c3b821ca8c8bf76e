// Command 08 is the check program of lesson 08, "Guardrails". It is built
// together with the student's harness.go and guard.go and runs one check per
// call:
//
//	08 luhn_checks_the_digit
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/checks"
	"harnesslab/lab"
	harness "harnesslab/lessons/08-guardrails"
)

func main() {
	checks.S = checks.Student{
		RunTool: harness.RunTool,
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, checks.Result) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, result(r)
		},
		Luhn:   harness.Luhn,
		Redact: harness.Redact,
		RedactTools: func(tools []lab.Tool) ([]lab.Tool, func() []checks.Trigger) {
			log := &harness.Log{}
			return harness.RedactTools(tools, log), func() []checks.Trigger { return triggers(log) }
		},
		CheckInput:     harness.CheckInput,
		UncitedFigures: harness.UncitedFigures,
		GuardedChat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, checks.Result, []checks.Trigger) {
			log := &harness.Log{}
			out, r := harness.GuardedChat(model, messages, text, tools, log)
			return out, result(r), triggers(log)
		},
		Values: checks.Values{
			System: harness.System, Answered: string(harness.Answered), GaveUp: string(harness.GaveUp),
			MaxSteps: harness.MaxSteps, Refused: string(harness.Refused), Withheld: string(harness.Withheld),
			PhoneMark: harness.PhoneMark, EmailMark: harness.EmailMark, CardMark: harness.CardMark,
			Phone: harness.Phone, Email: harness.Email, Card: harness.Card, MaxInput: harness.MaxInput,
			InputGuard: harness.InputGuard, RedactGuard: harness.RedactGuard, OutputGuard: harness.OutputGuard,
		},
	}
	checkkit.Main(checks.Checks)
}

func result(r harness.Result) checks.Result {
	return checks.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
}

// triggers copies the student's log into the checks' own type. A nil log
// reads as empty.
func triggers(log *harness.Log) []checks.Trigger {
	if log == nil {
		return nil
	}
	out := make([]checks.Trigger, len(log.Triggers))
	for i, t := range log.Triggers {
		out[i] = checks.Trigger{Guard: t.Guard, Where: t.Where, What: t.What}
	}
	return out
}
