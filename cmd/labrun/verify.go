package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"harnesslab/grader"
)

func runVerify(args []string, stdout, stderr io.Writer) error {
	if err := noFlags("verify", args); err != nil {
		return err
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	lessons, err := kit.Lessons()
	if err != nil {
		return err
	}
	if len(args) > 0 {
		lessons = lessons[:0]
		for _, a := range args {
			l, err := kit.Lesson(a)
			if err != nil {
				return err
			}
			lessons = append(lessons, l)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	proofs := kit.Verify(ctx, lessons, grader.Options{CheckTimeout: grader.VerifyTimeout}, func(step string) { fmt.Fprintln(stderr, step) })
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
