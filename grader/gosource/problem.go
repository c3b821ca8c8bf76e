package gosource

import (
	"fmt"
	"strings"
)

// Kinds of Problem. Each is also the grader's status for the student's copy.
const (
	KindBadSource = "bad_source" // not UTF-8 text, a NUL byte, or too big
	KindRejected  = "rejected"   // valid text, but outside what the lesson allows
)

// MaxBytes is the largest student source file accepted: 512 KiB.
const MaxBytes = 512 << 10

// Rules is what one lesson allows in its student files. The zero value
// allows no imports and no concurrency, and accepts any package name.
type Rules struct {
	Lesson  string   // the lesson's number, as messages name it: "02"
	Package string   // the package student files must declare; empty accepts any
	Imports []string // the import paths student files may use
	// Concurrency says the lesson teaches goroutines: go statements, and the
	// functions and packages that start goroutines, are allowed.
	Concurrency bool
	// GoCommand says the lesson lets student code run the go command for
	// real, through the lab package's GoCommands (lab.NewGoCommands, or a
	// lab.GoCommands value); otherwise naming either is refused.
	GoCommand bool
	// MaxBytes caps the size of one file; zero or less means MaxBytes.
	MaxBytes int64
}

// Problem is one reason a student file cannot be built.
type Problem struct {
	Kind    string // KindBadSource or KindRejected
	File    string // the file, as the caller named it
	Line    int    // from 1; 0 when the problem is the whole file
	Message string // a whole sentence for the student, starting with the file (and line)
}

// Error returns the message, so that a Problem can be used as an error.
func (p *Problem) Error() string { return p.Message }

// MaxShown is how many problems Summary lists before it counts the rest.
const MaxShown = 5

// Summary joins the messages of problems, one a line, the first MaxShown of
// them and then how many more there are.
func Summary(problems []*Problem) string {
	var lines []string
	for i, p := range problems {
		if i == MaxShown {
			lines = append(lines, fmt.Sprintf("... and %d more like these.", len(problems)-MaxShown))
			break
		}
		lines = append(lines, p.Message)
	}
	return strings.Join(lines, "\n")
}

// at returns a rejection of line line of file.
func at(file string, line int, format string, args ...any) *Problem {
	return &Problem{Kind: KindRejected, File: file, Line: line,
		Message: fmt.Sprintf("%s:%d: ", file, line) + fmt.Sprintf(format, args...)}
}
