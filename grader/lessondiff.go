package grader

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// FileChange is what one student file of a lesson holds that is new since
// the lesson before, declaration by declaration: the starter of this lesson
// against the reference solution of the one before.
type FileChange struct {
	File    string   // the student file: "harness.go"
	New     bool     // the lesson before has no such file: all of it is new
	Gaps    []Decl   // declarations with a gap to fill, yours to write
	Filled  []string // the lesson before's gaps, now written for you
	Added   []string // new declarations given whole
	Changed []string // declarations given in both, written differently now
	Removed []string // declarations of the lesson before that are gone
}

// Decl is one top-level declaration of a Go file.
type Decl struct {
	Name string // "Chat", "(*Agent).Run", "package doc"
	Line int
	text string // its source, from its first to its last byte
	gap  bool   // it holds a gap: // --- your code --- ... // --- end ---
}

// DiffLessons says what the starter of l adds to the reference solution of
// prev, file by file in the order of l's student files. prev may be nil for
// the first lesson: then every file is new.
func DiffLessons(prev, l *Lesson) ([]FileChange, error) {
	var out []FileChange
	for _, name := range l.StudentFiles {
		starter, err := l.StarterFile(name)
		if err != nil {
			return nil, err
		}
		now, err := readDecls(starter)
		if err != nil {
			return nil, err
		}
		fc := FileChange{File: name}
		var before, beforeGaps map[string]Decl
		if prev != nil {
			solution, err := prev.SolutionDir()
			if err != nil {
				return nil, err
			}
			before, err = readDeclsIfAny(filepath.Join(solution, name))
			if err != nil {
				return nil, err
			}
			if p, err := prev.StarterFile(name); err == nil {
				if beforeGaps, err = readDeclsIfAny(p); err != nil {
					return nil, err
				}
			}
		}
		fc.New = before == nil
		for _, d := range orderedDecls(now) {
			old, had := before[d.Name]
			switch {
			case d.gap:
				fc.Gaps = append(fc.Gaps, d)
			case beforeGaps[d.Name].gap:
				fc.Filled = append(fc.Filled, d.Name)
			case !had:
				fc.Added = append(fc.Added, d.Name)
			case old.text != d.text:
				fc.Changed = append(fc.Changed, d.Name)
			}
		}
		for _, d := range orderedDecls(before) {
			if _, ok := now[d.Name]; !ok {
				fc.Removed = append(fc.Removed, d.Name)
			}
		}
		out = append(out, fc)
	}
	return out, nil
}

// gapRegion matches a gap of a starter or a solution, markers included.
var gapRegion = regexp.MustCompile(`(?s)// --- your code ---.*?// --- end ---`)

// OutsideGaps returns text with every gap (// --- your code --- ... // ---
// end ---) replaced by the word GAP, and whether it has any: two files that
// give the same text differ only inside their gaps.
func OutsideGaps(text string) (string, bool) {
	return gapRegion.ReplaceAllString(text, "GAP"), gapRegion.MatchString(text)
}

// readDeclsIfAny is readDecls, or nil when there is no file at path.
func readDeclsIfAny(path string) (map[string]Decl, error) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return nil, nil
	}
	return readDecls(path)
}

// readDecls returns the top-level declarations of the Go file at path, by
// name, the package doc among them.
func readDecls(path string) (map[string]Decl, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, data, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("read the declarations of %s: %w", path, err)
	}
	decls := map[string]Decl{}
	add := func(name string, node ast.Node, doc *ast.CommentGroup) {
		from, to := fset.Position(node.Pos()).Offset, fset.Position(node.End()).Offset
		if doc != nil {
			from = fset.Position(doc.Pos()).Offset
		}
		text := string(data[from:to])
		decls[name] = Decl{Name: name, Line: fset.Position(node.Pos()).Line, text: text, gap: gapRegion.MatchString(text)}
	}
	if f.Doc != nil {
		add("package doc", f.Doc, nil)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			add(funcName(d), d, d.Doc)
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				add("imports", d, nil)
				continue
			}
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name.Name, s, d.Doc)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add(n.Name, s, d.Doc)
					}
				}
			}
		}
	}
	return decls, nil
}

// funcName is a function's name, with its receiver for a method:
// "(*Agent).Run".
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	var recv strings.Builder
	t := d.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		recv.WriteString("*")
		t = star.X
	}
	if idx, ok := t.(*ast.IndexExpr); ok {
		t = idx.X
	}
	if id, ok := t.(*ast.Ident); ok {
		recv.WriteString(id.Name)
	}
	return "(" + recv.String() + ")." + d.Name.Name
}

// orderedDecls returns the declarations of m in the order of the file.
func orderedDecls(m map[string]Decl) []Decl {
	out := make([]Decl, 0, len(m))
	for _, d := range m {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b Decl) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}
