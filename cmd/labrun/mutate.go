package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/engine"
	"harnesslab/grader/mutate"
	"harnesslab/grader/proof"
)

const mutateUsage = "mutate NN [--run REGEXP] [--list] [--min PCT] [--jobs N]"

// runMutate makes the mutants of lesson NN's reference solution (one small
// change each, inside the gaps), runs the lesson's checks on each and prints
// the share they kill, with every survivor's line before and after.
func runMutate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	only := fs.String("run", "", "check only the mutants whose ID matches this regular expression")
	list := fs.Bool("list", false, "list the mutants and check none")
	least := fs.Float64("min", 0, "exit 1 when the checks kill less than this percentage")
	jobs := fs.Int("jobs", 2, "mutants checked at once")
	rest, err := parseArgs(fs, "mutate", args, 1, 1)
	if err != nil {
		return err
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	l, err := kit.Lesson(rest[0])
	if err != nil {
		return err
	}
	var match *regexp.Regexp
	if *only != "" {
		if match, err = regexp.Compile(*only); err != nil {
			return usageErr("mutate", "--run %q is not a regular expression: %v", *only, err)
		}
	}
	solution, err := l.SolutionDir()
	if err != nil {
		return err
	}
	base := map[string][]byte{}
	var mutants []mutate.Mutant
	for _, name := range l.StudentFiles {
		src, err := os.ReadFile(filepath.Join(solution, name))
		if err != nil {
			return fmt.Errorf("read the reference's %s: %w", name, err)
		}
		base[name] = src
		ms, err := mutate.Generate(name, src)
		if err != nil {
			return err
		}
		for _, m := range ms {
			if match == nil || match.MatchString(m.ID) {
				mutants = append(mutants, m)
			}
		}
	}
	equivalent, err := mutate.ReadEquivalent(filepath.Join(l.ChecksDir(), mutate.EquivalentFile))
	if err != nil {
		return err
	}
	for id := range equivalent {
		if match != nil && !match.MatchString(id) {
			delete(equivalent, id) // not checked in this run, so neither stale nor used
		}
	}
	if *list {
		for _, m := range mutants {
			fmt.Fprintf(stdout, "%s\n    line %d: %s\n    becomes: %s\n", m.ID, m.Line, m.Was, m.Now)
		}
		fmt.Fprintf(stdout, "lesson %s: %d mutants\n", l.Number, len(mutants))
		return nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	work, err := os.MkdirTemp("", "labrun-mutate-")
	if err != nil {
		return fmt.Errorf("make a folder for the mutants: %w", err)
	}
	defer os.RemoveAll(work)
	opts := engine.Options{CheckTimeout: proof.CheckTimeout, Parallel: 2}
	if tc, err := build.Prepare(ctx, l); err == nil {
		opts.Toolchain = tc // every mutant is a copy of one lesson: compile what they share once
	}
	check := func(ctx context.Context, dir string) mutate.Outcome {
		r := engine.Check(ctx, l, grader.Source{Dir: dir}, opts)
		return mutate.Outcome{Status: r.Status, Failed: r.FailedChecks(), Message: r.Message}
	}
	done := 0
	progress := func(j mutate.Judged) {
		done++
		fmt.Fprintf(stderr, "[%d/%d] %s: %s\n", done, len(mutants), j.ID, j.Fate)
	}
	report, err := mutate.Run(ctx, work, base, mutants, check, equivalent, *jobs, progress)
	if err != nil {
		return err
	}
	printMutation(stdout, l, report)
	if report.Percent() < *least {
		return exitCode(1)
	}
	return nil
}

// printMutation writes the survivors, each with its line before and after,
// then the score.
func printMutation(w io.Writer, l *grader.Lesson, r mutate.Report) {
	for _, j := range r.Judged {
		switch j.Fate {
		case mutate.Survived:
			fmt.Fprintf(w, "SURVIVED %s\n    line %d: %s\n    becomes: %s\n", j.ID, j.Line, j.Was, j.Now)
		case mutate.KitError:
			fmt.Fprintf(w, "KIT ERROR %s: %s\n", j.ID, firstLine(j.Message))
		}
	}
	for _, id := range r.Stale {
		fmt.Fprintf(w, "STALE %s: %s lists it as equivalent, but no mutant has that name or a check kills it\n", id, mutate.EquivalentFile)
	}
	killed, counted := r.Score()
	fmt.Fprintf(w, "lesson %s: %d mutants: %d killed, %d survived, %d equivalent, %d did not compile, %d kit errors; score %d/%d (%.0f%%)\n",
		l.Number, len(r.Judged), killed, r.Count(mutate.Survived), r.Count(mutate.Equivalent), r.Count(mutate.Stillborn), r.Count(mutate.KitError),
		killed, counted, r.Percent())
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
