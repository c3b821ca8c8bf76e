package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader"
	"harnesslab/lab"
	"harnesslab/lab/gotool"
)

// RunCells builds every cell of the lesson against src (usually the
// reference solution: grader.Source{Dir: l.SolutionDir()}) and runs each, with a
// time limit of timeout each.
func RunCells(ctx context.Context, l *grader.Lesson, src grader.Source, timeout time.Duration) ([]grader.Cell, error) {
	names, err := l.CellNames()
	if err != nil || len(names) == 0 {
		return nil, err
	}
	files, _, fail := l.Locate(src)
	if fail != nil {
		return nil, fmt.Errorf("run cells: %s", fail.Message)
	}
	work, err := os.MkdirTemp("", "labrun-cells-")
	if err != nil {
		return nil, fmt.Errorf("run cells: %w", err)
	}
	defer os.RemoveAll(work)
	args := []string{"build", "-trimpath", "-o", work + string(filepath.Separator)}
	for _, n := range names {
		args = append(args, "./lessons/"+l.Slug+"/cells/"+n)
	}
	overlay := map[string]string{}
	for kitPath, path := range files {
		if kitPath != path {
			overlay[kitPath] = path
		}
	}
	res, err := gotool.Run(ctx, gotool.Command{Args: args, Dir: l.Kit().Root, Overlay: overlay})
	if err != nil {
		return nil, fmt.Errorf("build the cells of lesson %s: %w", l.Number, err)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("build the cells of lesson %s: exit status %d\n%s", l.Number, res.ExitCode, res.Output)
	}
	cells := make([]grader.Cell, 0, len(names))
	for _, n := range names {
		code, err := os.ReadFile(filepath.Join(l.Dir, "cells", n, "main.go"))
		if err != nil {
			return nil, fmt.Errorf("read cell %s: %w", n, err)
		}
		record := filepath.Join(work, n+".transcript.json")
		env := append(os.Environ(), lab.EnvTranscript+"="+record)
		run, err := RunProcess(ctx, Process{Argv: []string{filepath.Join(work, n)}, Dir: work, Env: env, Limit: timeout})
		if err != nil {
			return nil, fmt.Errorf("run cell %s: %w", n, err)
		}
		transcripts, err := cellTranscripts(record)
		if err != nil {
			return nil, fmt.Errorf("cell %s: %w", n, err)
		}
		out := string(run.Stdout) + string(run.Stderr)
		if run.TimedOut {
			out += fmt.Sprintf("\n(stopped after %s)\n", timeout)
		}
		cells = append(cells, grader.Cell{Name: n, Code: string(code), Output: out, Transcripts: transcripts})
	}
	return cells, nil
}

// cellTranscripts reads what a cell wrote with lab.WriteTranscript to path:
// nil when it wrote nothing (a cell opts in), an error when what it wrote is
// not a transcript this kit reads.
func cellTranscripts(path string) ([]lab.Transcript, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the transcript: %w", err)
	}
	return lab.ReadTranscripts(data)
}
