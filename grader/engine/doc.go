// Package engine runs a lesson's checks on a student's copy: it builds the
// copy with the lesson's check program (through package build), runs every
// check against the binary, judges each by its verdict, and words the
// outcome for a student or an instructor. It also runs a lesson's cells.
//
//	kit, err := grader.FindKit(".")
//	lesson, err := kit.Lesson("02")
//	result := engine.Check(ctx, lesson, grader.Source{}, engine.Options{})
//	for _, c := range result.Checks {
//		fmt.Println(c.Passed, c.Sentence)
//	}
//
// The compiler and the linker run on student code inside the limits of
// package sandbox, so every program that calls Check (or proof.Verify) calls
// sandbox.Init first thing in main, and a test binary that does so calls it
// in TestMain.
//
// Goals: a pass only on positive evidence: a verdict that carries a secret
// of this run, or, in a judged lesson, the judge's verdict; failures a beginner can act on (a
// compile error once, pointing at the student's file; a gap by name; a hang
// as a timeout that says where; a wrong value as a sentence and a diff in
// words); one build per run, then every check against that binary; and one
// path: what a student sees passing with `labrun check` is what the
// instructor's `labrun grade` passes.
//
// Non-goals: linking student code into this process (the engine compiles it,
// it never imports it), and grading many submissions at once (see package
// grading, which builds on this one).
//
// # What a verdict rests on
//
// Student code runs inside the check program, the same process that writes
// the verdict. That is safe only while the student's code is safe Go: Go is
// memory-safe for race-free code without unsafe, linkname or cgo, and then
// code cannot reach a byte it was not handed, the verdict's secret included.
// A data race can tear an interface value and, from there, reach any memory;
// a compiler directive can make the linker load a library of the student's
// choice. So the engine keeps student code inside safe Go, at every step:
//
//   - source (package gosource, the one validator, used by the lesson model
//     and by intake): imports only from the lesson's allow-list; no `go` statements, and no
//     calls that run the student's code on another goroutine (AfterFunc and
//     the like), unless the lesson teaches concurrency; no `//go:`
//     directives, build constraints, line directives or cgo, anywhere;
//   - build (package build): lessons that teach concurrency
//     (Lesson.Concurrency) build their check programs with the race
//     detector, statically linked, and stop at the first race, naming the
//     student's lines that raced; compile and link run under memory, time
//     and file-size limits, and what goes over them is the student's
//     failure; a linked program that asks for a dynamic loader is refused
//     before it runs;
//   - run: a check that ends without returning and without a recorded
//     failure (runtime.Goexit) fails; a pass needs a verdict with this run's
//     secret, so printing, exiting or hanging never becomes one.
//
// That holds for lessons 01-10, whose student code starts no goroutine. From
// lesson 11 on it does not: a race inside package sync, which the race
// detector does not instrument, can tear an interface value and reach any
// byte of the process. So a lesson's checks can be played and judged in two
// processes (grader.Lesson.Judged; lesson 11's are, and the others are moving
// over). The check program built with the student's files is then a player:
// it is handed each check's scenario (written by the judge, once per version
// of the kit), drives the student's code through it, and writes an
// observation; it gets no secret, and nothing it writes is a pass (its
// failures, a panic, a hang, a limit, still count as failures). The judge,
// built by build.JudgeOf with the reference solution and never with student
// code, runs outside any sandbox after the runner: it plays each scenario with
// the reference, compares the two observations, and alone writes a passing
// verdict (see played.go and package checkkit). A forged observation passes
// only by being what a correct harness would produce.
//
// # One check runner
//
// `labrun check` and `labrun grade` run checks the same way. The check runner
// starts each check of a copy as a process of its own (RunProcess, the one
// way the engine runs a program) and writes what each did next to it as soon
// as it ends. `labrun check` runs the runner in this process; `labrun grade`
// sets Options.Sandbox, and the runner is this program again (RunnerInit)
// inside one sandbox per submission. That sandbox shows the runner and its
// check programs nothing of the kit: the two programs are bound as files
// (never the folders they are in, which may hold other students' work), and
// the kit's folder (solutions/, the checks' sources), the user's cache (the
// generated reference solutions, the go command's build cache) and the
// toolchain are hidden. Only where the runner lives differs:
// the check programs, their environment, their limits and the judging of
// what they did are the same code.
//
// # What the check scripts are for
//
// The .txtar scripts in grader/checks/NN are the lesson's list of checks:
// each one's header is a check's sentence, lab, points and visibility, and
// its body is `check NAME`, naming the check the file is named after. They
// carry no scenario (the scenario is Go code in the lesson's checks
// package, where it can compare whole values). Both commands run every
// script once the runner is done, and a script passes only when its check's
// verdict passed.
//
// # One time budget
//
// Every limit of a run comes from Options.CheckTimeout, how much processor
// time one check may use, plus named graces (see Budget). Processor time
// (user and system, every thread) is what a check does, whatever else the
// machine is doing, so a busy machine never turns a pass into a timeout. The
// check program keeps its own limits (package checkkit): it stops the check
// once its processor time (getrusage) plus the time the program spent
// waiting on itself (no goroutine running or ready to run: a sleep, a
// deadlock) reaches CheckTimeout, at a wall-clock ceiling of
// checkkit.WallFactor times that (a check starved by the machine's other
// work gets there), and at checkkit.MaxMemory of memory or
// checkkit.MaxGoroutines goroutines, each a verdict that names the limit and
// the student's function. The runner keeps the same limits from outside,
// a whole CheckTimeout plus StartGrace later, so that the program's own
// verdict comes first (processor time read from /proc/PID/stat, where Linux
// has it): it asks a program still without a verdict (a hang in an init
// function, say) for its goroutine stacks, with SIGQUIT, and names the
// student's function from them; StackGrace later it kills the program's
// process group. A program the runtime ends itself is named for what ended
// it: a stack overflow names the recursion, running out of memory says so.
//
// A check stopped at its wall-clock ceiling, before it had used its
// processor time, while other checks ran beside it, is run again, alone,
// once every check has run, and its second run is the one that counts: a
// crowded machine can push a slow check past its wall-clock ceiling, and it
// should not cost the student the check. A check that used up its processor
// time, or was stopped sooner by its own limit (it waited on itself: a
// deadlock), is not run again: another run would only repeat it, and a
// student with a deadlock would wait twice. The
// runner's own limit covers one kill per wave of parallel checks and one
// per replay, plus RunnerGrace. A caller's deadline (a grading run's
// per-submission limit) stops the runner RunnerGrace early, so that it can
// still ask its running checks for their stacks and report.
//
// # Why a timeout keeps earned verdicts
//
// A check's verdict, carrying the run's secret, is the whole evidence of a
// pass, and the check program writes it before it exits. So when a run is
// stopped (its time is up, or it is interrupted), every verdict already
// written still counts; only the checks without one fail, as "not finished".
// A submission with one endless loop thus keeps the points of every check
// that does not reach the loop, in `labrun check` and in `labrun grade`
// alike. A runner that fails on its own (it cannot read its job, the sandbox
// refuses it) is the kit's fault: those checks get kind kit_error in the
// runner's words, the copy status kit_error, and the student keeps what was
// earned.
package engine
