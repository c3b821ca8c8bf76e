// Command 03 is the check program of lesson 03, "The loop". It is built
// together with the student's harness.go and run once per check:
//
//	03 CHECK
//
// Lab 1 checks RunLoop: it runs tools until the model stops asking, within a
// budget of model calls owned by the code, and tells an answer from giving
// up. Lab 2 checks Chat, which runs the loop with a budget of MaxSteps.
package main

import "harnesslab/grader/checkkit"

func main() { checkkit.Main(checks) }

// checks maps each check's name to its function, sorted by name.
var checks = map[string]checkkit.Check{
	"answers_at_once":                 answersAtOnce,
	"budget_of_one":                   budgetOfOne,
	"called_exactly_max_steps":        calledExactlyMaxSteps,
	"calls_run_whatever_stop_reason":  callsRunWhateverStopReason,
	"chat_appends_question_once":      chatAppendsQuestionOnce,
	"chat_budget_is_max_steps":        chatBudgetIsMaxSteps,
	"follows_three_files":             followsThreeFiles,
	"gave_up_is_not_an_answer":        gaveUpIsNotAnAnswer,
	"list_valid_at_end":               listValidAtEnd,
	"results_right_after_their_reply": resultsRightAfterTheirReply,
	"steps_counts_model_calls":        stepsCountsModelCalls,
	"tools_in_every_request":          toolsInEveryRequest,
}
