package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"harnesslab/grader/bundle"
)

func runGradescope(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gradescope", flag.ContinueOnError)
	out := fs.String("o", "autograder.zip", "where to write the autograder zip (a `FILE`)")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil || len(rest) != 1 {
		return fmt.Errorf("usage: labrun %s", commands["gradescope"].usage)
	}
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	ctx, stop := stopOnSignal()
	defer stop()
	fmt.Fprintf(stderr, "labrun: proving lesson %s's solution before packing it out of the bundle...\n", l.Number)
	if err := bundle.Prove(ctx, kit, l); err != nil {
		return fmt.Errorf("gradescope: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".autograder-*.zip")
	if err != nil {
		return fmt.Errorf("gradescope: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := bundle.Gradescope(tmp, kit, l, commitTime(kit.Root)); err != nil {
		tmp.Close()
		return fmt.Errorf("gradescope: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("gradescope: %w", err)
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		return fmt.Errorf("gradescope: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s: the autograder for lesson %s (%s).\n", *out, l.Number, l.Title)
	fmt.Fprintln(stdout, "Upload it in Gradescope under Configure Autograder (Ubuntu base image). Students submit harness.go, alone or in a zip.")
	return nil
}

// commitTime is the date of the commit the kit in root is at, which dates
// every entry of a bundle, so that the same commit gives the same zip. A kit
// that is not a git checkout gets the zero time (bundle.DefaultDate).
func commitTime(root string) time.Time {
	out, err := git(root, "log", "-1", "--format=%ct", "HEAD")
	if err != nil {
		return time.Time{}
	}
	sec, err := strconv.ParseInt(out, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.Unix(sec, 0).UTC()
}
