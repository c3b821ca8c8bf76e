// Package grader is the check engine of harnesslab: it finds the kit and its
// lessons, builds a student's copy of a lesson together with that lesson's
// check program, runs every check script against the binary, and words the
// outcome for a student or an instructor.
//
//	kit, err := grader.FindKit(".")
//	lesson, err := kit.Lesson("02")
//	result := kit.Check(ctx, lesson, grader.Source{}, grader.Options{})
//	for _, c := range result.Checks {
//		fmt.Println(c.Passed, c.Sentence)
//	}
//
// The compiler and the linker run on student code inside the limits of
// package sandbox, so every program that calls Check (or Verify) calls
// sandbox.Init first thing in main, and a test binary that does so calls it
// in TestMain.
//
// Goals: a pass only on positive evidence from the check program (a verdict
// that carries a secret of this run); failures a beginner can act on (a
// compile error once, pointing at the student's file; a gap by name; a hang
// as a timeout; a wrong value as a sentence and a diff in words); one build
// per run, then every check against that binary.
//
// Non-goals: linking student code into this process (the engine compiles it,
// it never imports it), and grading many submissions at once (see the grade
// subcommand, which builds on this package).
package grader
