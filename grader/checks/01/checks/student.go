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
	System      string
	UserMessage func(text string) lab.Message
	TextOf      func(message lab.Message) string
	Chat        func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string)
}

// S is the student's code under check.
var S Student

// System is the lesson's standing instruction, the kit's own copy. The
// checks expect it in every request, whatever the student's file says; one
// check (system_is_the_lessons) reads the student's constant, and says so.
const System = "You are a helpful assistant."

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"chat_sends_the_callers_list":       chatSendsTheCallersList,
	"every_request_carries_whole_list":  everyRequestCarriesWholeList,
	"first_turn_sends_system_and_words": firstTurnSendsSystemAndWords,
	"list_grows_by_words_and_reply":     listGrowsByWordsAndReply,
	"model_words_stay_the_models":       modelWordsStayTheModels,
	"one_request_per_turn":              oneRequestPerTurn,
	"provider_accepts_every_request":    providerAcceptsEveryRequest,
	"remembers_name_at_turn_four":       remembersNameAtTurnFour,
	"system_is_the_lessons":             systemIsTheLessons,
	"text_of_joins_text_blocks":         textOfJoinsTextBlocks,
	"text_of_skips_tool_calls":          textOfSkipsToolCalls,
	"user_message_holds_words":          userMessageHoldsWords,
}
