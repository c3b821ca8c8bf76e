package gosource

import (
	"bytes"
	"go/scanner"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// Check returns every reason the student file name cannot be built under
// rules r, in the order of the file's lines; none means it may be built.
// data holds the file's first bytes (at least r.MaxBytes+1 of them, or the
// whole file) and size is its real size. A file that is not text gets one
// problem, of KindBadSource; every other problem is of KindRejected.
func Check(name string, data []byte, size int64, r Rules) []*Problem {
	if p := CheckText(name, data, size, r.MaxBytes); p != nil {
		return []*Problem{p}
	}
	f := &file{name: name, rules: r}
	f.scan(data)
	slices.SortStableFunc(f.problems, func(a, b *Problem) int { return a.Line - b.Line })
	return slices.CompactFunc(f.problems, func(a, b *Problem) bool { return a.Message == b.Message })
}

// file is one student file being checked.
type file struct {
	name     string
	rules    Rules
	problems []*Problem
}

func (f *file) reject(line int, format string, args ...any) {
	f.problems = append(f.problems, at(f.name, line, format, args...))
}

// scan reads the file's tokens, comments included, and checks each.
func (f *file) scan(data []byte) {
	fset := token.NewFileSet()
	tf := fset.AddFile(f.name, -1, len(data))
	var s scanner.Scanner
	// Syntax errors are the compiler's to report, in its own words.
	s.Init(tf, data, func(token.Position, string) {}, scanner.ScanComments)
	var prev, prev2 token.Token // the last two tokens before this one, comments aside
	var prevLit string
	lines := lineCounter{data: data, line: 1}
	imports := importReader{f: f}
	var methods methodReader
	first := true
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			f.ownContext(&methods)
			return
		}
		line := lines.at(tf.Offset(pos))
		if tok == token.COMMENT {
			f.comment(line, lit)
			continue
		}
		if first && tok == token.PACKAGE {
			f.packageClause(&s, tf, &lines)
		}
		first = false
		imports.next(line, tok, lit)
		methods.next(line, tok, lit)
		switch {
		case tok == token.GO:
			f.goStatement(line)
		case tok == token.IDENT:
			f.identifier(line, lit, prev == token.PERIOD, qualifier(prev2, prevLit, prev))
		}
		prev2, prev = prev, tok
		if tok == token.IDENT {
			prevLit = lit
		}
	}
}

// qualifier returns "time." when the identifier being read follows
// "time.", and "" otherwise.
func qualifier(prev2 token.Token, lit string, prev token.Token) string {
	if prev == token.PERIOD && prev2 == token.IDENT {
		return lit + "."
	}
	return ""
}

// packageClause reads the name after the package keyword and checks it.
func (f *file) packageClause(s *scanner.Scanner, tf *token.File, lines *lineCounter) {
	pos, tok, lit := s.Scan()
	for tok == token.COMMENT {
		f.comment(lines.at(tf.Offset(pos)), lit)
		pos, tok, lit = s.Scan()
	}
	line := lines.at(tf.Offset(pos))
	if tok != token.IDENT || f.rules.Package == "" || lit == f.rules.Package {
		return
	}
	f.reject(line, "says package %s; %s's files are package %s. Make the line read: package %s",
		lit, lessonName(f.rules), f.rules.Package, f.rules.Package)
}

// lineCounter turns offsets, met in increasing order, into the file's own
// line numbers: a //line directive cannot move them.
type lineCounter struct {
	data   []byte
	offset int // where line starts counting
	line   int
}

func (c *lineCounter) at(offset int) int {
	if offset > c.offset {
		c.line += bytes.Count(c.data[c.offset:offset], []byte("\n"))
		c.offset = offset
	}
	return c.line
}

// importPath checks one imported path, at line.
func (f *file) importPath(line int, path string) {
	switch {
	case path == "C":
		f.reject(line, "imports \"C\", which turns on cgo: C code runs outside Go's safety, where it could reach anything in the check program. "+
			"%s's files are plain Go: delete the import, and any C code in the comment above it.", capital(lessonName(f.rules)))
	case !slices.Contains(f.rules.Imports, path):
		f.reject(line, "imports %q, which %s does not allow. This lesson needs only: %s",
			path, lessonName(f.rules), strings.Join(f.rules.Imports, ", "))
	case !f.rules.Concurrency && goroutinePackages[path] != "":
		f.reject(line, "imports %q: %s. %s Remove the import.",
			path, goroutinePackages[path], noConcurrency(f.rules))
	}
}

// importReader follows the tokens of import declarations and hands each
// imported path to its file. It reads the tokens of the whole file, so an
// import in a file the compiler would refuse is still seen.
type importReader struct {
	f     *file
	state int // one of the reading* states
}

const (
	readingNone  = iota // not in an import declaration
	readingSpec         // after "import": a name, a path, or "("
	readingGroup        // inside "import ( ... )"
)

func (r *importReader) next(line int, tok token.Token, lit string) {
	switch {
	case tok == token.IMPORT:
		r.state = readingSpec
	case r.state == readingNone:
	case tok == token.STRING:
		if path, err := strconv.Unquote(lit); err == nil {
			r.f.importPath(line, path)
		} else {
			r.f.importPath(line, lit)
		}
		if r.state == readingSpec {
			r.state = readingNone
		}
	case tok == token.LPAREN && r.state == readingSpec:
		r.state = readingGroup
	case tok == token.IDENT || tok == token.PERIOD || tok == token.SEMICOLON && r.state == readingGroup:
	default: // ")" ends a group; anything else is the compiler's to report
		r.state = readingNone
	}
}

// lessonName is "lesson 02", or "this lesson" when the rules do not say.
func lessonName(r Rules) string {
	if r.Lesson == "" {
		return "this lesson"
	}
	return "lesson " + r.Lesson
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
