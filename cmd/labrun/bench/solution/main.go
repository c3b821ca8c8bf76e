// Command solution prints the folder that holds the generated reference
// solution of a lesson, for the speed scripts, which check a whole copy of
// it:
//
//	go run ./cmd/labrun/bench/solution 11
package main

import (
	"fmt"
	"os"

	"harnesslab/grader"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "solution:", err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) != 2 {
		return fmt.Errorf("usage: solution NN")
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	l, err := kit.Lesson(os.Args[1])
	if err != nil {
		return err
	}
	dir, err := l.SolutionDir()
	if err != nil {
		return err
	}
	fmt.Println(dir)
	return nil
}
