package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Mutant is one small change to one student file of the reference solution.
type Mutant struct {
	File string // the student file changed, as lesson.json names it
	// ID names the mutant so that it stays the same when unrelated code
	// moves: the file, the function, the change, and which of that
	// function's changes of that kind it is, e.g. "harness.go:RunTool:<to<=#1".
	ID     string
	Line   int    // the line of the change, from 1
	Was    string // the changed line before, trimmed
	Now    string // and after
	Source []byte // the whole file with the change
}

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// flips are the operators a comparison, logical or arithmetic mutant puts in
// place of each operator.
var flips = map[token.Token][]token.Token{
	token.LSS:  {token.LEQ, token.GEQ},
	token.LEQ:  {token.LSS, token.GTR},
	token.GTR:  {token.GEQ, token.LEQ},
	token.GEQ:  {token.GTR, token.LSS},
	token.EQL:  {token.NEQ},
	token.NEQ:  {token.EQL},
	token.LAND: {token.LOR},
	token.LOR:  {token.LAND},
	token.ADD:  {token.SUB},
	token.SUB:  {token.ADD},
	token.MUL:  {token.QUO},
	token.QUO:  {token.MUL},
}

// Generate returns the mutants of src, the file named file, whose change lies
// inside one of its gaps. The order and the names depend only on src.
func Generate(file string, src []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("read %s to make mutants: %w", file, err)
	}
	g := &generator{file: file, src: src, fset: fset, gaps: gapLines(src), seen: map[string]int{}}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		g.fn = funcName(fn)
		g.visitFunc(fn.Type, fn.Body)
	}
	sort.SliceStable(g.out, func(i, j int) bool { return g.out[i].Line < g.out[j].Line })
	return g.out, nil
}

// funcName is how a mutant's ID names its function: Name, or Type.Name for a
// method.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fn.Name.Name
		}
		return fn.Name.Name
	}
}

// gapLines returns the lines, from 1, that lie inside a gap.
func gapLines(src []byte) map[int]bool {
	in, out := false, map[int]bool{}
	for i, line := range strings.Split(string(src), "\n") {
		switch strings.TrimSpace(line) {
		case "// --- your code ---":
			in = true
			continue
		case "// --- end ---":
			in = false
		}
		if in {
			out[i+1] = true
		}
	}
	return out
}

type generator struct {
	file string
	src  []byte
	fset *token.FileSet
	gaps map[int]bool
	fn   string
	seen map[string]int // mutants so far per function and kind, for IDs
	out  []Mutant
}

// inGap reports whether every line from pos to end lies inside a gap.
func (g *generator) inGap(pos, end token.Pos) bool {
	from, to := g.fset.Position(pos).Line, g.fset.Position(end).Line
	for l := from; l <= to; l++ {
		if !g.gaps[l] {
			return false
		}
	}
	return true
}

func (g *generator) off(p token.Pos) int { return g.fset.Position(p).Offset }

func (g *generator) text(n ast.Node) string { return string(g.src[g.off(n.Pos()):g.off(n.End())]) }

// add records the mutant that makes edits, named by kind.
func (g *generator) add(kind string, at token.Pos, edits ...edit) {
	key := g.fn + ":" + kind
	g.seen[key]++
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.Write(g.src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(g.src[last:])
	line := g.fset.Position(at).Line
	g.out = append(g.out, Mutant{
		File:   g.file,
		ID:     fmt.Sprintf("%s:%s#%d", g.file, key, g.seen[key]),
		Line:   line,
		Was:    lineOf(g.src, line),
		Now:    lineOf([]byte(b.String()), line),
		Source: []byte(b.String()),
	})
}

// lineOf returns line n (from 1) of src, trimmed.
func lineOf(src []byte, n int) string {
	lines := strings.Split(string(src), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

// visitFunc makes the mutants of one function's body, and of the function
// literals inside it with their own early returns.
func (g *generator) visitFunc(typ *ast.FuncType, body *ast.BlockStmt) {
	if (typ.Results == nil || len(typ.Results.List) == 0) && len(body.List) > 0 && g.inGap(body.List[0].Pos(), body.List[0].End()) {
		at := g.off(body.Lbrace) + 1
		g.add("early-return", body.Lbrace, edit{at, at, " return;"})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			g.visitFunc(x.Type, x.Body)
			return false
		case *ast.BinaryExpr:
			g.binary(x)
		case *ast.BasicLit:
			g.literal(x)
		case *ast.Ident:
			g.boolean(x)
		case *ast.UnaryExpr:
			if x.Op == token.NOT && g.inGap(x.Pos(), x.End()) {
				g.add("drop-not", x.Pos(), edit{g.off(x.OpPos), g.off(x.OpPos) + 1, ""})
			}
		case *ast.IfStmt:
			g.ifStmt(x)
		case *ast.BranchStmt:
			g.branch(x)
		case *ast.BlockStmt:
			for _, s := range x.List {
				g.removal(s)
			}
		case *ast.CaseClause:
			for _, s := range x.Body {
				g.removal(s)
			}
		case *ast.CommClause:
			for _, s := range x.Body {
				g.removal(s)
			}
		}
		return true
	})
}

func (g *generator) binary(x *ast.BinaryExpr) {
	if !g.inGap(x.OpPos, x.OpPos) {
		return
	}
	at := g.off(x.OpPos)
	for _, to := range flips[x.Op] {
		g.add(x.Op.String()+"to"+to.String(), x.OpPos, edit{at, at + len(x.Op.String()), to.String()})
	}
}

func (g *generator) literal(x *ast.BasicLit) {
	if x.Kind != token.INT || !g.inGap(x.Pos(), x.End()) {
		return
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(x.Value, "_", ""), 0, 64)
	if err != nil {
		return
	}
	at := g.off(x.Pos())
	g.add("const+1", x.Pos(), edit{at, at + len(x.Value), strconv.FormatInt(n+1, 10)})
	if n > 0 {
		g.add("const-1", x.Pos(), edit{at, at + len(x.Value), strconv.FormatInt(n-1, 10)})
	}
}

func (g *generator) boolean(x *ast.Ident) {
	other := map[string]string{"true": "false", "false": "true"}[x.Name]
	if other == "" || !g.inGap(x.Pos(), x.End()) {
		return
	}
	at := g.off(x.Pos())
	g.add(x.Name+"to"+other, x.Pos(), edit{at, at + len(x.Name), other})
}

func (g *generator) ifStmt(x *ast.IfStmt) {
	if !g.inGap(x.Cond.Pos(), x.Cond.End()) {
		return
	}
	g.add("negate-if", x.Cond.Pos(), edit{g.off(x.Cond.Pos()), g.off(x.Cond.End()), "!(" + g.text(x.Cond) + ")"})
	if els, ok := x.Else.(*ast.BlockStmt); ok && g.inGap(x.Pos(), x.End()) {
		g.add("swap-if-else", x.Cond.Pos(),
			edit{g.off(x.Body.Pos()), g.off(x.Body.End()), g.text(els)},
			edit{g.off(els.Pos()), g.off(els.End()), g.text(x.Body)})
	}
}

func (g *generator) branch(x *ast.BranchStmt) {
	if x.Label != nil || !g.inGap(x.Pos(), x.End()) {
		return
	}
	other := map[token.Token]token.Token{token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK}[x.Tok]
	if other == token.ILLEGAL {
		return
	}
	at := g.off(x.Pos())
	g.add(x.Tok.String()+"to"+other.String(), x.Pos(), edit{at, at + len(x.Tok.String()), other.String()})
}

// removal makes the mutant without statement s, for the statements whose
// removal is a mistake a student makes: a call or an assignment left out, a
// check forgotten, a deferred cleanup or a send missed.
func (g *generator) removal(s ast.Stmt) {
	switch x := s.(type) {
	case *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeferStmt, *ast.GoStmt, *ast.IfStmt:
	case *ast.AssignStmt:
		if x.Tok == token.DEFINE {
			return
		}
	default:
		return
	}
	if !g.inGap(s.Pos(), s.End()) {
		return
	}
	kind := strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", s), "*ast."), "Stmt"))
	g.add("remove-"+kind, s.Pos(), edit{g.off(s.Pos()), g.off(s.End()), "_ = 0"})
}
