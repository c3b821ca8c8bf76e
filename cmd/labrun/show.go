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

// runShow prints a lesson with every cell run afresh. On a terminal it
// renders the Markdown, pages it, and stops at each question until the
// student has picked an answer; piped, it prints plain Markdown.
func runShow(args []string, stdout, stderr io.Writer) error {
	o, err := parseShowArgs(args)
	if err != nil {
		return err
	}
	_, l, err := lessonArg(o.lesson)
	if err != nil {
		return err
	}
	page, err := lessonPage(l, o.mine)
	if err != nil {
		return fmt.Errorf("show lesson %s: %w", l.Number, err)
	}
	footer := fmt.Sprintf("\n*Every output above was printed just now by the reference solution. Run `labrun show %s --mine` to run the cells on your code.*\n", l.Number)
	if o.mine {
		footer = fmt.Sprintf("\n*The cells above ran against your code in %s.*\n", grader.ShownPath(l.Dir))
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

// lessonPage runs the lesson's cells on the reference solution (and, when
// mine, on the student's copy too) and returns its README as a page, with
// every cell whose output on the student's code differs marked.
func lessonPage(l *grader.Lesson, mine bool) (grader.Page, error) {
	readme, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
	if err != nil {
		return nil, err
	}
	solution, err := l.SolutionDir()
	if err != nil {
		return nil, err
	}
	ref, err := l.RunCells(context.Background(), grader.Source{Dir: solution}, 10*time.Second)
	if err != nil {
		return nil, err
	}
	cells := ref
	if mine {
		if cells, err = l.RunCells(context.Background(), grader.Source{}, 10*time.Second); err != nil {
			return nil, err
		}
	}
	text, err := grader.SpliceCells(string(readme), cells)
	if err != nil {
		return nil, err
	}
	page, err := grader.ParsePage(text)
	if err != nil {
		return nil, err
	}
	if mine {
		markDifferences(page, cells, ref)
	}
	return page, nil
}
