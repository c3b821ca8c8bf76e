package grader

import (
	"fmt"
	"regexp"
	"strings"
)

// A lesson asks the student to commit to an answer before a cell runs. In
// README.md the question, its answer and the explanation of every wrong pick
// are marked, so that `labrun show` can stop at the question and the plain
// text still reads in order:
//
//	<!-- question -->
//	**What comes back at turn 4?**
//
//	- **A.** "Your name is Ada."
//	- **B.** "I don't know your name."
//	<!-- end question -->
//
//	<!-- cell 01-thrifty-chat -->
//	<!-- end cell -->
//
//	<!-- answer B -->
//	**B** is what comes back. ...
//
//	<!-- if A -->
//	If you picked **A**, ...
//	<!-- end answer -->
//
// A question with no options is an open one (a number to commit to): its
// answer marker names no letter.

// PartKind says what a Part of a lesson page holds.
type PartKind int

// The kinds of a page's parts.
const (
	PartText     PartKind = iota // lesson text
	PartQuestion                 // a question asked before a cell runs
	PartCell                     // a cell's code and output, as SpliceCells writes them
	PartAnswer                   // the answer to the question before the cell
)

// Part is one piece of a lesson page, its markers removed.
type Part struct {
	Kind     PartKind
	Text     string    // the Markdown; for an answer, only its verdict
	Cell     string    // PartCell: the cell's name
	Question *Question // PartQuestion and PartAnswer: the question
}

// Question is a question of the lesson with its answer.
type Question struct {
	Line    int      // the line of its marker in README.md
	Options []string // the letters of its options, in order; none for an open question
	Cell    string   // the cell it is asked before
	Answer  string   // the right letter; "" for an open question
	Verdict string   // the answer's text before its first pick
	Picks   []Pick   // the explanations of particular picks
}

// Pick is what a lesson says to a student who chose one option.
type Pick struct {
	Letter string
	Text   string
}

// Explain returns the lesson's words for a student who picked letter, and
// whether it has any.
func (q *Question) Explain(letter string) (string, bool) {
	for _, p := range q.Picks {
		if p.Letter == letter {
			return p.Text, true
		}
	}
	return "", false
}

// HasOption reports whether letter is one of the question's options.
func (q *Question) HasOption(letter string) bool {
	for _, o := range q.Options {
		if o == letter {
			return true
		}
	}
	return false
}

var (
	markerLine = regexp.MustCompile(`^<!-- (cell|end cell|checks lab|end checks|question|end question|answer|if|end answer)\b ?(.*?) ?-->$`)
	optionLine = regexp.MustCompile(`^(?:- )?\*\*([A-Z])\.`)
)

// Page is a lesson's README split into parts.
type Page []Part

// ParsePage splits a README (usually with its cells spliced in) into parts,
// and checks that its questions are well formed: each question's options
// are lettered A, B, C... in order, it is followed by a cell and then by
// its answer, the answer is one of the options, and every wrong option has
// its own explanation.
func ParsePage(readme string) (Page, error) {
	p := &pageParser{}
	for i, line := range strings.Split(readme, "\n") {
		if err := p.line(i+1, line); err != nil {
			return nil, fmt.Errorf("README.md line %d: %w", i+1, err)
		}
	}
	if p.open != "" {
		return nil, fmt.Errorf("README.md line %d: <!-- %s --> is never closed (add <!-- end %s -->)", p.openLine, p.open, strings.Fields(p.open)[0])
	}
	p.flush()
	if p.asked != nil {
		return nil, fmt.Errorf("README.md line %d: the question has no answer after its cell (add <!-- answer X --> ... <!-- end answer -->)", p.asked.Line)
	}
	return p.parts, nil
}

// pageParser holds ParsePage's state between lines.
type pageParser struct {
	parts    []Part
	buf      []string
	open     string // the region we are in: "cell NAME", "question", "answer X", "checks lab N"
	openLine int
	question *Question // the question being read or answered
	asked    *Question // a question whose cell or answer is still to come
	pick     string    // inside an answer: the letter of the pick being read
}

func (p *pageParser) line(n int, line string) error {
	m := markerLine.FindStringSubmatch(line)
	if m == nil {
		p.buf = append(p.buf, line)
		return nil
	}
	kind, arg := m[1], m[2]
	switch kind {
	case "cell", "checks lab", "question", "answer":
		if p.open != "" {
			return fmt.Errorf("<!-- %s %s --> inside <!-- %s --> (opened on line %d): close that first", kind, arg, p.open, p.openLine)
		}
		p.flush()
		p.open, p.openLine = strings.TrimSpace(kind+" "+arg), n
		return p.start(n, kind, arg)
	case "if":
		return p.startPick(arg)
	default: // an end marker
		want := strings.TrimPrefix(kind, "end ")
		if p.open == "" || strings.Fields(p.open)[0] != strings.Fields(want)[0] {
			return fmt.Errorf("<!-- %s --> with no <!-- %s --> open", kind, want)
		}
		return p.end(n)
	}
}

func (p *pageParser) start(n int, kind, arg string) error {
	switch kind {
	case "question":
		if p.asked != nil {
			return fmt.Errorf("a new question before the answer to the one on line %d", p.asked.Line)
		}
		if arg != "" {
			return fmt.Errorf("<!-- question --> takes nothing after the word; its cell is the next one")
		}
		p.question = &Question{Line: n}
	case "cell":
		if p.asked != nil && p.asked.Cell == "" {
			p.asked.Cell = arg
		}
	case "answer":
		q := p.asked
		switch {
		case q == nil:
			return fmt.Errorf("<!-- answer %s --> answers no question (put <!-- question --> ... <!-- end question --> before the cell)", arg)
		case q.Cell == "":
			return fmt.Errorf("the answer comes before the question's cell: the student must see the cell run first")
		case len(q.Options) == 0 && arg != "":
			return fmt.Errorf("the question on line %d has no options, so its answer names no letter (write <!-- answer -->)", q.Line)
		case len(q.Options) > 0 && !q.HasOption(arg):
			return fmt.Errorf("<!-- answer %s --> should name one of the question's options %s", arg, strings.Join(q.Options, ", "))
		}
		q.Answer = arg
		p.question = q
	}
	return nil
}

func (p *pageParser) startPick(arg string) error {
	q := p.question
	if !strings.HasPrefix(p.open, "answer") {
		return fmt.Errorf("<!-- if %s --> outside an answer: put it between <!-- answer X --> and <!-- end answer -->", arg)
	}
	if !q.HasOption(arg) {
		return fmt.Errorf("<!-- if %s --> should name one of the question's options %s", arg, strings.Join(q.Options, ", "))
	}
	if _, dup := q.Explain(arg); dup || p.pick == arg {
		return fmt.Errorf("<!-- if %s --> appears twice in one answer", arg)
	}
	p.closePick()
	p.pick = arg
	return nil
}

// closePick ends the verdict or the pick being read.
func (p *pageParser) closePick() {
	text := strings.Trim(strings.Join(p.buf, "\n"), "\n")
	p.buf = nil
	if p.pick == "" {
		p.question.Verdict = text
		return
	}
	p.question.Picks = append(p.question.Picks, Pick{Letter: p.pick, Text: text})
}

func (p *pageParser) end(n int) error {
	open := p.open
	p.open = ""
	switch {
	case strings.HasPrefix(open, "question"):
		q := p.question
		text := strings.Join(p.buf, "\n")
		p.buf = nil
		for _, line := range strings.Split(text, "\n") {
			if m := optionLine.FindStringSubmatch(line); m != nil {
				want := string(rune('A' + len(q.Options)))
				if m[1] != want {
					return fmt.Errorf("the question on line %d should letter its options A, B, C... in order: option %s where %s belongs", q.Line, m[1], want)
				}
				q.Options = append(q.Options, m[1])
			}
		}
		if len(q.Options) == 1 {
			return fmt.Errorf("the question on line %d has one option: give it at least two, or none for an open question", q.Line)
		}
		p.parts = append(p.parts, Part{Kind: PartQuestion, Text: text, Question: q})
		p.asked = q
	case strings.HasPrefix(open, "cell"):
		p.parts = append(p.parts, Part{Kind: PartCell, Text: strings.Join(p.buf, "\n"), Cell: strings.TrimPrefix(open, "cell ")})
		p.buf = nil
	case strings.HasPrefix(open, "answer"):
		p.closePick()
		q := p.question
		for _, o := range q.Options {
			if _, ok := q.Explain(o); !ok && o != q.Answer {
				return fmt.Errorf("the answer to the question on line %d does not explain option %s (add <!-- if %s --> and what a student who picked it missed)", q.Line, o, o)
			}
		}
		p.parts = append(p.parts, Part{Kind: PartAnswer, Text: q.Verdict, Question: q})
		p.asked, p.question, p.pick = nil, nil, ""
	default: // checks: plain text
		p.flush()
	}
	return nil
}

// flush turns the lines read so far into a text part.
func (p *pageParser) flush() {
	if len(p.buf) > 0 {
		p.parts = append(p.parts, Part{Kind: PartText, Text: strings.Join(p.buf, "\n")})
		p.buf = nil
	}
}

// Plain returns the page as Markdown with every marker removed: questions,
// cells, answers and the explanation of every pick, in the order they are
// written.
func (pg Page) Plain() string {
	var b strings.Builder
	for _, part := range pg {
		b.WriteString(part.Markdown(""))
	}
	return b.String()
}

// Markdown returns the part as Markdown ending in a newline. An answer
// carries its verdict and then the explanation of every pick but skip.
func (part Part) Markdown(skip string) string {
	text := part.Text
	if part.Kind == PartAnswer {
		pieces := []string{part.Question.Verdict}
		for _, p := range part.Question.Picks {
			if p.Letter != skip {
				pieces = append(pieces, p.Text)
			}
		}
		text = strings.Join(pieces, "\n\n")
		return text + "\n"
	}
	if part.Kind == PartText {
		return text + "\n"
	}
	return strings.Trim(text, "\n") + "\n"
}
