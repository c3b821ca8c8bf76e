package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader"
)

func runShow(args []string, stdout, stderr io.Writer) error {
	mine := len(args) > 0 && args[len(args)-1] == "--mine"
	if mine {
		args = args[:len(args)-1]
	}
	if err := needArgs(args, 1, 1, "show NN [--mine]"); err != nil {
		return err
	}
	_, l, err := lessonArg(args[0])
	if err != nil {
		return err
	}
	readme, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
	if err != nil {
		return fmt.Errorf("show lesson %s: %w", l.Number, err)
	}
	src := grader.Source{Dir: l.SolutionDir()}
	if mine {
		src = grader.Source{}
	}
	cells, err := l.RunCells(context.Background(), src, 10*time.Second)
	if err != nil {
		return fmt.Errorf("show lesson %s: %w", l.Number, err)
	}
	text, err := grader.SpliceCells(string(readme), cells)
	if err != nil {
		return fmt.Errorf("show lesson %s: %w", l.Number, err)
	}
	fmt.Fprint(stdout, text)
	if mine {
		fmt.Fprintf(stdout, "\n(The cells above ran against your code in %s.)\n", grader.ShownPath(l.Dir))
	} else {
		fmt.Fprintf(stdout, "\n(Every output above was printed just now by the reference solution. Run labrun show %s --mine to run the cells on your code.)\n", l.Number)
	}
	return nil
}
