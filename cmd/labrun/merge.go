package main

import (
	"flag"
	"fmt"
	"io"

	"harnesslab/grader"
	"harnesslab/grader/report"
)

// runMerge joins the output folders of sharded grading runs into one.
func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "the folder to write the merged reports to")
	rest, err := parseMixed(fs, args)
	if err != nil || len(rest) == 0 || *out == "" {
		return fmt.Errorf("usage: labrun %s", commands["merge"].usage)
	}
	var all []grader.Result
	from := map[string]string{}
	for _, dir := range rest {
		results, err := report.Load(dir)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		if len(results) == 0 {
			return fmt.Errorf("merge: %s holds no results (expected the --out folder of a labrun grade run)", dir)
		}
		for _, r := range results {
			if prev, dup := from[r.Name]; dup {
				return fmt.Errorf("merge: submission %s was graded in both %s and %s; were the shards overlapping?", r.Name, prev, dir)
			}
			from[r.Name] = dir
			all = append(all, r)
		}
	}
	opt := report.Options{}
	for _, r := range all {
		if err := report.WriteSubmission(*out, r, opt); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
	}
	if err := report.WriteRun(*out, all, opt); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	if err := report.WriteSummary(stdout, all); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nmerged %d submissions from %d folders into %s\n", len(all), len(rest), *out)
	return nil
}
