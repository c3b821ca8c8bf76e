package main

import (
	"archive/zip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// runPack checks a copy of a lesson, then writes the archive that labrun
// grade takes: a .zip of exactly the lesson's student files, at its top.
// The archive is written whether or not every check passes (a student may
// hand in part of the work); the exit status says which.
func runPack(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	out := fs.String("o", "", "where to write the archive, a `FILE` (default: lesson-NN.zip)")
	rest, err := parseArgs(fs, "pack", args, 1, 2)
	if err != nil {
		return err
	}
	kit, l, err := lessonArg(rest[0])
	if err != nil {
		return err
	}
	src := grader.Source{}
	dir := l.Dir
	if len(rest) == 2 {
		src.Dir, dir = rest[1], rest[1]
	}
	if *out == "" {
		*out = "lesson-" + l.Number + ".zip"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r := checkOnce(ctx, kit, l, src, stdout, stderr, view{color: useColor(stdout), width: outputWidth(stdout), next: nextNumber(kit, l)})
	if ctx.Err() != nil {
		return exitCode(130)
	}
	if r.Status == results.StatusMissing {
		return fmt.Errorf("pack lesson %s: nothing written: %s", l.Number, r.Message)
	}
	if err := writePack(*out, dir, l.StudentFiles); err != nil {
		return fmt.Errorf("pack lesson %s: %v", l.Number, err)
	}
	fmt.Fprintf(stdout, "\nwrote %s: %s, the files grading takes. Hand it in as it is.\n", *out, joinNames(l.StudentFiles))
	if r.Status != results.StatusPassed {
		fmt.Fprintf(stdout, "Not every check passes yet (%s): hand it in only if you mean to.\n", r.Message)
		return exitCode(1)
	}
	return nil
}

// writePack writes the zip archive out with the files names of dir at its
// top, whole or not at all, each dated with its file's modification time.
func writePack(out, dir string, names []string) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".pack-*.zip")
	if err != nil {
		return fmt.Errorf("write the archive: %v", err)
	}
	defer os.Remove(tmp.Name())
	zw := zip.NewWriter(tmp)
	for _, name := range names {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			tmp.Close()
			return fmt.Errorf("read %s: %v", name, err)
		}
		// Each file is dated when it was last saved, so the archive shows
		// (to zipinfo, unzip -l or an instructor) when the work was done.
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		if info, err := os.Stat(path); err == nil {
			h.Modified = info.ModTime()
		}
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			tmp.Close()
			return fmt.Errorf("write the archive: %v", err)
		}
	}
	if err := zw.Close(); err != nil {
		tmp.Close()
		return fmt.Errorf("write the archive: %v", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write the archive: %v", err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("write the archive: %v", err)
	}
	return nil
}

// joinNames writes names as "a.go", "a.go and b.go" or "a.go, b.go and c.go".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " and " + names[len(names)-1]
}
