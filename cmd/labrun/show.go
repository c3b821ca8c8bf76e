package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/engine"
)

// showOptions are the arguments of `labrun show`.
type showOptions struct {
	lesson string
	mine   bool // run the cells on the student's code and mark where it differs
	noQuiz bool // on a terminal, do not stop at the questions
}

const showUsage = "show NN [--mine] [--no-quiz]"

func parseShowArgs(args []string) (showOptions, error) {
	var o showOptions
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	fs.BoolVar(&o.mine, "mine", false, "run the cells on your own code too, beside the reference's output")
	fs.BoolVar(&o.noQuiz, "no-quiz", false, "do not stop at the questions: print the lesson straight through")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return o, err
	}
	if err != nil {
		return o, fmt.Errorf("%v\nusage: labrun %s", err, showUsage)
	}
	if err := needArgs(rest, 1, 1, showUsage); err != nil {
		return o, err
	}
	o.lesson = rest[0]
	return o, nil
}

// runShow prints a lesson with every cell's output. The outputs are the
// reference solution's, as the lesson's README records them (a test keeps
// them current), so nothing runs and the lesson shows at once; --mine runs
// the cells on the student's copy, says so while they run, and marks every
// cell whose output differs. On a terminal it renders the Markdown, pages
// it, and stops at each question until the student has picked an answer;
// piped, it prints plain Markdown.
func runShow(args []string, stdout, stderr io.Writer) error {
	o, err := parseShowArgs(args)
	if err != nil {
		return err
	}
	_, l, err := lessonArg(o.lesson)
	if err != nil {
		return err
	}
	var mine []grader.Cell
	if o.mine {
		if mine, err = runMine(l, stderr); err != nil {
			return fmt.Errorf("show lesson %s: %w", l.Number, err)
		}
	}
	page, err := lessonPage(l, mine)
	if err != nil {
		return fmt.Errorf("show lesson %s: %w", l.Number, err)
	}
	footer := fmt.Sprintf("\n*Every output above is the reference solution's, as it printed it. Run `labrun show %s --mine` to run the cells on your code.*\n", l.Number)
	if o.mine {
		footer = fmt.Sprintf("\n*The cells above ran just now against your code in %s.*\n", grader.ShownPath(l.Dir))
	}
	scr := newScreen(stdout, stderr)
	if !scr.terminal {
		_, err := fmt.Fprint(stdout, page.Plain()+footer)
		return err
	}
	if o.noQuiz || !onTerminal(os.Stdin) {
		return scr.page(scr.render(page.Plain() + footer))
	}
	q := &quiz{screen: scr, in: newLineReader(os.Stdin)}
	return q.run(page, footer)
}

// runMine runs the lesson's cells on the student's copy, saying on stderr
// that it does, since it takes a few seconds.
func runMine(l *grader.Lesson, stderr io.Writer) ([]grader.Cell, error) {
	names, err := l.CellNames()
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "labrun: running the %d cells of lesson %s on your code in %s...\n", len(names), l.Number, grader.ShownPath(l.Dir))
	return engine.RunCells(context.Background(), l, grader.Source{}, 10*time.Second)
}

// lessonPage returns the lesson's README as a page. With mine (the cells
// run on the student's copy), it shows the student's outputs instead and
// marks every cell whose output is not the one the README records for the
// reference solution.
func lessonPage(l *grader.Lesson, mine []grader.Cell) (grader.Page, error) {
	data, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
	if err != nil {
		return nil, err
	}
	readme := string(data)
	ref := recordedCells(readme)
	text := readme
	if mine != nil {
		if text, err = grader.SpliceCells(readme, mine); err != nil {
			return nil, err
		}
	}
	page, err := grader.ParsePage(text)
	if err != nil {
		return nil, err
	}
	if mine != nil {
		markDifferences(page, mine, ref)
	}
	return page, nil
}
