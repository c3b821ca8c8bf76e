package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

func TestClosest(t *testing.T) {
	for _, tt := range []struct {
		why, typed, want string
		found            bool
	}{
		{"a letter left out", "chek", "check", true},
		{"two letters swapped", "hnit", "hint", true},
		{"a letter too many", "listt", "list", true},
		{"nothing near", "frobnicate", "", false},
	} {
		got, found := closest(tt.typed, order)
		if got != tt.want || found != tt.found {
			t.Errorf("%s: closest(%q) = %q, %v; want %q, %v", tt.why, tt.typed, got, found, tt.want, tt.found)
		}
	}
}

func TestParseArgs(t *testing.T) {
	for _, tt := range []struct {
		why   string
		args  []string
		words string // in the error; "" for none
	}{
		{"a lesson and a folder", []string{"01", "mine"}, ""},
		{"a flag anywhere", []string{"-v", "01"}, ""},
		{"a command taken for an option", []string{"01", "--watch"}, "check has no option --watch; did you mean labrun watch 01?"},
		{"an unknown option", []string{"01", "--fast"}, "check has no option --fast\nusage: labrun check"},
		{"one argument too many", []string{"01", "a", "b"}, `"b" is one too many`},
		{"no lesson", nil, "check needs a lesson number (NN), such as 01"},
	} {
		fs := flag.NewFlagSet("check", flag.ContinueOnError)
		fs.Bool("v", false, "")
		_, err := parseArgs(fs, "check", tt.args, 1, 2)
		switch {
		case tt.words == "" && err != nil:
			t.Errorf("%s: %v", tt.why, err)
		case tt.words != "" && (err == nil || !strings.Contains(err.Error(), tt.words)):
			t.Errorf("%s: error %v; want one that says %q", tt.why, err, tt.words)
		}
	}
}

func TestExitStatus(t *testing.T) {
	var exit exitCode
	if err := run(nil, io.Discard, io.Discard); !errors.As(err, &exit) || exit != 2 {
		t.Errorf("a bare labrun should exit 2; run returned %v", err)
	}
	var usage *usageError
	if err := run([]string{"chek", "01"}, io.Discard, io.Discard); !errors.As(err, &usage) {
		t.Errorf("a mistyped command is a usage error (exit 2); run returned %v", err)
	}
	if err := run([]string{"help"}, io.Discard, io.Discard); err != nil {
		t.Errorf("labrun help succeeds; run returned %v", err)
	}
}
