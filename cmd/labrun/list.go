package main

import (
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"

	"harnesslab/grader"
)

func runList(args []string, stdout, stderr io.Writer) error {
	if err := noFlags("list", args); err != nil {
		return err
	}
	if err := needArgs(args, 0, 0, commands["list"].usage); err != nil {
		return err
	}
	kit, err := grader.FindKit(".")
	if err != nil {
		return err
	}
	lessons, err := kit.Lessons()
	if err != nil {
		return err
	}
	status := loadStatus(kit)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LESSON\tTITLE\tCHECKS\tYOUR STATUS\tFOLDER")
	for _, l := range lessons {
		s, ok := status[l.Number]
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", l.Number, l.Title, len(l.Checks), describeStatus(s, ok, l.WorkHash()), filepath.Join("lessons", l.Slug))
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nRead a lesson with labrun show NN; check your work with labrun check NN.")
	return nil
}
