package main

import (
	"errors"
	"flag"
	"io"
	"strings"
)

// parseMixed parses fs's flags wherever they stand among args, so that
// `labrun grade 02 subs --out grades` works as well as flags first. It
// returns the other arguments, in order.
func parseMixed(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBool(f) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	if err := fs.Parse(flags); errors.Is(err, flag.ErrHelp) {
		return rest, &helpRequested{fs: fs}
	} else if err != nil {
		return rest, err
	}
	return rest, nil
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
