// Package checks holds the checks of lesson 03, "The loop": RunLoop runs
// tools until the model stops asking, within a budget of model calls its own
// code owns, and tells an answer from giving up; Chat runs it with MaxSteps.
//
// Every check is built so that a wrong loop cannot pass by accident:
//
//   - each scenario runs at least twice in one program, with other files,
//     ports, questions and tool names (stories.go), so state kept between
//     calls shows;
//   - what a check expects comes from the kit's own constants (kit.go) and
//     from fresh kit tools over a fresh workspace, made after the student's
//     code returned (conversation.go), never from harness.go;
//   - it compares whole values: every request (system prompt, messages and
//     tools), the whole list returned, the whole Result (compare.go);
//   - it counts tool runs, so a call run twice, skipped, or answered from
//     memory shows;
//   - after each run it changes what the student's code returned and the
//     tools it was handed, so code that kept a reference sends the changes
//     in the next run.
//
// A failure says what was expected and what happened once: the first request
// that differs, not every one after it, and the transcript of the run that
// failed, not of those that passed.
package checks
