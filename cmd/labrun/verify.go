package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/proof"
)

func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	changed := fs.Bool("changed", false, "prove only the lessons whose files differ from main")
	rest, err := parseArgs(fs, "verify", args, 0, 99)
	if err != nil {
		return err
	}
	if *changed && len(rest) > 0 {
		return usageErr("verify", "verify takes lesson numbers or --changed, not both")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	if *changed {
		if rest, err = changedLessons(kit, stdout); err != nil {
			return err
		}
		if len(rest) == 0 {
			return nil
		}
	}
	lessons, err := kit.Lessons()
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		lessons = lessons[:0]
		for _, a := range rest {
			l, err := kit.Lesson(a)
			if err != nil {
				return err
			}
			lessons = append(lessons, l)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	proofs := proof.Verify(ctx, lessons, engine.Options{CheckTimeout: proof.CheckTimeout}, func(step string) { fmt.Fprintln(stderr, step) })
	bad := 0
	fmt.Fprintln(stdout)
	for _, p := range proofs {
		l := p.Lesson
		fmt.Fprintf(stdout, "lesson %s: %d checks; starter fails %d of them; solution passes: %v; %d variants; every check failed by a wrong_* variant: %v\n",
			l.Number, len(l.Checks), p.StarterFailing, p.SolutionPassed, p.Variants, len(p.Unkilled) == 0)
		for _, f := range p.Findings {
			fmt.Fprintf(stdout, "  PROBLEM %s\n", f.Text)
			bad++
		}
	}
	if bad > 0 {
		fmt.Fprintf(stdout, "\nverify: %d problems\n", bad)
		return exitCode(1)
	}
	fmt.Fprintf(stdout, "\nverify: the kit proves itself (%d %s)\n", len(proofs), plural(len(proofs), "lesson", "lessons"))
	return nil
}

// changedLessons says which lessons verify --changed proves, and why, and
// returns their numbers: every lesson when git cannot say what changed.
func changedLessons(kit *grader.Kit, stdout io.Writer) ([]string, error) {
	numbers, err := kit.LessonNumbers()
	if err != nil {
		return nil, err
	}
	files, err := changedFiles(kit.Root)
	if err != nil {
		fmt.Fprintf(stdout, "verify --changed: cannot tell what changed (%v); proving every lesson\n", err)
		return numbers, nil
	}
	c := chooseLessons(numbers, files)
	for _, line := range c.lines() {
		fmt.Fprintln(stdout, line)
	}
	return c.lessons, nil
}
