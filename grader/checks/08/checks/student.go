package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go and guard.go, giving each call to
// RedactTools and GuardedChat a log of its own and copying the triggers out,
// so the checks never import the student's package.
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

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
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

// Values are the constants of the student's files, under the names a
// student reads. Only lesson_values_kept looks at them: every other check
// expects the kit's own values.
type Values struct {
	System, Answered, GaveUp             string
	MaxSteps                             int
	Refused, Withheld                    string
	PhoneMark, EmailMark, CardMark       string
	Phone, Email, Card                   string
	MaxInput                             int
	InputGuard, RedactGuard, OutputGuard string
}

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's files.
var kit = Values{
	System: "You are a helpful assistant.", Answered: "answered", GaveUp: "gave up", MaxSteps: 8,
	Refused: "refused", Withheld: "withheld",
	PhoneMark: "[phone]", EmailMark: "[email]", CardMark: "[card]",
	Phone: "phone", Email: "email", Card: "card", MaxInput: 2000,
	InputGuard: "input", RedactGuard: "redact", OutputGuard: "output",
}

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"answer_with_personal_data_withheld": answerWithPersonalDataWithheld,
	"cited_figures_pass":                 citedFiguresPass,
	"errors_and_panics_redacted":         errorsAndPanicsRedacted,
	"every_redaction_logged":             everyRedactionLogged,
	"gave_up_stays_gave_up":              gaveUpStaysGaveUp,
	"guarded_run_answers":                guardedRunAnswers,
	"input_refused_before_model":         inputRefusedBeforeModel,
	"input_within_limits_passes":         inputWithinLimitsPasses,
	"lesson_values_kept":                 lessonValuesKept,
	"luhn_checks_the_digit":              luhnChecksTheDigit,
	"near_misses_survive":                nearMissesSurvive,
	"no_personal_data_logged":            noPersonalDataLogged,
	"redact_marks_each_kind":             redactMarksEachKind,
	"results_redacted_before_model":      resultsRedactedBeforeModel,
	"tools_handed_in_unchanged":          toolsHandedInUnchanged,
	"uncited_answer_withheld":            uncitedAnswerWithheld,
	"uncited_figures_named":              uncitedFiguresNamed,
}
