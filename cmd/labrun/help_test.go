package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

// TestEveryCommandHelp: for every command, --help and -h print its usage
// and every one of its flags with a meaning, on standard output, and exit 0
// without the flag package's "help requested"; `labrun help NAME` does
// the same.
func TestEveryCommandHelp(t *testing.T) {
	for _, name := range order {
		c := commands[name]
		// The command's own flags, from its parsing.
		err := c.run([]string{"--help"}, io.Discard, io.Discard)
		var help *helpRequested
		if !errors.As(err, &help) {
			t.Errorf("labrun %s --help: the command returned %v, not a request for help (did it run?)", name, err)
			continue
		}
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}, {name, "02", "--help"}} {
			var stdout, stderr bytes.Buffer
			if err := run(args, &stdout, &stderr); err != nil {
				t.Errorf("labrun %s: %v, want exit 0", strings.Join(args, " "), err)
				continue
			}
			out := stdout.String()
			if !strings.Contains(out, "usage: labrun "+c.usage) {
				t.Errorf("labrun %s does not print the usage line %q:\n%s", strings.Join(args, " "), c.usage, out)
			}
			if strings.Contains(out+stderr.String(), "help requested") {
				t.Errorf("labrun %s prints the flag package's words:\n%s", strings.Join(args, " "), out+stderr.String())
			}
			help.fs.VisitAll(func(f *flag.Flag) {
				dashes := "--"
				if len(f.Name) == 1 {
					dashes = "-"
				}
				if !strings.Contains(out, "  "+dashes+f.Name) {
					t.Errorf("labrun %s does not list its flag %s%s:\n%s", strings.Join(args, " "), dashes, f.Name, out)
				}
				if strings.TrimSpace(f.Usage) == "" {
					t.Errorf("labrun %s: the flag %s says nothing about itself", name, f.Name)
				}
			})
		}
	}
}

// TestGradeHelpNamesMemory: the one the issue found missing.
func TestGradeHelpNamesMemory(t *testing.T) {
	var stdout bytes.Buffer
	if err := run([]string{"grade", "--help"}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--memory-mib INT", "(default 1024)", "--shard I/N", "--proved"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("labrun grade --help lacks %q:\n%s", want, &stdout)
		}
	}
}
