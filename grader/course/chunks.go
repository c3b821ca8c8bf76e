package course

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// chunk is one piece of a Go file: its header (the package doc and the
// package clause), one top-level declaration with the comments and blank
// lines before it, or the tail after the last declaration. A file is its
// chunks joined, byte for byte.
type chunk struct {
	name string // "package", "imports", "Chat", "(*Agent).Run", "tail"
	text string
}

// splitFile cuts a Go file into chunks. name is how errors name the file.
func splitFile(name string, src []byte) ([]chunk, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("read the declarations of %s: %w", name, err)
	}
	text := string(src)
	lineEnd := func(p token.Pos) int {
		off := fset.Position(p).Offset
		if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
			return off + i + 1
		}
		return len(text)
	}
	at := lineEnd(f.Name.End())
	out := []chunk{{name: "package", text: text[:at]}}
	seen := map[string]int{}
	for _, d := range f.Decls {
		end := lineEnd(d.End())
		n := declName(d)
		seen[n]++
		if seen[n] > 1 {
			n = fmt.Sprintf("%s#%d", n, seen[n])
		}
		out = append(out, chunk{name: n, text: text[at:end]})
		at = end
	}
	if at < len(text) {
		out = append(out, chunk{name: "tail", text: text[at:]})
	}
	return out, nil
}

// declName names a top-level declaration the way authors name it: a
// function by its name, a method with its receiver ("(*Agent).Run"), a type,
// var or const group by its first name, the imports as "imports".
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return funcName(d)
	case *ast.GenDecl:
		if d.Tok == token.IMPORT {
			return "imports"
		}
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				return s.Name.Name
			case *ast.ValueSpec:
				return s.Names[0].Name
			}
		}
	}
	return "?"
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
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		recv.WriteString(id.Name)
	}
	return "(" + recv.String() + ")." + d.Name.Name
}

func joinChunks(cs []chunk) []byte {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.text)
	}
	return []byte(b.String())
}
