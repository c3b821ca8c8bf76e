package main

import (
	"flag"
	"fmt"
	"io"
)

// runExport writes the pages of labrun serve as a static site.
func runExport(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	out := fs.String("html", "", "the `DIR` to write the site into")
	reportDir := fs.String("report", "", "a folder (`DIR`) written by labrun grade --out, for the class dashboard")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil || len(rest) > 0 || *out == "" {
		return fmt.Errorf("usage: labrun %s", commands["export"].usage)
	}
	site, err := newSite(*reportDir)
	if err != nil {
		return err
	}
	if err := site.Export(*out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Wrote the site to %s: open %s/index.html\n", *out, *out)
	return nil
}
