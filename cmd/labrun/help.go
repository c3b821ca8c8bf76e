package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpRequested is what parsing a command's arguments returns when they ask
// for help (-h, -help or --help): the command's flags, so that run prints
// its usage with every flag and exits 0.
type helpRequested struct {
	fs *flag.FlagSet
}

func (h *helpRequested) Error() string { return "help requested" }

// isHelp reports whether err asks for a command's help.
func isHelp(err error) bool {
	var h *helpRequested
	return errors.As(err, &h)
}

// noFlags is the parsing of a command that takes no flags: it asks for
// help when args do (before a "--"), and lets everything else through.
func noFlags(cmd string, args []string) error {
	for _, a := range args {
		switch a {
		case "--":
			return nil
		case "-h", "-help", "--help":
			return &helpRequested{fs: flag.NewFlagSet(cmd, flag.ContinueOnError)}
		}
	}
	return nil
}

// printHelp writes the help of the command called name: its usage, what it
// does, and every flag with its meaning and default.
func printHelp(w io.Writer, name string, c command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: labrun %s\n\n%s\n", c.usage, sentence(c.short))
	var flags []string
	fs.VisitAll(func(f *flag.Flag) {
		kind, meaning := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if len(f.Name) > 1 {
			line = "  --" + f.Name
		}
		if kind != "" {
			line += " " + strings.ToUpper(kind)
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			meaning += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		flags = append(flags, line+"\n      "+meaning)
	})
	if len(flags) > 0 {
		fmt.Fprintf(w, "\nOptions:\n%s\n", strings.Join(flags, "\n"))
	}
}

// sentence starts s with a capital and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
