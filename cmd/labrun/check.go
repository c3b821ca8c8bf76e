package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"harnesslab/grader"
)

func runCheck(args []string, stdout, stderr io.Writer) error {
	args, asJSON := cutJSONFlag(args)
	if err := needArgs(args, 1, 2, commands["check"].usage); err != nil {
		return err
	}
	kit, l, err := lessonArg(args[0])
	if err != nil {
		return err
	}
	src := grader.Source{}
	where := grader.ShownPath(l.Dir)
	if len(args) == 2 {
		src.Dir, where = args[1], args[1]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !asJSON {
		fmt.Fprintf(stdout, "Lesson %s · %s\nchecking %s\n", l.Number, l.Title, where)
	}
	r := kit.Check(ctx, l, src, grader.Options{})
	if asJSON {
		if err := writeCheckJSON(stdout, r); err != nil {
			return err
		}
	} else {
		printResult(stdout, l, r)
	}
	if src.Dir == "" {
		saveStatus(l.Number, r)
	}
	if r.Status != grader.StatusPassed {
		return exitCode(1)
	}
	return nil
}

// printResult writes a result the way a student reads it.
func printResult(w io.Writer, l *grader.Lesson, r *grader.Result) {
	ran := r.Status == grader.StatusPassed || r.Status == grader.StatusFailed
	if !ran {
		fmt.Fprintf(w, "\n%s\n", indent(r.Message, ""))
	}
	lab, number, passed := 0, 0, 0
	firstFail := ""
	for _, c := range r.Checks {
		if c.Lab != lab {
			lab, number = c.Lab, 0
			fmt.Fprintf(w, "\nLab %d · %s\n", lab, l.LabTitle(lab))
		}
		number++
		id := fmt.Sprintf("%d.%d", lab, number)
		switch {
		case c.Passed:
			passed++
			fmt.Fprintf(w, "  PASS  %s %s\n", id, c.Sentence)
		case !ran:
			fmt.Fprintf(w, "  ----  %s %s (not run)\n", id, c.Sentence)
		default:
			if firstFail == "" {
				firstFail = id
			}
			fmt.Fprintf(w, "  FAIL  %s %s\n", id, c.Sentence)
			fmt.Fprintln(w, indent(c.Message, "        "))
			for _, d := range c.Details {
				fmt.Fprintln(w, indent(d, "          "))
			}
			if c.Output != "" {
				fmt.Fprintln(w, "        your code printed:")
				fmt.Fprintln(w, indent(clip(c.Output, 8), "          "))
			}
		}
	}
	fmt.Fprintln(w)
	switch {
	case r.Status == grader.StatusPassed:
		fmt.Fprintf(w, "All %d checks pass. Lesson %s is done.\n", len(r.Checks), l.Number)
	case !ran:
		fmt.Fprintf(w, "No check ran: fix the problem above first, then run labrun check %s again.\n", l.Number)
	default:
		fmt.Fprintf(w, "%d of %d checks pass. Next: make %s pass. Stuck? labrun hint %s\n", passed, len(r.Checks), firstFail, l.Number)
	}
}

func indent(text, prefix string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, line := range lines {
		if line != "" {
			lines[i] = prefix + line
		}
	}
	return strings.Join(lines, "\n")
}

func clip(text string, n int) string {
	lines := strings.Split(text, "\n")
	if len(lines) <= n {
		return text
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n(%d more lines)", len(lines)-n)
}
