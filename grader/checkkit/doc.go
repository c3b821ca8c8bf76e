// Package checkkit is what runs inside a check program: the small main that
// links one lesson's student package with that lesson's checks.
//
//	func main() { checkkit.Main(checks) }
//
//	var checks = map[string]checkkit.Check{
//		"answer_has_port": func(c *checkkit.C) {
//			model := lab.NewScriptedModel(...)
//			_, answer := harness.Chat(model, nil, "What port?", tools)
//			if !strings.Contains(answer, "9090") {
//				c.Fatalf("the answer should contain 9090, the port in config.py; got %q", answer)
//			}
//		},
//	}
//
// The host (package grader) runs the program once per check, as
// `checkprog NAME`, with two environment variables: LABRUN_VERDICT, the file
// to write the verdict to, and LABRUN_NONCE, a secret the verdict must carry.
// Main reads and clears both before any check runs. A check passes only when
// the program writes a verdict that says so and carries the nonce: printing
// "PASS", exiting early or hanging can never turn into a pass. Student files
// may not import os, syscall or unsafe, nor carry compiler directives or
// cgo, nor start goroutines unless the lesson teaches concurrency (the host
// rejects them before building; see package gosource), so student code
// cannot read the secret or write the verdict.
//
// In a lesson whose checks are judged (lesson 11 on the way to all), the
// program built with the student's files is a player instead: the host sets
// LABRUN_SCENARIO, not LABRUN_NONCE, and Main plays the check's scenario
// (Scenario, Observe) and writes what the student's code did, a verdict of
// kind KindObserved that is never a pass. The lesson's judge, another program
// that links the reference and never student code (JudgeMain), plays the
// same scenario and decides (Judgement, Get, Decide). See play.go.
//
// Everything a check reports is written for a student: a sentence saying what
// was expected, a diff in words ("message 2, field Content: expected ...,
// got ..."), and for a panic or a hang, the student's function and line.
package checkkit
