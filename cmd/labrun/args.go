package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// usageError is a command used wrongly: labrun says what was wrong and how
// the command is used, and exits 2.
type usageError struct {
	cmd string // the subcommand, or "" for labrun itself
	msg string
}

func (e *usageError) Error() string {
	if e.cmd == "" {
		return e.msg
	}
	return fmt.Sprintf("%s\nusage: labrun %s", e.msg, commands[e.cmd].usage)
}

// usageErr is a usageError of the subcommand cmd.
func usageErr(cmd, format string, args ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, args...)}
}

// parseArgs parses the flags of fs wherever they stand among args and
// returns the other arguments, which must number from least to most. An
// unknown option or a stray argument is a usage error that says what labrun
// took it for, never a folder to check.
func parseArgs(fs *flag.FlagSet, cmd string, args []string, least, most int) ([]string, error) {
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return nil, err
	}
	if err != nil {
		return nil, optionError(cmd, args, err)
	}
	switch {
	case len(rest) < least:
		return nil, usageErr(cmd, "%s needs %s", cmd, missingWhat(commands[cmd].usage, len(rest)))
	case len(rest) > most:
		return nil, usageErr(cmd, "%s takes at most %d arguments; %q is one too many", cmd, most, rest[most])
	}
	return rest, nil
}

// missingWhat names the first argument of usage that is missing, given
// that have arguments were given: "a lesson number (NN)".
func missingWhat(usage string, have int) string {
	words := strings.Fields(usage)[1:]
	if have < len(words) && words[have] == "NN" {
		return "a lesson number (NN), such as 01"
	}
	if have < len(words) {
		return strings.Trim(words[have], "[].")
	}
	return "more arguments"
}

// optionError turns the flag package's complaint about args into words
// that name the option and, when the option is really a command, the
// command meant.
func optionError(cmd string, args []string, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		bare := strings.TrimLeft(name, "-")
		for _, a := range args { // name the option as it was typed: --watch, not -watch
			if typed, _, _ := strings.Cut(a, "="); strings.HasPrefix(typed, "-") && strings.TrimLeft(typed, "-") == bare {
				name = typed
				break
			}
		}
		if _, isCmd := commands[bare]; isCmd {
			lesson := "NN"
			for _, a := range args {
				if !strings.HasPrefix(a, "-") {
					lesson = a
					break
				}
			}
			return usageErr(cmd, "%s has no option %s; did you mean labrun %s %s?", cmd, name, bare, lesson)
		}
		return usageErr(cmd, "%s has no option %s", cmd, name)
	}
	if errors.Is(err, flag.ErrHelp) {
		return usageErr(cmd, "%s:", cmd)
	}
	return usageErr(cmd, "%s: %s", cmd, msg)
}

// closest returns the name among names nearest to s, when it is near
// enough to be a slip of the keyboard (two edits at most), and whether one
// was found.
func closest(s string, names []string) (string, bool) {
	best, bestDist := "", 3
	for _, n := range names {
		if d := editDistance(s, n); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best, best != ""
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
