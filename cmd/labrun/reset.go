package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"harnesslab/grader"
)

// runReset puts the pristine starter of every student file of a lesson back
// in the lesson folder. A file the student changed is first copied to a
// backup folder under .labrun, which reset names.
func runReset(args []string, stdout, stderr io.Writer) error {
	if err := noFlags("reset", args); err != nil {
		return err
	}
	if err := needArgs(args, 1, 1, commands["reset"].usage); err != nil {
		return err
	}
	kit, l, err := lessonArg(args[0])
	if err != nil {
		return err
	}
	backup := filepath.Join(stateDir(kit), "backup", l.Number, time.Now().Format("20060102-150405"))
	kept, restored := 0, 0
	for _, name := range l.StudentFiles {
		starter, err := l.StarterFile(name)
		if err != nil {
			return fmt.Errorf("reset lesson %s: %v", l.Number, err)
		}
		same, err := l.SameAsStarter(name)
		if err != nil {
			return fmt.Errorf("reset lesson %s: %v", l.Number, err)
		}
		if same {
			continue
		}
		work := l.WorkFile(name)
		if _, err := os.Stat(work); err == nil {
			if err := copyFile(work, filepath.Join(backup, name)); err != nil {
				return fmt.Errorf("reset lesson %s: keep your %s: %v (nothing was reset)", l.Number, name, err)
			}
			kept++
		}
		if err := copyFile(starter, work); err != nil {
			return fmt.Errorf("reset lesson %s: put the starter back: %v", l.Number, err)
		}
		restored++
		fmt.Fprintf(stdout, "%s is the starter again\n", grader.ShownPath(work))
	}
	switch {
	case kept > 0:
		fmt.Fprintf(stdout, "your files were kept in %s\n", grader.ShownPath(backup))
	case restored == 0:
		fmt.Fprintf(stdout, "lesson %s already holds its starter: nothing to reset\n", l.Number)
	}
	return nil
}

// copyFile copies the file src to dst, making dst's folder, and replaces
// dst whole or not at all.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}
