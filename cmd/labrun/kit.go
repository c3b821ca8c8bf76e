package main

import (
	"fmt"

	"harnesslab/grader"
)

// lessonArg finds the kit and the lesson numbered arg.
func lessonArg(arg string) (*grader.Kit, *grader.Lesson, error) {
	kit, err := grader.FindKit(".")
	if err != nil {
		return nil, nil, err
	}
	l, err := kit.Lesson(arg)
	if err != nil {
		return nil, nil, err
	}
	return kit, l, nil
}

func needArgs(args []string, min, max int, usage string) error {
	if len(args) < min || len(args) > max {
		return fmt.Errorf("usage: labrun %s", usage)
	}
	return nil
}
