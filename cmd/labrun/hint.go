package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"harnesslab/grader"
)

// runHint shows one more level of one lab's hints. The lab is the one
// named (a lab number, or a check id such as 2.5), else the lab of the
// first check that failed in the last labrun check, else lab 1. Levels are
// kept per lab, so a hint for lab 2 reveals nothing more of lab 1.
func runHint(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	level := fs.Int("level", 0, "show level `N` instead of the next one")
	rest, err := parseArgs(fs, "hint", args, 1, 2)
	if err != nil {
		return err
	}
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	labs, err := l.Hints()
	if err != nil {
		return err
	}
	lab, err := hintLab(kit, l, rest[1:], len(labs))
	if err != nil {
		return err
	}
	levels := labs[lab-1].Levels
	seen := map[string]map[string]int{}
	readState(kit, hintsName, &seen)
	key := strconv.Itoa(lab)
	next := seen[l.Number][key] + 1
	if *level != 0 {
		if *level < 1 || *level > len(levels) {
			return usageErr("hint", "--level must be a number from 1 to %d for lab %d, got %d", len(levels), lab, *level)
		}
		next = *level
	}
	next = min(next, len(levels))
	fmt.Fprintf(stdout, "Lesson %s · %s · hint %d of %d\n\n%s\n", l.Number, labs[lab-1].Title, next, len(levels), levels[next-1])
	if next < len(levels) {
		fmt.Fprintf(stdout, "\nStill stuck? labrun hint %s %d shows hint %d of this lab.\n", l.Number, lab, next+1)
	} else {
		fmt.Fprintf(stdout, "\nThat was the last hint for this lab. labrun hint %s %d --level 1 starts again from the first.\n", l.Number, lab)
	}
	if seen[l.Number] == nil {
		seen[l.Number] = map[string]int{}
	}
	seen[l.Number][key] = next
	if err := writeState(kit, hintsName, seen); err != nil {
		fmt.Fprintf(stderr, "labrun: %v\n", err)
	}
	return nil
}

const hintsName = "hints.json"

// hintLab returns the lab (1-based) whose hints to show: the one args
// names, else the lab of the first check that failed last time, else 1.
func hintLab(kit *grader.Kit, l *grader.Lesson, args []string, labs int) (int, error) {
	if len(args) == 0 {
		s, ok := loadStatus(kit)[l.Number]
		if ok && s.FirstFail != "" {
			if n, err := strconv.Atoi(strings.Split(s.FirstFail, ".")[0]); err == nil && n >= 1 && n <= labs {
				return n, nil
			}
		}
		return 1, nil
	}
	n, err := strconv.Atoi(strings.Split(args[0], ".")[0])
	if err != nil || n < 1 || n > labs {
		return 0, usageErr("hint", "lesson %s has labs 1 to %d; give a lab number or a check such as 1.2, not %q", l.Number, labs, args[0])
	}
	return n, nil
}
