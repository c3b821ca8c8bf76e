package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// runMerge joins the output folders of sharded grading runs into one. Each
// submission keeps the kit version it was graded with, and the merged
// report.json names the kit of the shards.
func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "the folder (`DIR`) to write the merged reports to")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil || len(rest) == 0 || *out == "" {
		return fmt.Errorf("usage: labrun %s", commands["merge"].usage)
	}
	var all []report.Submission
	from := map[string]string{}
	for _, dir := range rest {
		subs, err := loadShard(dir)
		if err != nil {
			return err
		}
		for _, s := range subs {
			if prev, dup := from[s.Name]; dup {
				return fmt.Errorf("merge: submission %s was graded in both %s and %s; were the shards overlapping?", report.DisplayName(s.Name), prev, dir)
			}
			from[s.Name] = dir
			all = append(all, s)
		}
	}
	version := mergedVersion(all, stderr)
	results := make([]results.Result, len(all))
	for i, s := range all {
		results[i] = s.Result
		if err := report.WriteSubmission(*out, s.Result, report.Options{KitVersion: s.KitVersion}); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
	}
	if err := report.WriteRun(*out, results, report.Options{KitVersion: version}); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	if err := report.WriteSummary(stdout, results); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nmerged %d submissions from %d folders into %s (kit %s)\n", len(all), len(rest), *out, version)
	return printFolders(stdout, *out, results)
}

// loadShard reads the submissions of one shard's output folder. A
// submission whose result.json predates kit versions gets the version in
// the shard's report.json.
func loadShard(dir string) ([]report.Submission, error) {
	subs, err := report.LoadSubmissions(dir)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	if len(subs) == 0 {
		return nil, fmt.Errorf("merge: %s holds no results (expected the --out folder of a labrun grade run)", dir)
	}
	shardVersion, err := reportKitVersion(dir)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	for i := range subs {
		if subs[i].KitVersion == "" {
			subs[i].KitVersion = shardVersion
		}
	}
	return subs, nil
}

// reportKitVersion reads the kit version in dir's report.json, or "" when
// there is none (a run stopped before writing it).
func reportKitVersion(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, report.ReportFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the kit version of %s: %w", dir, err)
	}
	var doc struct {
		KitVersion string `json:"kit_version"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return "", fmt.Errorf("read the kit version in %s: %w (grade that shard again, or remove the file)", filepath.Join(dir, report.ReportFile), err)
	}
	return doc.KitVersion, nil
}

// mergedVersion is the kit version of the merged run: the version every
// submission was graded with. Shards graded with different kits are not
// comparable, so that is warned about and every version is listed.
func mergedVersion(subs []report.Submission, stderr io.Writer) string {
	var versions []string
	for _, s := range subs {
		if s.KitVersion != "" && !slices.Contains(versions, s.KitVersion) {
			versions = append(versions, s.KitVersion)
		}
	}
	slices.Sort(versions)
	switch len(versions) {
	case 0:
		return unknownVersion
	case 1:
		return versions[0]
	}
	fmt.Fprintf(stderr, "labrun: warning: the shards were graded with different kits (%s): scores may not be comparable; grade every shard with one kit to be sure\n", strings.Join(versions, ", "))
	return strings.Join(versions, ", ")
}
