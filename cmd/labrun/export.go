package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := site.Export(ctx, *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Wrote the site to %s: open %s/index.html\n", *out, *out)
	return nil
}
