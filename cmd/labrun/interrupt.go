package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"harnesslab/grader/grading"
)

// signalError is the cause of a run's context canceled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "stopped by " + signalName(e.sig) }

// status is the conventional exit status of a command ended by the
// signal: 128 plus its number (130 for SIGINT, 143 for SIGTERM).
func (e signalError) status() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// signalName is SIGINT or SIGTERM.
func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// stopOnSignal returns a context canceled, with a signalError as its cause,
// by the first SIGINT (Ctrl-C) or SIGTERM (what CI runners send to cancel a
// job). After the first, the signals get their default action again: a
// second Ctrl-C ends labrun at once, and the reports already written stay
// whole.
func stopOnSignal() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(signalError{s})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// stopped tells, in one line, what a run stopped by a signal left undone and
// how to finish it, and ends labrun with the signal's status.
func stopped(w io.Writer, sig signalError, o *grading.Outcome, out string, args []string) error {
	if out == "" {
		fmt.Fprintf(w, "labrun: %s: %d %s left ungraded and no --out to resume from; to finish, run: %s\n",
			sig, o.Left, plural(o.Left, "submission", "submissions"), resumeCommand(args, false))
	} else {
		fmt.Fprintf(w, "labrun: %s: %d %s left, reports in %s marked incomplete; to finish, run: %s\n",
			sig, o.Left, plural(o.Left, "submission", "submissions"), out, resumeCommand(args, true))
	}
	return exitCode(sig.status())
}

// resumeCommand is the grade command with args, plus --resume when asked
// for and not there yet, quoted for a POSIX shell.
func resumeCommand(args []string, resume bool) string {
	words := []string{"labrun", "grade"}
	has := false
	for _, a := range args {
		words = append(words, shellQuote(a))
		has = has || a == "--resume" || a == "-resume" || strings.HasPrefix(a, "--resume=") || strings.HasPrefix(a, "-resume=")
	}
	if resume && !has {
		words = append(words, "--resume")
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but plain
// characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
