package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"harnesslab/grader/grading"
	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

func runGrade(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	out := fs.String("out", "", "write reports to this folder (`DIR`)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "`N` submissions graded at once")
	timeout := fs.Duration("timeout", grading.DefaultTimeout, "time limit per submission (a `D`uration such as 90s)")
	memory := fs.Int("memory-mib", grading.DefaultMemoryBytes>>20, "memory limit per check program, in MiB")
	resume := fs.Bool("resume", false, "skip submissions that already have results in --out (a kit_error is graded again)")
	shardFlag := fs.String("shard", "", "grade only part I of N of the submissions, as `I/N` (auto/N: I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)")
	proved := fs.Bool("proved", false, "the kit was proved when it was packed and holds no solution (a Gradescope bundle): check the starter first instead")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("grade: %v\nusage: labrun %s", err, commands["grade"].usage)
	}
	if len(rest) < 2 {
		return fmt.Errorf("usage: labrun %s", commands["grade"].usage)
	}
	shard, shards, err := parseShard(*shardFlag)
	if err != nil {
		return err
	}
	if *jobs < 1 || *timeout <= 0 || *memory < 64 {
		return fmt.Errorf("grade: --jobs must be at least 1, --timeout positive and --memory-mib at least 64")
	}
	// Listen for a stop before the kit is read, which takes a moment on a
	// busy machine: a stop that comes then still ends the run in order.
	ctx, stop := stopOnSignal()
	defer stop()
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	cfg := grading.Config{
		Kit: kit, Lesson: l, Paths: rest[1:], Out: *out, Jobs: *jobs, Timeout: *timeout,
		Memory: int64(*memory) << 20, Resume: *resume, Shard: shard, Shards: shards,
		KitVersion: kitVersion(kit.Root), Warn: stderr, Proved: *proved,
	}
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		cfg.Progress = progressBar(f)
	}
	start := time.Now()
	outcome, err := grading.Run(ctx, cfg)
	var sig signalError
	if errors.As(context.Cause(ctx), &sig) && outcome != nil && errors.Is(err, context.Canceled) {
		if cfg.Progress != nil {
			fmt.Fprintln(stderr) // end the progress line, which a stop leaves unfinished
		}
		return stopped(stderr, sig, outcome, *out, args)
	}
	if err != nil {
		return err
	}
	if len(outcome.Regraded) > 0 {
		fmt.Fprintf(stderr, "labrun: graded again %d %s that had kit_error, the kit's fault and never a final grade: %s\n",
			len(outcome.Regraded), plural(len(outcome.Regraded), "submission", "submissions"), strings.Join(outcome.Regraded, ", "))
	}
	if err := report.WriteSummary(stdout, outcome.Results); err != nil {
		return err
	}
	for _, s := range outcome.Skipped {
		fmt.Fprintf(stderr, "labrun: skipped %s: not a submission folder or archive\n", s)
	}
	fmt.Fprintf(stdout, "\ngraded %d submission(s) in %s (%d already had results), student code isolated with %s\n",
		outcome.Graded, time.Since(start).Round(100*time.Millisecond), outcome.Resumed, outcome.Mode)
	if *out != "" {
		fmt.Fprintf(stdout, "reports: %s (grades.csv, junit.xml, report.json, one folder per submission)\n", *out)
		if err := printFolders(stdout, *out, outcome.Results); err != nil {
			return err
		}
	}
	if os.Getenv("LABRUN_STATS") != "" {
		fmt.Fprintf(stderr, "labrun: peak memory %s\n", peakMemory())
	}
	return nil
}

// parseShard reads --shard: "I/N", or "auto/N" with I taken from the job
// engine (see shardIndex). "" grades everything.
func parseShard(s string) (int, int, error) {
	return parseShardEnv(s, os.Getenv)
}

// parseShardEnv is parseShard reading the environment through getenv.
func parseShardEnv(s string, getenv func(string) string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	i, n, ok := strings.Cut(s, "/")
	b, err2 := strconv.Atoi(n)
	if ok && i == "auto" && err2 == nil && b >= 1 {
		a, err := shardIndex(getenv)
		if err != nil {
			return 0, 0, fmt.Errorf("grade: --shard auto/%d: %v", b, err)
		}
		if a > b {
			return 0, 0, fmt.Errorf("grade: --shard auto/%d: the job engine says this is part %d, but there are only %d: make the job's count of parts (completions, --array) match N", b, a, b)
		}
		return a, b, nil
	}
	a, err1 := strconv.Atoi(i)
	if !ok || err1 != nil || err2 != nil || b < 1 || a < 1 || a > b {
		return 0, 0, fmt.Errorf("grade: --shard takes I/N with 1 <= I <= N, like 2/4, or auto/N to take I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; got %q", s)
	}
	return a, b, nil
}

// shardIndex is this job's part (1-based) as its engine numbers it: a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based), or a Slurm job
// array's SLURM_ARRAY_TASK_ID, counted from SLURM_ARRAY_TASK_MIN (0 when
// unset, so --array=0-3 and --array=1-4 both give parts 1 to 4).
func shardIndex(getenv func(string) string) (int, error) {
	if v := getenv("JOB_COMPLETION_INDEX"); v != "" {
		idx, err := strconv.Atoi(v)
		if err != nil || idx < 0 {
			return 0, fmt.Errorf("JOB_COMPLETION_INDEX=%q is not an index (0, 1, ...)", v)
		}
		return idx + 1, nil
	}
	if v := getenv("SLURM_ARRAY_TASK_ID"); v != "" {
		id, err := strconv.Atoi(v)
		if err != nil || id < 0 {
			return 0, fmt.Errorf("SLURM_ARRAY_TASK_ID=%q is not a task number", v)
		}
		low := 0
		if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
			if low, err = strconv.Atoi(m); err != nil || low < 0 || low > id {
				return 0, fmt.Errorf("SLURM_ARRAY_TASK_MIN=%q does not fit SLURM_ARRAY_TASK_ID=%d", m, id)
			}
		}
		return id - low + 1, nil
	}
	return 0, fmt.Errorf("neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) is set: run it as one of those, or give the part as I/N")
}

// maxFolderLines caps the list printFolders prints.
const maxFolderLines = 20

// printFolders lists the submissions of results whose folder in out is
// not their name (a name that is not safe as a folder name, or that
// another submission's folder took), so the instructor can find them.
func printFolders(w io.Writer, out string, results []results.Result) error {
	subs, err := report.LoadSubmissions(out)
	if err != nil {
		return fmt.Errorf("list the folders of %s: %w", out, err)
	}
	inRun := make(map[string]bool, len(results))
	for _, r := range results {
		inRun[r.Name] = true
	}
	var lines []string
	for _, s := range subs {
		if inRun[s.Name] && s.Folder != s.Name {
			lines = append(lines, fmt.Sprintf("  %s: %s", report.DisplayName(s.Name), s.Folder))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	fmt.Fprintf(w, "%d %s a safe folder name instead of the submission's name:\n", len(lines), plural(len(lines), "submission has", "submissions have"))
	for i, line := range lines {
		if i == maxFolderLines {
			fmt.Fprintf(w, "  ... and %d more (see the folder column of grades.csv)\n", len(lines)-i)
			break
		}
		fmt.Fprintln(w, line)
	}
	return nil
}

// plural picks one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// peakMemory reads this process's peak resident memory (Linux only).
func peakMemory() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
