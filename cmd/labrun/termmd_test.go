package main

import (
	"strings"
	"testing"
)

func TestRenderTerminal(t *testing.T) {
	for _, c := range []struct {
		reason   string
		markdown string
		color    bool
		want     []string // lines, or parts of lines, the output must hold
		not      []string // text it must not hold
	}{
		{"a heading keeps its words and loses its marks, in colour", "## It says it checked\n", true,
			[]string{sgrHeading + "It says it checked" + sgrReset}, []string{"##"}},
		{"without colour a heading keeps its marks", "## It says it checked\n", false,
			[]string{"## It says it checked"}, []string{"\x1b["}},
		{"a code block is indented, its tabs as 4 columns, with no fences", "```go\nfunc main() {\n\tx := 1\n}\n```\n", false,
			[]string{"    func main() {\n        x := 1\n    }\n"}, []string{"```"}},
		{"the cells' markers and other HTML show nothing", "<!-- cell 01 -->\nBefore <!-- note --> after.\n<!-- end cell -->\n", false,
			[]string{"Before after."}, []string{"<!--", "-->"}},
		{"inline styles without colour keep readable marks", "Run `go test` **now**, _please_.\n", false,
			[]string{"Run `go test` **now**, _please_."}, nil},
		{"a link shows where it goes", "See [the spec](https://example.org/spec).\n", false,
			[]string{"See the spec (https://example.org/spec)."}, nil},
		{"lists keep their marks and numbers, nested items indented", "- one\n  - inner\n- two\n\n3. three\n4. four\n", false,
			[]string{"• one\n  • inner\n• two\n", "3. three\n4. four\n"}, nil},
		{"a table is drawn in columns", "| name | runs |\n|---|---|\n| read_file | 2 |\n", false,
			[]string{"name      │ runs\n", "read_file │ 2\n"}, []string{"|---"}},
	} {
		got := renderTerminal(c.markdown, 40, c.color)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: output lacks %q:\n%s", c.reason, w, got)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: output holds %q:\n%s", c.reason, n, got)
			}
		}
	}
}

// TestRenderTerminalWraps: a paragraph is wrapped at the width, counting
// only the columns a terminal shows, and loses no word.
func TestRenderTerminalWraps(t *testing.T) {
	words := strings.Repeat("every word **counts** here and `none` may go missing ", 6)
	for _, color := range []bool{false, true} {
		got := renderTerminal("- "+words+"\n", 30, color)
		var back []string
		for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
			if w := visibleWidth(line); w > 30 {
				t.Errorf("colour %v: line %q is %d columns, more than 30", color, line, w)
			}
			back = append(back, strings.Fields(line)...)
		}
		if color {
			return // the words carry escapes; the widths are what this case is for
		}
		want := strings.Fields("• " + words)
		if strings.Join(back, " ") != strings.Join(want, " ") {
			t.Errorf("the words changed in wrapping:\n got %q\nwant %q", back, want)
		}
	}
}
