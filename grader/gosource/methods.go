package gosource

import "go/token"

// contextMethods are the methods of context.Context. A type of the student's
// own that has them all is a Context, and a context made from it (by
// context.WithCancel, anywhere, even in a package the student does not
// import) calls Done, Err and Value on a goroutine of the context package's
// own.
var contextMethods = []string{"Deadline", "Done", "Err", "Value"}

// methodReader follows the tokens of a file and notes the methods it
// declares, "func (recv) Name", with the line of each.
type methodReader struct {
	state int // one of the method* states
	depth int // of parentheses, inside a receiver
	lines map[string]int
}

const (
	methodNone     = iota // not in a function declaration's head
	methodFunc            // after "func"
	methodReceiver        // inside "func ( ... )"
	methodName            // after the receiver: the name comes next
)

func (m *methodReader) next(line int, tok token.Token, lit string) {
	switch m.state {
	case methodFunc:
		m.state = methodNone
		if tok == token.LPAREN {
			m.state, m.depth = methodReceiver, 1
		}
	case methodReceiver:
		switch tok {
		case token.LPAREN:
			m.depth++
		case token.RPAREN:
			if m.depth--; m.depth == 0 {
				m.state = methodName
			}
		}
	case methodName:
		m.state = methodNone
		if tok == token.IDENT {
			if m.lines == nil {
				m.lines = map[string]int{}
			}
			m.lines[lit] = line
		}
	}
	if tok == token.FUNC && m.state == methodNone {
		m.state = methodFunc
	}
}

// ownContext refuses a file that declares every method of context.Context,
// at the line of the last of them, unless the lesson teaches concurrency.
func (f *file) ownContext(m *methodReader) {
	if f.rules.Concurrency {
		return
	}
	last := 0
	for _, name := range contextMethods {
		line, ok := m.lines[name]
		if !ok {
			return
		}
		last = max(last, line)
	}
	f.reject(last, "Deadline, Done, Err and Value make a type of yours a context.Context, and a context made from it "+
		"calls your methods on a goroutine of the context package's own. %s Use the context you are given instead of one of your own.",
		noConcurrency(f.rules))
}
