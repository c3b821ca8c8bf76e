package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"

	"harnesslab/grader"
	"harnesslab/grader/build"
	"harnesslab/grader/providers"
)

// runRun plays lesson NN's scenario with the student's harness against a
// real model, and prints the conversation and the bill.
func runRun(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	spec := fs.String("model", "", "the model: anthropic:MODEL or openai:MODEL (a `SPEC`)")
	baseURL := fs.String("base-url", "", "the `URL` of a server that speaks Chat Completions (openai:MODEL only)")
	transcript := fs.String("transcript", "", "also write the transcript, as JSON, to this `FILE`")
	maxTokens := fs.Int("max-tokens", 1024, "the longest reply, in `TOKENS`")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%v\nusage: labrun %s", err, commands["run"].usage)
	}
	if err := needArgs(rest, 1, 2, commands["run"].usage); err != nil {
		return err
	}
	if *spec == "" {
		return fmt.Errorf("say which model: labrun run %s --model anthropic:MODEL (or openai:MODEL, or openai:MODEL --base-url URL for a local server)", rest[0])
	}
	// A missing key is found before anything is built, and said without it.
	if _, err := providers.New(*spec, providers.Options{BaseURL: *baseURL}); err != nil {
		fmt.Fprintln(stderr, "labrun:", err)
		return exitCode(2)
	}
	_, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	var src grader.Source
	if len(rest) == 2 {
		src.Dir = rest[1]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dir, err := os.MkdirTemp("", "labrun-run-")
	if err != nil {
		return fmt.Errorf("make a work folder: %v", err)
	}
	defer os.RemoveAll(dir)
	bin, fail := build.RunProgram(ctx, l, src, dir)
	if fail != nil {
		fmt.Fprintf(stderr, "labrun: %s: %s\n", fail.Status, fail.Message)
		return exitCode(1)
	}
	cmd := exec.CommandContext(ctx, bin, "-model", *spec, "-base-url", *baseURL, "-transcript", *transcript, "-max-tokens", fmt.Sprint(*maxTokens))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr // lesson 16 asks at the terminal before each command
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exitCode(exit.ExitCode())
		}
		return fmt.Errorf("start the run: %v", err)
	}
	return nil
}
