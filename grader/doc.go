// Package grader is the lesson model of harnesslab: it finds the kit and
// reads its lessons (lesson.json, the check scripts' headers, hints,
// questions, cells and variants), generates the lesson chain's starters and
// solutions from solutions/ (through package course), and says which files
// of a student's copy are taken and whether they stay inside the safe Go a
// lesson allows.
//
//	kit, err := grader.FindKit(".")
//	lesson, err := kit.Lesson("02")
//	fmt.Println(lesson.Title, len(lesson.Checks), lesson.MaxScore())
//	files, shown, fail := lesson.Locate(grader.Source{Dir: "alice/02"})
//
// It builds and runs nothing. The grader's other jobs live in packages of
// their own, each depending on this one:
//
//	grader/build    the toolchain: compiling a student's copy with a lesson's
//	                check program, under limits, and the real-model run
//	grader/engine   running the checks (and a lesson's cells) and judging them
//	grader/proof    the kit proving itself: labrun verify
//	grader/grading  grading a class: many copies, each in a sandbox
//	grader/results  the outcome types every part reads and writes
//	grader/report   the outcome written for gradebooks and people
//	grader/web      the lessons and outcomes drawn in a browser
//
// Goals: one reading of a lesson for every part (the CLI, the engine, the
// reports and the web view list the same checks with the same sentences);
// a student's copy read the same way by `labrun check` and `labrun grade`
// (only the files lesson.json names, refused with advice when they leave
// safe Go).
//
// Non-goals: deciding a verdict (package engine does) or linking student
// code into this process.
package grader
