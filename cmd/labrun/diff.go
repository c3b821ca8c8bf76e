package main

import (
	"fmt"
	"io"
	"strings"

	"harnesslab/grader"
)

// runDiff says what a lesson's starter adds to the lesson before: the new
// gaps to fill, what was filled in for you, and what else changed, file by
// file. It reads the kit's pristine copies, never your working files.
func runDiff(args []string, stdout, stderr io.Writer) error {
	if err := noFlags("diff", args); err != nil {
		return err
	}
	if err := needArgs(args, 1, 1, commands["diff"].usage); err != nil {
		return err
	}
	kit, l, err := lessonArg(args[0])
	if err != nil {
		return err
	}
	prev, _, err := neighbours(kit, l)
	if err != nil {
		return err
	}
	changes, err := grader.DiffLessons(prev, l)
	if err != nil {
		return fmt.Errorf("diff lesson %s: %v", l.Number, err)
	}
	if prev == nil {
		fmt.Fprintf(stdout, "Lesson %s · %s is the first lesson: everything in it is new.\n", l.Number, l.Title)
	} else {
		fmt.Fprintf(stdout, "Lesson %s · %s: what changed since lesson %s\n", l.Number, l.Title, prev.Number)
	}
	for _, fc := range changes {
		printFileChange(stdout, l, prev, fc)
	}
	return nil
}

// printFileChange writes what one student file adds.
func printFileChange(w io.Writer, l, prev *grader.Lesson, fc grader.FileChange) {
	where := "lessons/" + l.Slug + "/" + fc.File
	switch {
	case fc.New && prev != nil:
		fmt.Fprintf(w, "\n%s (new in this lesson: all of it is new)\n", where)
	default:
		fmt.Fprintf(w, "\n%s\n", where)
	}
	if len(fc.Gaps) > 0 {
		fmt.Fprintln(w, "  Yours to write (the gaps):")
		for _, d := range fc.Gaps {
			fmt.Fprintf(w, "    %s (%s:%d)\n", d.Name, fc.File, d.Line)
		}
	}
	if prev != nil && !fc.New {
		list(w, fmt.Sprintf("Filled in for you (your gaps of lesson %s, written out):", prev.Number), fc.Filled)
		list(w, "New, given whole:", fc.Added)
		list(w, fmt.Sprintf("Changed since lesson %s's solution:", prev.Number), fc.Changed)
		list(w, "Gone:", fc.Removed)
		switch {
		case len(fc.Filled)+len(fc.Added)+len(fc.Changed)+len(fc.Removed) > 0:
		case len(fc.Gaps) > 0:
			fmt.Fprintf(w, "  Everything else is as lesson %s's solution has it.\n", prev.Number)
		default:
			fmt.Fprintf(w, "  Unchanged: as lesson %s's solution has it.\n", prev.Number)
		}
	} else {
		list(w, "Given whole:", fc.Added)
	}
}

// list writes a heading and names on one wrapped line, when there are names.
func list(w io.Writer, heading string, names []string) {
	if len(names) == 0 {
		return
	}
	fmt.Fprintf(w, "  %s\n    %s\n", heading, strings.Join(names, ", "))
}
