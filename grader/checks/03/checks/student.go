package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from harness.go; keeping the checks out of package main
// means they are compiled once, and only a small main is compiled again for
// each copy of harness.go.
type Student struct {
	RunLoop  func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, Result)
	Chat     func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
	Answered string // the student's copy of the constant, compared with the kit's by one check only
	GaveUp   string // the student's copy of the constant, compared with the kit's by one check only
	MaxSteps int    // the student's copy of the constant, compared with the kit's by one check only
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"answer_on_last_step":             answerOnLastStep,
	"answers_at_once":                 answersAtOnce,
	"budget_of_one":                   budgetOfOne,
	"called_exactly_max_steps":        calledExactlyMaxSteps,
	"calls_run_whatever_stop_reason":  callsRunWhateverStopReason,
	"chat_appends_question_once":      chatAppendsQuestionOnce,
	"chat_budget_is_max_steps":        chatBudgetIsMaxSteps,
	"chat_starts_from_the_list_given": chatStartsFromTheListGiven,
	"constants_keep_lesson_values":    constantsKeepLessonValues,
	"each_call_runs_once":             eachCallRunsOnce,
	"follows_three_files":             followsThreeFiles,
	"gave_up_is_not_an_answer":        gaveUpIsNotAnAnswer,
	"list_valid_at_end":               listValidAtEnd,
	"results_right_after_their_reply": resultsRightAfterTheirReply,
	"steps_counts_model_calls":        stepsCountsModelCalls,
	"tools_in_every_request":          toolsInEveryRequest,
}
