// Package gosource decides whether a student's Go file may be built at all.
//
// Go is memory-safe only for race-free code without unsafe, linkname or cgo.
// Student code runs inside the check program, next to the verdict it must
// not forge, so every guarantee of the grader starts here: a student file
// must stay inside safe Go before anything is built.
//
//	rules := gosource.Rules{Lesson: "02", Package: "harness",
//		Imports: []string{"fmt", "strings", "harnesslab/lab"}}
//	if problems := gosource.Check("harness.go", data, int64(len(data)), rules); len(problems) > 0 {
//		fmt.Println(gosource.Summary(problems)) // status problems[0].Kind
//	}
//
// Check refuses, each time naming the file and line and saying what to do:
//   - a file that is too big, holds a NUL byte or is not UTF-8 text
//     (KindBadSource);
//   - the wrong package, or an import off the lesson's allow-list
//     (KindRejected);
//   - import "C" and #cgo lines: cgo runs C code, outside Go's safety;
//   - every compiler directive (//go:linkname, //go:cgo_import_dynamic,
//     //go:embed, ...), every build constraint (//go:build, // +build) and
//     every line directive (//line, /*line), wherever the comment stands;
//   - unless the lesson teaches concurrency (Rules.Concurrency): go
//     statements, the functions that start a goroutine running the caller's
//     code (time.AfterFunc, context.AfterFunc, sync.WaitGroup's Go,
//     runtime.SetFinalizer and AddCleanup, under any name they are reached
//     by), the packages that run the caller's code on goroutines of their
//     own (context, net/http, os/exec, ...), even when the lesson's
//     allow-list names them, and a type of the student's own with every
//     method of context.Context (a context made from it calls those methods
//     on a goroutine of the context package's own).
//
// A goroutine that races the check can tear an interface value and so reach
// any byte of the process, the verdict included; that is why a lesson that
// does not teach concurrency allows none, and one that does runs its checks
// under the race detector.
//
// The rules are read from tokens (go/scanner) rather than from a parsed
// file wherever they can be: a file with a syntax error is still checked,
// and the compiler, which words syntax errors better, reports those.
// Positions are the file's own: a //line directive cannot move them.
//
// Non-goals: gosource does not type-check, and it does not judge whether
// the code is right. Names are matched as written, so a student's own
// function called AfterFunc is refused too; the message says why.
// Package gosource imports nothing else of the kit, so the grading engine
// and the intake of submissions share it, with the same limits and words.
package gosource
