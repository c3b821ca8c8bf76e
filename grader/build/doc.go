// Package build compiles a student's copy of a lesson together with that
// lesson's check program, and the program that plays a lesson against a
// real model.
//
//	tc, err := build.Prepare(ctx, lesson) // once per lesson: compile what the copies share
//	files, shown, fail := lesson.Locate(src)
//	bin, fail := tc.Build(ctx, files, shown, workDir)
//
// A Toolchain calls the compiler and the linker directly: everything the
// student's package does not change is compiled once, by the go command,
// when the toolchain is prepared, and each build then compiles only the
// student's package and the check program's small main, and links.
// labrun check keeps a prepared toolchain between runs (Cached, Kept); a
// grading run prepares one and builds every submission with it.
//
// Goals: a build of student code is student work, run under Limits inside
// the sandbox and worded for the student when it fails (a compile error at
// the student's line, a limit named with what to do); nothing but Go runs
// in a check program (it is statically linked, and one that asks for a
// dynamic loader is refused).
//
// Non-goals: running what it built (package engine does), and deciding
// which source is allowed (package gosource, through Lesson.CheckSources).
package build
