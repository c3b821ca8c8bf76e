package grading

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// LockFile is the file in a run's folder that says which process writes to
// it. It holds that process's id.
const LockFile = ".labrun.lock"

// lock is a run's claim on its output folder.
type lock struct{ path string }

// held is the lock files this process holds, so that a lock with this
// process's own pid is told apart: one of its runs, or one left by a killed
// run that had the same pid (a container started afresh gives the same pids).
var held sync.Map

// lockOut claims the folder dir for this process: it creates dir/LockFile
// holding this process's id, failing if it exists. A lock whose process is
// gone (a run that was killed) is stale: it is removed and taken over. A
// lock whose process still runs is an error that names that process.
func lockOut(dir string) (*lock, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("grade: lock the output folder %s: %w", dir, err)
	}
	path := filepath.Join(abs, LockFile)
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := fmt.Fprintf(f, "%d\n", os.Getpid())
			cerr := f.Close()
			if werr = errors.Join(werr, cerr); werr != nil {
				os.Remove(path)
				return nil, fmt.Errorf("grade: write the lock %s: %w", path, werr)
			}
			held.Store(path, true)
			return &lock{path: path}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("grade: lock the output folder %s: %w", dir, err)
		}
		pid, err := readLock(path)
		if err != nil {
			return nil, err
		}
		_, ours := held.Load(path)
		if pid > 0 && (ours || pid != os.Getpid() && processAlive(pid)) {
			return nil, fmt.Errorf("grade: the folder %s is in use by another run (pid %d): wait for it to finish, stop it, or choose another --out", dir, pid)
		}
		if attempt > 0 {
			return nil, fmt.Errorf("grade: the lock %s was left by a stopped run and could not be taken over; remove it and run again", path)
		}
		// Stale: its run was killed. Take it over.
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("grade: remove the stale lock %s: %w", path, err)
		}
	}
}

// readLock reads the process id a lock file holds; 0 when the file is empty
// or unreadable as a number (a run killed while writing it).
func readLock(path string) (int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil // removed meanwhile: try again
	}
	if err != nil {
		return 0, fmt.Errorf("grade: read the lock %s: %w", path, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, nil
	}
	return pid, nil
}

// unlock gives the folder back.
func (l *lock) unlock() error {
	held.Delete(l.path)
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("grade: remove the lock %s: %w", l.path, err)
	}
	return nil
}
