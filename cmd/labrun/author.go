package main

import (
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"harnesslab/grader"
)

const authorUsage = "author sync [--check] [--force]"

// runAuthor runs the course authors' commands. "sync" writes each lesson's
// student files in lessons/ from the chain's source in solutions/; with
// --check it writes nothing and fails when a file is stale. A lesson file
// with uncommitted changes of its own (a student's work) is kept unless
// --force.
func runAuthor(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("author", flag.ContinueOnError)
	check := fs.Bool("check", false, "write nothing; list the stale lesson files and exit 1 if there are any")
	force := fs.Bool("force", false, "overwrite lesson files that hold uncommitted changes")
	rest, err := parseArgs(fs, "author", args, 1, 1)
	if err != nil {
		return err
	}
	if rest[0] != "sync" {
		return &usageError{msg: fmt.Sprintf("unknown author command %q; usage: labrun %s", rest[0], authorUsage)}
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	c, err := kit.Course()
	if err != nil {
		return err
	}
	stale, err := c.Stale()
	if err != nil {
		return err
	}
	if len(stale) == 0 {
		fmt.Fprintln(stdout, "author sync: every lesson file is what solutions/ generates")
		return nil
	}
	if *check {
		for _, f := range stale {
			fmt.Fprintf(stdout, "stale: %s\n", f)
		}
		fmt.Fprintf(stdout, "author sync: %d lesson %s differ from what solutions/ generates; run labrun author sync\n", len(stale), plural(len(stale), "file", "files"))
		return exitCode(1)
	}
	write := stale
	if !*force {
		var kept []string
		write, kept, err = withoutOwnChanges(kit.Root, stale)
		if err != nil {
			return err
		}
		for _, f := range kept {
			fmt.Fprintf(stderr, "kept %s: it has uncommitted changes of its own (your work?); commit them, or labrun author sync --force to overwrite\n", f)
		}
	}
	if err := c.Write(write); err != nil {
		return err
	}
	for _, f := range write {
		fmt.Fprintf(stdout, "wrote %s\n", f)
	}
	if len(write) != len(stale) {
		return exitCode(1)
	}
	return nil
}

// withoutOwnChanges splits files into those git has as committed (safe to
// write) and those with uncommitted changes. Outside a git checkout nothing
// can be told apart, and it says so.
func withoutOwnChanges(root string, files []string) (clean, changed []string, err error) {
	out, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "lessons").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("author sync: cannot tell a lesson file's own changes without git (%v); run it in a git checkout, or with --force", err)
	}
	dirty := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if len(line) > 3 {
			dirty[strings.TrimSpace(line[3:])] = true
		}
	}
	for _, f := range files {
		if dirty[f] {
			changed = append(changed, f)
		} else {
			clean = append(clean, f)
		}
	}
	return clean, changed, nil
}
