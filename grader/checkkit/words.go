package checkkit

import (
	"fmt"
	"strings"
)

// Times says how many times something happened: "no times at all", "once",
// "twice", "3 times".
func Times(n int) string {
	switch n {
	case 0:
		return "no times at all"
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// Plural writes a count with its noun: "1 tool", "2 tools", "no tools".
func Plural(n int, noun string) string {
	switch n {
	case 0:
		return "no " + noun + "s"
	case 1:
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// List joins items the way a sentence does: "a, b and c"; "nothing" when
// there are none.
func List(items []string) string {
	switch len(items) {
	case 0:
		return "nothing"
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Commas joins items with commas, for a list the student compares item by
// item: "config.py, backup.py"; "nothing" when there are none.
func Commas(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	return strings.Join(items, ", ")
}

// Indent indents every line of text by two spaces; "(nothing)" stands for an
// empty text.
func Indent(text string) string {
	if text == "" {
		return "  (nothing)"
	}
	return "  " + strings.ReplaceAll(text, "\n", "\n  ")
}
