// Command labrun is the student's and the instructor's way into harnesslab:
// it lists the lessons, checks a student's copy, shows a lesson with its
// cells' real output, gives hints, proves the kit, and grades a class.
//
// Usage:
//
//	labrun list
//	labrun show NN
//	labrun check NN [DIR] [-v]
//	labrun watch NN [--only ID]
//	labrun hint NN [LAB] [--level N]
//	labrun diff NN
//	labrun reset NN
//	labrun pack NN [DIR] [-o FILE]
//	labrun run NN [DIR] --model anthropic:MODEL|openai:MODEL [--base-url URL]
//	labrun verify [NN...] [--changed]
//	labrun mutate NN [--run REGEXP] [--list] [--min PCT]
//	labrun grade NN PATH... [--out DIR] [--jobs N] [--timeout D] [--memory-mib MIB] [--resume] [--shard I/N|auto/N] [--proved]
//	labrun merge --out DIR SHARD_DIR...
//	labrun gradescope NN [-o autograder.zip]
//	labrun serve [--addr PORT] [--report DIR] [--open]
//	labrun export --html DIR [--report DIR]
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"harnesslab/grader/engine"
	"harnesslab/grader/sandbox"
)

func main() {
	sandbox.Init()      // when this process is a sandboxed child, this never returns
	engine.RunnerInit() // nor when it runs a submission's checks inside a sandbox
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	var exit exitCode
	switch {
	case err == nil:
	case errors.As(err, &exit):
		os.Exit(int(exit))
	default:
		fmt.Fprintln(os.Stderr, "labrun:", err)
		os.Exit(2)
	}
}

// exitCode ends labrun with a status and no further message: the command has
// already said everything.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// command is one subcommand.
type command struct {
	usage string
	short string
	run   func(args []string, stdout, stderr io.Writer) error
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"check":      {"check NN [DIR] [-v] [--json]", "check your copy of lesson NN (default: the lesson's own folder); -v shows every failure whole, --json prints the results with their transcripts", runCheck},
		"diff":       {"diff NN", "what lesson NN adds to lesson NN-1: the new gaps, and what was filled in for you", runDiff},
		"hint":       {"hint NN [LAB] [--level N]", "the next hint for one lab of lesson NN (default: the lab you are stuck on)", runHint},
		"list":       {"list", "list the lessons and how far you got", runList},
		"pack":       {"pack NN [DIR] [-o FILE]", "check lesson NN, then write the archive to hand in: exactly the files grading uses", runPack},
		"reset":      {"reset NN", "put lesson NN's starter back, keeping your files as a backup", runReset},
		"show":       {showUsage, "show lesson NN with the real output of every cell, stopping at each question", runShow},
		"watch":      {"watch NN [--only ID]", "check lesson NN again on every save, until Ctrl-C", runWatch},
		"gradescope": {"gradescope NN [-o autograder.zip]", "build a Gradescope autograder for lesson NN", runGradescope},
		"merge":      {"merge --out DIR SHARD_DIR...", "join the reports of sharded grade runs (--shard I/N)", runMerge},
		"grade":      {"grade NN PATH... [--out DIR] [--jobs N] [--timeout D] [--memory-mib MIB] [--resume] [--shard I/N|auto/N] [--proved]", "grade submissions: folders, .zip, .tar.gz, or folders of those", runGrade},
		"run":        {"run NN [DIR] --model anthropic:MODEL|openai:MODEL [--base-url URL] [--transcript FILE]", "play lesson NN's scenario with your harness against a real model", runRun},
		"serve":      {"serve [--addr PORT] [--report DIR] [--open]", "serve the lessons, your checks and a class's grades as web pages on 127.0.0.1", runServe},
		"export":     {"export --html DIR [--report DIR]", "write the pages of labrun serve as a static site into DIR", runExport},
		"author":     {authorUsage, "for course authors: write lessons/ from the chain's source in solutions/ (--check: list what is stale)", runAuthor},
		"verify":     {"verify [NN...] [--changed]", "prove the kit: starters fail, solutions pass, every check can fail", runVerify},
		"mutate":     {mutateUsage, "for course authors: make small wrong versions of lesson NN's solution and count those its checks catch", runMutate},
	}
}

var order = []string{"list", "show", "check", "watch", "hint", "diff", "reset", "pack", "serve", "run", "verify", "mutate", "author", "grade", "merge", "gradescope", "export"}

// run runs the subcommand args[0]. With no arguments it explains itself on
// stderr and exits 2, as for any other wrong use.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return exitCode(2)
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) == 2 && args[0] == "help" {
			if _, ok := commands[args[1]]; ok {
				return run([]string{args[1], "--help"}, stdout, stderr)
			}
		}
		usage(stdout)
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		if guess, ok := closest(args[0], order); ok {
			rest := strings.Join(append([]string{guess}, args[1:]...), " ")
			return &usageError{msg: fmt.Sprintf("unknown command %q; did you mean labrun %s?", args[0], rest)}
		}
		usage(stderr)
		return &usageError{msg: fmt.Sprintf("unknown command %q", args[0])}
	}
	err := cmd.run(args[1:], stdout, stderr)
	var help *helpRequested
	if errors.As(err, &help) {
		printHelp(stdout, args[0], cmd, help.fs)
		return nil
	}
	return err
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "labrun: the lab kit for \"Harness from First Principles\"")
	fmt.Fprintln(w, "\nUsage:")
	for _, name := range order {
		c := commands[name]
		fmt.Fprintf(w, "  labrun %s\n      %s\n", c.usage, c.short)
	}
	fmt.Fprintln(w, "\nStart with: labrun show 01, then edit lessons/01-*/harness.go and run labrun check 01.")
	fmt.Fprintln(w, "Exit status: 0 done, 1 a check failed, 2 labrun was used wrongly or could not run.")
}
