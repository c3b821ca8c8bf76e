// Command 08 is the player of lesson 08, "Guardrails". It is built together
// with the student's files and plays one check's scenario per run, recording
// what the student's code did for the judge (grader/checks/08/judge), which
// decides:
//
//	LABRUN_SCENARIO=scenario.json 08 luhn_checks_the_digit
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
	"harnesslab/lab"
	harness "harnesslab/lessons/08-guardrails"
)

func main() {
	play.S = student()
	checkkit.Main(play.Plays)
}

// student is the lesson's code as play calls it; the judge's main holds the
// same function, built with the reference.
func student() play.Student {
	return play.Student{
		RunTool: harness.RunTool,
		RunLoop: func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, play.Result) {
			out, r := harness.RunLoop(model, messages, tools, maxSteps)
			return out, result(r)
		},
		Luhn:   harness.Luhn,
		Redact: harness.Redact,
		RedactTools: func(tools []lab.Tool) ([]lab.Tool, func() []play.Trigger) {
			log := &harness.Log{}
			return harness.RedactTools(tools, log), func() []play.Trigger { return triggers(log) }
		},
		CheckInput:     harness.CheckInput,
		UncitedFigures: harness.UncitedFigures,
		GuardedChat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, play.Result, []play.Trigger) {
			log := &harness.Log{}
			out, r := harness.GuardedChat(model, messages, text, tools, log)
			return out, result(r), triggers(log)
		},
		Values: play.Values{
			System: harness.System, Answered: string(harness.Answered), GaveUp: string(harness.GaveUp),
			MaxSteps: harness.MaxSteps, Refused: string(harness.Refused), Withheld: string(harness.Withheld),
			PhoneMark: harness.PhoneMark, EmailMark: harness.EmailMark, CardMark: harness.CardMark,
			Phone: harness.Phone, Email: harness.Email, Card: harness.Card, MaxInput: harness.MaxInput,
			InputGuard: harness.InputGuard, RedactGuard: harness.RedactGuard, OutputGuard: harness.OutputGuard,
		},
	}
}

// result copies a harness.Result into play's own type.
func result(r harness.Result) play.Result {
	return play.Result{Status: string(r.Status), Text: r.Text, Steps: r.Steps}
}

// triggers copies the log into play's own type. A nil log reads as empty.
func triggers(log *harness.Log) []play.Trigger {
	if log == nil {
		return nil
	}
	out := make([]play.Trigger, len(log.Triggers))
	for i, t := range log.Triggers {
		out[i] = play.Trigger{Guard: t.Guard, Where: t.Where, What: t.What}
	}
	return out
}
