// Command 01 is the check program of lesson 01, "The function that forgets".
// It is built together with the student's harness.go and run once per check:
//
//	01 CHECK
//
// Lab 1 checks the two small functions that say what a message holds
// (UserMessage, TextOf); lab 2 checks Chat, whose list is the conversation's
// only memory.
package main

import (
	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/01/checks"
	harness "harnesslab/lessons/01-function-that-forgets"
)

func main() {
	checks.S = checks.Student{
		System:      harness.System,
		UserMessage: harness.UserMessage,
		TextOf:      harness.TextOf,
		Chat:        harness.Chat,
	}
	checkkit.Main(checks.Checks)
}
