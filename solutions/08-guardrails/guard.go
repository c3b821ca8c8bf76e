package harness

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"harnesslab/lab"
)

// Guardrails are ordinary code around the model: they check what goes in,
// redact what the tools return before the model reads it, and check what
// comes out. Each time one fires, it writes a Trigger to the log.

// The marks that stand in for personal data the model must not see.
const (
	PhoneMark = "[phone]"
	EmailMark = "[email]"
	CardMark  = "[card]"
)

// The kinds of personal data Redact finds, as a Trigger names them.
const (
	Phone = "phone"
	Email = "email"
	Card  = "card"
)

// MaxInput is the longest question, in characters (not bytes), that a
// guarded run sends to the model.
const MaxInput = 2000

// The two new ways a guarded run ends, beside Answered and GaveUp.
const (
	Refused  Status = "refused"  // the input check stopped the question: the model was never asked
	Withheld Status = "withheld" // the output check stopped the answer: the caller does not get its text
)

// The three guardrails, as a Trigger names them.
const (
	InputGuard  = "input"
	RedactGuard = "redact"
	OutputGuard = "output"
)

// Trigger is one time a guardrail fired. It says what was found, never the
// personal data itself: a log is read by people who must not see it either.
type Trigger struct {
	Guard string // InputGuard, RedactGuard or OutputGuard
	Where string // the tool whose result it was, "question" or "answer"
	What  string // what was found: a kind (Phone, Email, Card), or the problem in words
}

// Log is the record of every trigger, in the order they fired.
type Log struct {
	Triggers []Trigger
}

// Add writes one trigger to the log.
func (l *Log) Add(guard, where, what string) {
	l.Triggers = append(l.Triggers, Trigger{Guard: guard, Where: where, What: what})
}

// personal finds candidates for personal data, left to right: an e-mail
// address, a phone number written in international form (a + and 7 to 15
// digits, single spaces or hyphens between them), or a run of 13 to 19 digits
// (single spaces or hyphens between them) that may be a card number. The
// alternatives are tried in that order at each place in the text.
var personal = regexp.MustCompile(
	`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}` +
		`|\+\d(?:[ -]?\d){6,14}\b` +
		`|\b\d(?:[ -]?\d){12,18}\b`)

// figure finds the figures of a text: digits, with single dots or commas
// between digits (9090, 48,200, 3.5).
var figure = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// citation finds the citations of an answer: a call id in square brackets,
// as in [c2].
var citation = regexp.MustCompile(`\[([A-Za-z0-9_-]+)\]`)

// Luhn reports whether number passes the Luhn check that card numbers carry
// in their last digit. Spaces and hyphens are ignored; any other character,
// or fewer than two digits, fails.
func Luhn(number string) bool {
	// --- your code ---
	digits := strings.NewReplacer(" ", "", "-", "").Replace(number)
	if len(digits) < 2 {
		return false
	}
	sum := 0
	for i := 0; i < len(digits); i++ {
		c := digits[len(digits)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
	// --- starter ---
	// From the last digit leftwards, double every second digit; a doubled
	// digit over 9 has 9 taken off. The number passes when the sum of all the
	// digits is a multiple of 10. Spaces and hyphens are skipped; any other
	// character, or fewer than two digits, and it fails.
	panic("Luhn: not written yet")
	// --- end ---
}

// Redact returns text with every phone number, e-mail address and card
// number replaced by its mark, and the kind of each one replaced, in the
// order they appear. A run of digits that fails the Luhn check is not a card
// number, and stays.
func Redact(text string) (string, []string) {
	// --- your code ---
	var found []string
	clean := personal.ReplaceAllStringFunc(text, func(match string) string {
		switch {
		case strings.Contains(match, "@"):
			found = append(found, Email)
			return EmailMark
		case strings.HasPrefix(match, "+"):
			found = append(found, Phone)
			return PhoneMark
		case Luhn(match):
			found = append(found, Card)
			return CardMark
		}
		return match
	})
	return clean, found
	// --- starter ---
	// personal (above) finds every candidate, left to right. For each one:
	// it holds an @: an e-mail address, EmailMark; it starts with +: a phone
	// number, PhoneMark; otherwise it is a run of digits, and it is a card
	// number (CardMark) only if it passes Luhn; if not, it stays as it was.
	// found lists Email, Phone or Card for each one replaced, in text order.
	_ = strings.Contains // strings helps here; delete this line when you use it
	panic("Redact: not written yet")
	// --- end ---
}

// RedactTools returns copies of tools whose results are redacted before
// anyone reads them: the text a tool returns, the text of its error, and the
// text of a panic. Every item redacted is one trigger in log, naming the
// tool. The tools handed in are left as they were.
func RedactTools(tools []lab.Tool, log *Log) []lab.Tool {
	// --- your code ---
	redact := func(name, text string) string {
		clean, found := Redact(text)
		for _, kind := range found {
			log.Add(RedactGuard, name, kind)
		}
		return clean
	}
	guarded := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		execute := tool.Execute
		tool.Execute = func(args lab.Args) (out string, err error) {
			defer func() {
				if r := recover(); r != nil {
					out, err = "", errors.New(redact(tool.Name, fmt.Sprint(r)))
				}
			}()
			out, err = execute(args)
			out = redact(tool.Name, out)
			if err != nil {
				err = errors.New(redact(tool.Name, err.Error()))
			}
			return out, err
		}
		guarded[i] = tool
	}
	return guarded
	// --- starter ---
	// Return a new list; the tools handed in stay as they were. Each copy
	// keeps Name, Description and Parameters, and its Execute runs the
	// original, then redacts what comes back: the text, the text of the error
	// (as a new error), and the text of a panic (recover it, and return it as
	// an error). Every item redacted is log.Add(RedactGuard, the tool's name,
	// the kind Redact found).
	_ = errors.New // you will need errors.New; delete this line when you use it
	panic("RedactTools: not written yet")
	// --- end ---
}

// CheckInput returns an error if the question must not be sent: it is blank,
// longer than MaxInput characters, or holds a card number.
func CheckInput(text string) error {
	// --- your code ---
	if strings.TrimSpace(text) == "" {
		return errors.New("the question is empty")
	}
	if n := utf8.RuneCountInString(text); n > MaxInput {
		return fmt.Errorf("the question is %d characters long; the most this harness sends is %d", n, MaxInput)
	}
	if _, found := Redact(text); contains(found, Card) {
		return errors.New("the question holds a card number; take it out and ask again")
	}
	return nil
	// --- starter ---
	// In this order, the first that applies:
	//   1. blank (nothing but spaces and newlines): "the question is empty"
	//   2. more than MaxInput characters (count runes, not bytes):
	//      "the question is N characters long; the most this harness sends is 2000"
	//   3. Redact finds a card number in it:
	//      "the question holds a card number; take it out and ask again"
	// Otherwise nil. Phone numbers and e-mail addresses in a question pass.
	_ = utf8.RuneCountInString // counts characters; delete this line when you use it
	_ = fmt.Errorf             // delete this line when you use fmt
	panic("CheckInput: not written yet")
	// --- end ---
}

// contains reports whether list holds item.
func contains(list []string, item string) bool {
	for _, x := range list {
		if x == item {
			return true
		}
	}
	return false
}

// UncitedFigures returns the figures of answer that no tool result backs,
// in the order they appear. A figure is backed when the first citation after
// it names a call whose result, not an error, holds that same figure. The
// digits inside a citation are not figures, and neither are the digits of
// personal data (what Redact replaces): a phone number is not a claim to
// cite, and a figure is written to the log, where personal data must not go.
func UncitedFigures(answer string, messages []lab.Message) []string {
	// --- your code ---
	backs := func(id, fig string) bool {
		for _, m := range messages {
			if m.Role == lab.RoleToolResult && m.ToolCallID == id && !m.IsError {
				return contains(figure.FindAllString(m.Content, -1), fig)
			}
		}
		return false
	}
	var uncited []string
	cites := citation.FindAllStringSubmatchIndex(answer, -1)
	blank := func(s string) string { return strings.Repeat(" ", len(s)) }
	plain := citation.ReplaceAllStringFunc(answer, blank)
	plain = personal.ReplaceAllStringFunc(plain, func(match string) string {
		if _, found := Redact(match); len(found) > 0 {
			return blank(match)
		}
		return match
	})
	for _, at := range figure.FindAllStringIndex(plain, -1) {
		id := ""
		for _, c := range cites {
			if c[0] >= at[1] {
				id = answer[c[2]:c[3]]
				break
			}
		}
		if fig := plain[at[0]:at[1]]; !backs(id, fig) {
			uncited = append(uncited, fig)
		}
	}
	return uncited
	// --- starter ---
	// figure and citation (above) find figures and citations. Take the
	// citations out of the way first: the 2 of [c2] is not a figure. Then
	// the personal data: each candidate personal finds that Redact would
	// replace (its digits would otherwise reach the log). Blank them with
	// spaces, so that every figure keeps its place in the text. For each
	// figure, the citation that counts is the first one after it. It backs
	// the figure if messages hold a toolResult for that call id, with IsError
	// false, whose Content has the very same figure among its own figures
	// (200 is not backed by "4,200"). Return the figures not backed, in order.
	panic("UncitedFigures: not written yet")
	// --- end ---
}

// GuardedChat is Chat with its guardrails: the question is checked before
// anything is sent, every tool result is redacted, and the answer is checked
// before the caller gets it. It fails closed: a question that fails its check
// is Refused without a model call, and an answer with a figure no result
// backs, or with personal data in it, is Withheld (the reply stays in the
// list, as the record of what happened; the caller gets no text). Every
// trigger goes to log.
func GuardedChat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool, log *Log) ([]lab.Message, Result) {
	// --- your code ---
	if err := CheckInput(text); err != nil {
		log.Add(InputGuard, "question", err.Error())
		return messages, Result{Status: Refused}
	}
	messages, result := Chat(model, messages, text, RedactTools(tools, log))
	if result.Status != Answered {
		return messages, result
	}
	problems := 0
	for _, fig := range UncitedFigures(result.Text, messages) {
		log.Add(OutputGuard, "answer", "uncited figure "+fig)
		problems++
	}
	_, found := Redact(result.Text)
	for _, kind := range found {
		log.Add(OutputGuard, "answer", kind)
		problems++
	}
	if problems > 0 {
		return messages, Result{Status: Withheld, Steps: result.Steps}
	}
	return messages, result
	// --- starter ---
	// 1. CheckInput(text). If it fails: log.Add(InputGuard, "question",
	//    the error's text) and return messages as they were, with
	//    Result{Status: Refused}. The model is not asked.
	// 2. Chat, with the tools wrapped by RedactTools(tools, log).
	// 3. Not answered (gave up)? Return what Chat returned.
	// 4. For each figure UncitedFigures names: log.Add(OutputGuard, "answer",
	//    "uncited figure " + the figure). For each kind Redact finds in the
	//    answer: log.Add(OutputGuard, "answer", kind).
	// 5. If anything was logged in step 4, the answer is withheld: return the
	//    list as Chat left it with Result{Status: Withheld, Steps: its steps}.
	//    Otherwise return what Chat returned.
	panic("GuardedChat: not written yet")
	// --- end ---
}
