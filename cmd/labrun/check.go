package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
)

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	verbose := fs.Bool("v", false, "show every failure whole")
	asJSON := fs.Bool("json", false, "print the results, with their transcripts, as JSON")
	rest, err := parseArgs(fs, "check", args, 1, 2)
	if err != nil {
		return err
	}
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	src := grader.Source{}
	if len(rest) == 2 {
		src.Dir = rest[1]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *asJSON {
		r := engine.Check(ctx, l, src, engine.Options{})
		if err := writeCheckJSON(stdout, r); err != nil {
			return err
		}
		if r.Status != results.StatusPassed {
			return exitCode(1)
		}
		return nil
	}
	v := view{color: useColor(stdout), width: outputWidth(stdout), verbose: *verbose, next: nextNumber(kit, l)}
	r := checkOnce(ctx, kit, l, src, stdout, stderr, v)
	if r.Status != results.StatusPassed {
		return exitCode(1)
	}
	return nil
}

// checkOnce checks src and writes the result for a student: where it
// looked, the files it left out, each check. A check of the lesson's own
// folder is kept for list and hint.
func checkOnce(ctx context.Context, kit *grader.Kit, l *grader.Lesson, src grader.Source, stdout, stderr io.Writer, v view) *results.Result {
	dir, where := src.Dir, src.Dir
	if dir == "" {
		dir, where = l.Dir, grader.ShownPath(l.Dir)
	}
	tc := keptToolchain(l)
	if tc == nil {
		fmt.Fprintln(stderr, preparingNotice(kit, l))
	}
	code := l.WorkHash()
	fmt.Fprintf(stdout, "%s\nchecking %s\n", v.paint(bold, fmt.Sprintf("Lesson %s · %s", l.Number, l.Title)), where)
	if ignored := l.IgnoredFiles(dir); len(ignored) > 0 {
		fmt.Fprintf(stdout, "%s\n", l.IgnoredNote(ignored))
	}
	r := engine.Check(ctx, l, src, engine.Options{Toolchain: tc})
	printResult(stdout, l, r, v)
	if src.Dir == "" && ctx.Err() == nil {
		if err := saveStatus(kit, l, code, r); err != nil {
			fmt.Fprintf(stderr, "labrun: %v\n", err)
		}
	}
	return r
}

// keptToolchain is build.Kept; tests replace it.
var keptToolchain = build.Kept

// preparingNotice is what a check says before it prepares a lesson's
// toolchain, which no earlier run kept: on a machine where no lesson has
// been checked, the go command fills its build cache first, which takes
// about a minute, once; after that, each lesson's first check takes only a
// few seconds more.
func preparingNotice(kit *grader.Kit, l *grader.Lesson) string {
	if lessons, err := kit.Lessons(); err == nil {
		for _, other := range lessons {
			if other.Number != l.Number && keptToolchain(other) != nil {
				return fmt.Sprintf("labrun: preparing the checks of lesson %s (a few seconds, the first time it is checked).", l.Number)
			}
		}
	}
	return fmt.Sprintf("labrun: preparing the lab's build cache for lesson %s (the first check on a machine, about a minute, once).", l.Number)
}
