package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"harnesslab/grader"
)

// The quiz's prompts. Tests answer them by their text.
const (
	pickPrompt = "Your answer"
	goOnPrompt = "Press Enter to see the cell and its output."
)

// quiz walks a lesson page on a terminal, stopping at each question until
// the student has committed to an answer, then explaining that pick before
// the cell's output is shown.
type quiz struct {
	*screen
	in *lineReader
}

// run shows the page with a stop at every question. If the student's input
// ends (Ctrl-D), the rest of the lesson is shown without stops.
func (q *quiz) run(page grader.Page, footer string) error {
	var pending strings.Builder
	skip := "" // the pick already explained, left out of the answer that follows
	stopped := false
	for _, part := range page {
		if part.Kind != grader.PartQuestion || stopped {
			pending.WriteString(part.Markdown(skip))
			if part.Kind == grader.PartAnswer {
				skip = ""
			}
			continue
		}
		if err := q.page(q.render(pending.String())); err != nil {
			return err
		}
		pending.Reset()
		pick, err := q.ask(part.Question, part.Text)
		if errors.Is(err, io.EOF) {
			stopped = true
			pending.WriteString(part.Markdown(""))
			continue
		}
		if err != nil {
			return err
		}
		skip = pick
	}
	return q.page(q.render(pending.String() + footer))
}

// ask shows a question, reads the student's pick, explains it, and waits
// for Enter. It returns the letter picked ("" for an open question).
func (q *quiz) ask(question *grader.Question, text string) (string, error) {
	fmt.Fprint(q.out, q.render(text))
	pick, err := q.readPick(question)
	if err != nil {
		return "", err
	}
	var say string
	switch {
	case len(question.Options) == 0:
		say = "Noted. Now see what happens."
	case pick == question.Answer:
		say = fmt.Sprintf("**Right: %s.**", pick)
	default:
		say = fmt.Sprintf("**You picked %s. The answer is %s.**", pick, question.Answer)
	}
	if why, ok := question.Explain(pick); ok {
		say += "\n\n" + why
	}
	fmt.Fprint(q.out, q.render(say))
	fmt.Fprint(q.out, goOnPrompt+" ")
	if _, err := q.in.line(); err != nil {
		return "", err
	}
	return pick, nil
}

// readPick asks until the student gives one of the options.
func (q *quiz) readPick(question *grader.Question) (string, error) {
	if len(question.Options) == 0 {
		fmt.Fprint(q.out, pickPrompt+" (commit to one, then press Enter): ")
		_, err := q.in.line()
		return "", err
	}
	choices := strings.Join(question.Options[:len(question.Options)-1], ", ") + " or " + question.Options[len(question.Options)-1]
	for {
		fmt.Fprintf(q.out, "%s (%s): ", pickPrompt, choices)
		answer, err := q.in.line()
		if err != nil {
			return "", err
		}
		letter := strings.ToUpper(strings.TrimSpace(answer))
		if question.HasOption(letter) {
			return letter, nil
		}
		fmt.Fprintf(q.out, "Type one letter, %s, and press Enter (Ctrl-D shows the rest without questions).\n", choices)
	}
}

// lineReader reads the student's typed lines.
type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader) *lineReader { return &lineReader{bufio.NewReader(r)} }

// line returns the next line without its end, or io.EOF once input ends.
func (l *lineReader) line() (string, error) {
	s, err := l.r.ReadString('\n')
	if err == io.EOF && s != "" {
		return s, nil
	}
	if err != nil {
		return "", err
	}
	return strings.TrimRight(s, "\r\n"), nil
}
