package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// view says how a result is written for a student.
type view struct {
	color   bool   // ANSI colours: on a terminal, unless NO_COLOR is set
	verbose bool   // every failure whole, every transcript every time (-v)
	summary bool   // one line per check, and only the first failure explained (watch)
	next    string // the lesson after this one, "" for the last
	only    string // show this check alone ("1.5"), or every check when ""
	width   int    // wrap check sentences at this many columns; 0 leaves them whole (a pipe)
}

// outputWidth is the width a result written to w wraps at: the terminal's
// width, or 0 (no wrapping) when w is a file or a pipe, which a script
// reads line by line.
func outputWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return 0
	}
	return terminalWidth(f)
}

// sentenceLine is prefix then sentence, wrapped between words at v.width
// columns, every later line indented to where the sentence starts.
func (v view) sentenceLine(prefix, sentence string) string {
	if v.width <= 0 {
		return prefix + sentence
	}
	var b strings.Builder
	b.WriteString(prefix)
	start := visibleWidth(prefix)
	col, words := start, 0
	for _, w := range strings.Fields(sentence) {
		ww := visibleWidth(w)
		if words > 0 && col+1+ww > v.width {
			b.WriteString("\n" + strings.Repeat(" ", start))
			col, words = start, 0
		}
		if words > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col, words = col+ww, words+1
	}
	return b.String()
}

// useColor reports whether w gets colours: a terminal, with NO_COLOR unset
// or empty (no-color.org) and TERM not "dumb".
func useColor(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
}

// paint wraps s in the ANSI code when colours are on.
func (v view) paint(code, s string) string {
	if !v.color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

const (
	green = "32"
	red   = "31"
	bold  = "1"
	dim   = "2"
)

// checkID is one check of a result with the id a student reads: "2.5" is
// lab 2's fifth check.
type checkID struct {
	id    string
	check *results.CheckResult
}

// checkIDs pairs r's checks with their numbers.
func checkIDs(r *results.Result) []checkID {
	out := make([]checkID, 0, len(r.Checks))
	for i := range r.Checks {
		out = append(out, checkID{r.Checks[i].Number, &r.Checks[i]})
	}
	return out
}

// printResult writes a result the way a student reads it. By default a
// failure's words and each transcript are written once: a later failure
// that repeats them points back to the first.
func printResult(w io.Writer, l *grader.Lesson, r *results.Result, v view) {
	ran := r.Status == results.StatusPassed || r.Status == results.StatusFailed
	if !ran {
		fmt.Fprintf(w, "\n%s\n", indent(r.Message, ""))
	}
	seen := map[string]string{} // text already written -> the check it was written under
	repeated := false
	passed, lab, firstFail := 0, 0, ""
	for _, c := range checkIDs(r) {
		if c.check.Passed {
			passed++
		}
		if v.only != "" && c.id != v.only {
			continue
		}
		if c.check.Lab != lab {
			lab = c.check.Lab
			fmt.Fprintf(w, "\n%s\n", v.paint(bold, fmt.Sprintf("Lab %d · %s", lab, l.LabTitle(lab))))
		}
		switch {
		case c.check.Passed:
			fmt.Fprintln(w, v.sentenceLine(fmt.Sprintf("  %s  %s ", v.paint(green, "PASS"), c.id), c.check.Sentence))
		case !ran:
			fmt.Fprintln(w, v.sentenceLine(fmt.Sprintf("  %s  %s ", v.paint(dim, "----"), c.id), c.check.Sentence+" (not run)"))
		default:
			fmt.Fprintln(w, v.sentenceLine(fmt.Sprintf("  %s  %s ", v.paint(red, "FAIL"), c.id), c.check.Sentence))
			if v.summary && firstFail != "" {
				continue
			}
			if firstFail == "" {
				firstFail = c.id
			}
			repeated = printFailure(w, c, seen, v) || repeated
		}
	}
	fmt.Fprintln(w)
	switch {
	case r.Status == results.StatusPassed:
		fmt.Fprintln(w, v.paint(green, fmt.Sprintf("All %d checks pass. Lesson %s is done.", len(r.Checks), l.Number)+nextLesson(v.next)))
	case !ran:
		fmt.Fprintf(w, "No check ran: fix the problem above first, then check lesson %s again.\n", l.Number)
	case firstFail == "":
		fmt.Fprintf(w, "%s passes; %d of %d checks pass in all.\n", v.only, passed, len(r.Checks))
	default:
		fmt.Fprintf(w, "%d of %d checks pass. Next: make %s pass. Stuck? labrun hint %s\n", passed, len(r.Checks), firstFail, l.Number)
		if repeated {
			fmt.Fprintf(w, "(Repeated explanations are shown once; -v shows every failure whole.)\n")
		}
	}
}

// printFailure writes why check c failed: its message, its details and what
// the student's code printed, each said once unless v is verbose. It
// reports whether it left out anything said before.
func printFailure(w io.Writer, c checkID, seen map[string]string, v view) bool {
	repeated := false
	pointed := map[string]bool{} // the checks this failure already pointed back to
	say := func(text, prefix string) {
		if text == "" {
			return
		}
		if first, ok := seen[text]; ok && !v.verbose {
			if !pointed[first] {
				fmt.Fprintf(w, "%s%s\n", prefix, v.paint(dim, "(the same as under "+first+")"))
			}
			pointed[first], repeated = true, true
			return
		}
		seen[text] = c.id
		fmt.Fprintln(w, indent(text, prefix))
	}
	say(c.check.Message, "        ")
	for _, d := range c.check.Details {
		say(d, "          ")
	}
	if c.check.Output != "" {
		fmt.Fprintln(w, "        your code printed:")
		out := c.check.Output
		if !v.verbose {
			out = clip(out, 8)
		}
		say(out, "          ")
	}
	return repeated
}

// nextLesson is what a passing check says after "Lesson NN is done.": the
// lesson to read next, when there is one.
func nextLesson(next string) string {
	if next == "" {
		return " That was the last lesson of this kit."
	}
	return " Next: labrun show " + next
}

// indent puts prefix before every non-empty line of text.
func indent(text, prefix string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, line := range lines {
		if line != "" {
			lines[i] = prefix + line
		}
	}
	return strings.Join(lines, "\n")
}

// clip keeps the first n lines of text and says how many more there were.
func clip(text string, n int) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) <= n {
		return text
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n(%d more lines; -v shows them)", len(lines)-n)
}
