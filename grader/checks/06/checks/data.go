package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// testRun returns the output of `go test -v` over pkg: total lines, where
// the tests named in failing fail (each with the line that says why), and
// every other test passes. Failures sit in the middle, where a preview cuts;
// the tail says only that something failed.
func testRun(pkg string, total int, failing map[int]string) string {
	var b strings.Builder
	n := 0
	write := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		n++
	}
	names := []string{"Login", "Logout", "Refund", "Invoice", "Cart", "Coupon", "Basket", "Token", "Search", "Export"}
	trailer := 2
	for i := 0; n < total-trailer; i++ {
		name := fmt.Sprintf("Test%s%03d", names[i%len(names)], i)
		why, fails := failing[i]
		need := 2
		if fails {
			need = 3
		}
		if n+need > total-trailer {
			write("ok  \t%s/internal/util\t0.012s\n", pkg)
			continue
		}
		write("=== RUN   %s\n", name)
		if fails {
			write("    %s_test.go:%d: %s\n", strings.ToLower(names[i%len(names)]), 40+i%50, why)
			write("--- FAIL: %s (0.01s)\n", name)
			continue
		}
		write("--- PASS: %s (0.00s)\n", name)
	}
	if len(failing) > 0 {
		write("FAIL\n")
		write("FAIL\t%s\t4.817s\n", pkg)
	} else {
		write("PASS\n")
		write("ok  \t%s\t4.817s\n", pkg)
	}
	return b.String()
}

// numbered returns n lines, "line 0\n" to "line n-1\n", each prefixed with
// prefix.
func numbered(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%sline %d\n", prefix, i)
	}
	return b.String()
}

// testTool returns the go_test tool of the checks: given a package, it
// returns that package's output from outputs, or an error for a package it
// does not know.
func testTool(outputs map[string]string) lab.Tool {
	return lab.Tool{
		Name:        "go_test",
		Description: "Run go test -v on one package and return what it printed.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{"package": lab.Schema{
				"type": "string", "description": "The package to test."}},
			"required": []string{"package"},
		},
		Execute: func(args lab.Args) (string, error) {
			pkg, _ := args["package"].(string)
			out, ok := outputs[pkg]
			if !ok {
				return "", fmt.Errorf("no package %s", pkg)
			}
			return out, nil
		},
	}
}

// sameText records a failure unless got is want, naming the first line
// where they differ and how many lines each has.
func sameText(c *checkkit.C, sentence, want, got string) bool {
	if want == got {
		return true
	}
	w, g := lines(want), lines(got)
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var where string
	switch {
	case i < len(w) && i < len(g):
		where = fmt.Sprintf("line %d (counting from 0) should be %s; it is %s", i, checkkit.Quote(w[i]), checkkit.Quote(g[i]))
	case i < len(w):
		where = fmt.Sprintf("it stops after line %d; line %d should be %s", i-1, i, checkkit.Quote(w[i]))
	default:
		where = fmt.Sprintf("after the last expected line, it goes on with %s", checkkit.Quote(g[i]))
	}
	c.Errorf("%s\n  expected %s, got %s: %s", sentence, checkkit.Plural(len(w), "line"), checkkit.Plural(len(g), "line"), where)
	c.Logf("what your code returned:\n%s", checkkit.Indent(shorten(got)))
	return false
}

// shorten returns text cut to its first and last 12 lines, for a log.
func shorten(text string) string {
	all := lines(text)
	if len(all) <= 30 {
		return strings.TrimSuffix(text, "\n")
	}
	return strings.Join(all[:12], "") + fmt.Sprintf("(%d lines not shown here)\n", len(all)-24) +
		strings.TrimSuffix(strings.Join(all[len(all)-12:], ""), "\n")
}

// errText is err's text, or "no error".
func errText(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("the error %q", err.Error())
}
