package play

import "harnesslab/lab"

// Student is the code under play, as the play functions call it. The
// program's main fills it in from harness.go and guard.go (see Adapt in each
// main), giving each call to RedactTools and GuardedChat a log of its own and
// copying the triggers out, so play never imports the lesson's package.
type Student struct {
	RunTool        func(tools []lab.Tool, call lab.Block) lab.Message
	RunLoop        func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result)
	Luhn           func(number string) bool
	Redact         func(text string) (string, []string)
	RedactTools    func(tools []lab.Tool) (guarded []lab.Tool, log func() []Trigger)
	CheckInput     func(text string) error
	UncitedFigures func(answer string, messages []lab.Message) []string
	GuardedChat    func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result, []Trigger)
	Values         Values
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Result is how a run of the loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Trigger is one time a guardrail fired, copied from harness.Trigger.
type Trigger struct {
	Guard string
	Where string
	What  string
}

// Values are the constants of the lesson's files, under the names a student
// reads. Only lesson_values_kept records them.
type Values struct {
	System, Answered, GaveUp             string
	MaxSteps                             int
	Refused, Withheld                    string
	PhoneMark, EmailMark, CardMark       string
	Phone, Email, Card                   string
	MaxInput                             int
	InputGuard, RedactGuard, OutputGuard string
}
