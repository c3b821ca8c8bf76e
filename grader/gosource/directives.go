package gosource

import (
	"strings"
)

// comment checks one comment, which starts at line; text is the whole
// comment, with its // or /* */.
func (f *file) comment(line int, text string) {
	switch {
	case strings.HasPrefix(text, "//go:build") || isPlusBuild(text):
		what := "//go:build"
		if isPlusBuild(text) {
			what = "// +build"
		}
		f.reject(line, "%s is a build constraint: it decides whether Go builds your file at all. "+
			"Student files are always built, so they may not carry one: delete the line.", what)
	case strings.HasPrefix(text, "//go:") || strings.HasPrefix(text, "/*go:"):
		f.reject(line, "%s is a compiler directive: it changes how Go builds your file, and can reach past Go's safety. "+
			"Student files may not use directives: delete the line.", firstWord(text))
	case strings.HasPrefix(text, "//line ") || strings.HasPrefix(text, "/*line ") || text == "//line":
		f.reject(line, "%s is a line directive: it changes the file names and line numbers Go reports, "+
			"so messages about your code would point at the wrong place. Delete it.", firstWord(text))
	}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimLeft(l, "/* \t")
		if strings.HasPrefix(l, "#cgo") {
			f.reject(line+i, "#cgo is a cgo directive: it sets how C code is built and linked into the check program. "+
				"Student files are plain Go: delete the line.")
		}
	}
}

// isPlusBuild reports whether a // comment is an old-style build
// constraint: "// +build linux".
func isPlusBuild(text string) bool {
	rest, ok := strings.CutPrefix(text, "//")
	return ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), "+build")
}

// firstWord is the directive a comment starts with: "//go:linkname".
func firstWord(text string) string {
	if i := strings.IndexAny(text, " \t\n"); i >= 0 {
		text = text[:i]
	}
	if r := []rune(text); len(r) > 40 {
		text = string(r[:40]) + "..."
	}
	return text
}
