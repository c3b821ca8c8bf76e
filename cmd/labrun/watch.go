package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// settle is how long watch waits after a change for the editor to finish
// saving (many write a file in several steps) before it checks.
const settle = 150 * time.Millisecond

// runWatch checks a lesson, then again every time one of its student files
// is saved, until Ctrl-C. A copy that does not compile is one more result:
// watch goes on.
func runWatch(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("watch", flag.ContinueOnError)
	only := fs.String("only", "", "show only this check, an `ID` such as 1.5")
	verbose := fs.Bool("v", false, "show every failure whole")
	rest, err := parseArgs(fs, "watch", args, 1, 2)
	if err != nil {
		return err
	}
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	if *only != "" && !slices.ContainsFunc(checkIDs(l.NotRun(results.StatusFailed, "")), func(c checkID) bool { return c.id == *only }) {
		return usageErr("watch", "lesson %s has no check %s; its checks are numbered as labrun check %s shows them, such as 1.1", l.Number, *only, l.Number)
	}
	src := grader.Source{}
	dir := l.Dir
	if len(rest) == 2 {
		src.Dir, dir = rest[1], rest[1]
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch %s: %v", dir, err)
	}
	defer w.Close()
	if err := w.Add(dir); err != nil {
		return fmt.Errorf("watch %s: %v", dir, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tty := useColor(stdout)
	v := view{color: tty, width: outputWidth(stdout), verbose: *verbose, summary: !*verbose, only: *only, next: nextNumber(kit, l)}
	for {
		if tty {
			fmt.Fprint(stdout, "\x1b[H\x1b[2J") // clear the screen
		}
		r := checkOnce(ctx, kit, l, src, stdout, stderr, v)
		if ctx.Err() != nil {
			break
		}
		fmt.Fprintf(stdout, "\n%s %s: watching %s; save a file to check again, Ctrl-C to stop.\n",
			time.Now().Format("15:04:05"), statusWord(v, r), grader.ShownPath(dir))
		if !waitForSave(ctx, w, l) {
			break
		}
	}
	fmt.Fprintln(stdout, "\nstopped watching.")
	return nil
}

// statusWord is a one-word, coloured summary of r.
func statusWord(v view, r *results.Result) string {
	if r.Status == results.StatusPassed {
		return v.paint(green, "all pass")
	}
	return v.paint(red, string(r.Status))
}

// waitForSave waits until a student file of l changes, and then until the
// changes settle. It returns false when ctx ends first.
func waitForSave(ctx context.Context, w *fsnotify.Watcher, l *grader.Lesson) bool {
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return false
		case ev, ok := <-w.Events:
			if !ok {
				return false
			}
			if slices.Contains(l.StudentFiles, filepath.Base(ev.Name)) && !ev.Has(fsnotify.Chmod) {
				timer = time.After(settle)
			}
		case <-w.Errors:
			// a lost event costs one check; the next save is seen
		case <-timer:
			return true
		}
	}
}
