// Command 01 is the check program of lesson 01, "The function that forgets".
// It is built together with the student's harness.go and run once per check:
//
//	01 CHECK
//
// Lab 1 checks the two small functions that say what a message holds
// (UserMessage, TextOf); lab 2 checks Chat, whose list is the conversation's
// only memory.
package main

import "harnesslab/grader/checkkit"

func main() { checkkit.Main(checks) }

// checks maps each check's name to its function, sorted by name.
var checks = map[string]checkkit.Check{
	"every_request_carries_whole_list":  everyRequestCarriesWholeList,
	"first_turn_sends_system_and_words": firstTurnSendsSystemAndWords,
	"list_grows_by_words_and_reply":     listGrowsByWordsAndReply,
	"model_words_stay_the_models":       modelWordsStayTheModels,
	"one_request_per_turn":              oneRequestPerTurn,
	"provider_accepts_every_request":    providerAcceptsEveryRequest,
	"remembers_name_at_turn_four":       remembersNameAtTurnFour,
	"text_of_joins_text_blocks":         textOfJoinsTextBlocks,
	"text_of_skips_tool_calls":          textOfSkipsToolCalls,
	"user_message_holds_words":          userMessageHoldsWords,
}
