package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// A lesson shown at a terminal is Markdown turned into styled, wrapped text:
// headings bold, code in colour and indented, lists with their marks,
// tables in columns, and no Markdown syntax left (no fences, no HTML
// comments). It is drawn here from goldmark's syntax tree, the parser the
// web view uses, rather than by a full terminal renderer: those bring a
// highlighter whose package initialisation costs every start of labrun,
// labrun check included, about 30 ms.

// termParser parses lessons the way the web view does (GitHub's dialect).
var termParser = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// ANSI styles, and the palette a lesson is drawn with.
const (
	sgrReset     = "\x1b[0m"
	sgrBold      = "\x1b[1m"
	sgrItalic    = "\x1b[3m"
	sgrUnderline = "\x1b[4m"
	sgrHeading   = "\x1b[1;36m" // bold cyan
	sgrCode      = "\x1b[33m"   // yellow
	sgrFaint     = "\x1b[2m"
)

// termRenderer draws one Markdown document for a terminal.
type termRenderer struct {
	src   []byte
	width int  // wrap paragraphs at this many columns
	color bool // style with ANSI escapes; plain marks otherwise
	out   strings.Builder
}

// renderTerminal draws markdown for a terminal width columns wide, in
// colour unless color is false.
func renderTerminal(markdown string, width int, color bool) string {
	r := &termRenderer{src: []byte(markdown), width: max(width, 20), color: color}
	doc := termParser.Parse(text.NewReader(r.src))
	r.blocks(doc, "", "")
	return strings.TrimRight(r.out.String(), "\n") + "\n"
}

// style wraps s in an ANSI style, or in plain marks when there is no
// colour.
func (r *termRenderer) style(sgr, plainMark, s string) string {
	if !r.color {
		return plainMark + s + plainMark
	}
	return sgr + s + sgrReset
}

// blocks draws the block children of n. first prefixes the first line of
// the first block, rest every other line (a list item's mark, a quote bar).
func (r *termRenderer) blocks(n ast.Node, first, rest string) {
	wrote := false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if _, html := c.(*ast.HTMLBlock); html {
			continue // raw HTML (the cells' markers are comments) is not for a terminal
		}
		if wrote && !isTight(c) {
			r.out.WriteString(strings.TrimRight(rest, " ") + "\n")
		}
		r.block(c, first, rest)
		first, wrote = rest, true
	}
}

// isTight reports whether block c follows the one before it with no blank
// line: the blocks of a tight list item.
func isTight(c ast.Node) bool {
	if _, ok := c.PreviousSibling().(*ast.TextBlock); ok {
		return true
	}
	_, ok := c.(*ast.TextBlock)
	return ok
}

// block draws one block.
func (r *termRenderer) block(n ast.Node, first, rest string) {
	switch n := n.(type) {
	case *ast.Heading:
		line := r.inline(n)
		if !r.color {
			line = strings.Repeat("#", n.Level) + " " + line
		} else if n.Level == 1 {
			line = sgrUnderline + sgrHeading + line + sgrReset
		} else {
			line = sgrHeading + line + sgrReset
		}
		r.out.WriteString(first + line + "\n")
	case *ast.Paragraph, *ast.TextBlock:
		r.wrap(r.inline(n), first, rest)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			line := expandTabs(strings.TrimRight(string(seg.Value(r.src)), "\n"), 4)
			if r.color {
				line = sgrCode + line + sgrReset
			}
			r.out.WriteString(strings.TrimRight(pick(i == 0, first, rest)+"    "+line, " ") + "\n")
		}
	case *ast.List:
		number := n.Start
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			if item != n.FirstChild() && !n.IsTight {
				r.out.WriteString(strings.TrimRight(rest, " ") + "\n")
			}
			mark := "• "
			if n.IsOrdered() {
				mark = fmt.Sprintf("%d. ", number)
				number++
			}
			r.blocks(item, first+mark, rest+strings.Repeat(" ", utf8.RuneCountInString(mark)))
			first = rest
		}
	case *ast.Blockquote:
		bar := r.style(sgrFaint, "", "│") + " "
		r.blocks(n, first+bar, rest+bar)
	case *ast.ThematicBreak:
		r.out.WriteString(first + r.style(sgrFaint, "", strings.Repeat("─", min(r.width, 60))) + "\n")
	case *east.Table:
		r.table(n, first, rest)
	default:
		r.blocks(n, first, rest)
	}
}

// expandTabs replaces every tab in line with spaces up to the next stop
// every width columns, as an editor set to that width shows Go code. Left
// as tabs, the terminal's stops (every 8 columns) would put the first level
// of a block indented by 4 at column 8, the next at 16, and so on: uneven.
func expandTabs(line string, width int) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, c := range line {
		if c == '\t' {
			n := width - col%width
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(c)
		col++
	}
	return b.String()
}

// pick returns a when cond holds, b otherwise.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

// inline draws the inline children of n as one styled line.
func (r *termRenderer) inline(n ast.Node) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(r.src))
			if c.SoftLineBreak() {
				b.WriteString(" ")
			}
			if c.HardLineBreak() {
				b.WriteString("\n")
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteString(r.style(sgrCode, "`", r.inline(c)))
		case *ast.Emphasis:
			if c.Level >= 2 {
				b.WriteString(r.style(sgrBold, "**", r.inline(c)))
			} else {
				b.WriteString(r.style(sgrItalic, "_", r.inline(c)))
			}
		case *ast.Link:
			label, dest := r.inline(c), string(c.Destination)
			b.WriteString(label)
			if dest != "" && dest != label && !strings.HasPrefix(dest, "#") {
				b.WriteString(" (" + dest + ")")
			}
		case *ast.AutoLink:
			b.Write(c.URL(r.src))
		case *ast.RawHTML:
			// An inline tag or comment shows nothing.
		case *east.TaskCheckBox:
			b.WriteString(pick(c.IsChecked, "[x] ", "[ ] "))
		default:
			b.WriteString(r.inline(c))
		}
	}
	return b.String()
}

// wrap writes a paragraph's words in lines of at most r.width visible
// columns, the first line prefixed by first and the others by rest. A hard
// line break in the text starts a new line.
func (r *termRenderer) wrap(para, first, rest string) {
	prefix := first
	for _, hard := range strings.Split(para, "\n") {
		line, lineWidth := prefix, visibleWidth(prefix)
		words := 0
		for _, w := range strings.Fields(hard) {
			ww := visibleWidth(w)
			if words > 0 && lineWidth+1+ww > r.width {
				r.out.WriteString(line + "\n")
				line, lineWidth, words = rest, visibleWidth(rest), 0
			}
			if words > 0 {
				line, lineWidth = line+" ", lineWidth+1
			}
			line, lineWidth, words = line+w, lineWidth+ww, words+1
		}
		r.out.WriteString(line + "\n")
		prefix = rest
	}
}

// visibleWidth is the number of columns s takes on a terminal: its runes,
// less the ANSI escapes in it.
func visibleWidth(s string) int {
	n, escape := 0, false
	for _, c := range s {
		switch {
		case escape:
			escape = c != 'm'
		case c == '\x1b':
			escape = true
		default:
			n++
		}
	}
	return n
}

// table draws a table in columns, its header bold, cells left as they are
// (a row wider than the screen is not wrapped).
func (r *termRenderer) table(t *east.Table, first, rest string) {
	var rows [][]string
	var widths []int
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			text := r.inline(cell)
			if _, header := row.(*east.TableHeader); header && r.color {
				text = sgrBold + text + sgrReset
			}
			if i := len(cells); i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[len(cells)] = max(widths[len(cells)], visibleWidth(text))
			cells = append(cells, text)
		}
		rows = append(rows, cells)
	}
	for i, cells := range rows {
		var b strings.Builder
		b.WriteString(pick(i == 0, first, rest))
		for j, c := range cells {
			if j > 0 {
				b.WriteString(" │ ")
			}
			b.WriteString(c + strings.Repeat(" ", widths[j]-visibleWidth(c)))
		}
		r.out.WriteString(strings.TrimRight(b.String(), " ") + "\n")
		if i == 0 {
			var rule []string
			for _, w := range widths {
				rule = append(rule, strings.Repeat("─", w))
			}
			r.out.WriteString(rest + strings.Join(rule, "─┼─") + "\n")
		}
	}
}
