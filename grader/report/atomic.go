package report

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// writeFileAtomic writes data to path so that path holds either its old
// content or all of data, never part of it, even if the process dies: it
// writes a temporary file in the same folder, flushes it to disk, renames it
// over path, then flushes the folder so the rename itself is on disk.
// Temporary files are named ".<base>.tmp-*" and are removed on failure.
func writeFileAtomic(path string, data []byte) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
			err = fmt.Errorf("write %s: %w", path, err)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir flushes a folder's entries to disk. It is best effort: some
// systems (Windows) cannot open a folder to sync it, and the file's own
// content is already on disk.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// writeWith renders a file with write and stores it atomically at path.
func writeWith(path string, write func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// RemoveTemporary removes the temporary files that writes killed midway
// left in a run's folder dir and in its submissions' folders (".<base>.tmp-*",
// see writeFileAtomic). Call it only while no other run writes to dir.
func RemoveTemporary(dir string) error {
	folders := []string{dir}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("look for unfinished files in %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.IsDir() {
			folders = append(folders, filepath.Join(dir, e.Name()))
		}
	}
	for _, f := range folders {
		entries, err := os.ReadDir(f)
		if err != nil {
			return fmt.Errorf("look for unfinished files in %s: %w", f, err)
		}
		for _, e := range entries {
			if !e.IsDir() && strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp-") {
				if err := os.Remove(filepath.Join(f, e.Name())); err != nil {
					return fmt.Errorf("remove the unfinished file %s: %w", filepath.Join(f, e.Name()), err)
				}
			}
		}
	}
	return nil
}
