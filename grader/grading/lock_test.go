//go:build unix

package grading

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLockOutRefusesALiveRun: while one run holds the folder, a second is
// refused with a message that names the folder and the holder's pid.
func TestLockOutRefusesALiveRun(t *testing.T) {
	dir := t.TempDir()
	l, err := lockOut(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lockOut(dir)
	if err == nil {
		t.Fatal("a second lock on a folder in use was granted")
	}
	want := "in use by another run (pid " + strconv.Itoa(os.Getpid()) + ")"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), dir) {
		t.Errorf("error %q, want it to name %s and hold %q", err, dir, want)
	}
	if err := l.unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Errorf("unlock left the lock file: %v", err)
	}
	l, err = lockOut(dir)
	if err != nil {
		t.Fatalf("the folder could not be locked again after unlock: %v", err)
	}
	l.unlock()
}

// TestLockOutTakesOverAStaleLock: a lock left by a process that is gone,
// or one killed before it wrote its pid, is taken over, and then holds this
// process's pid.
func TestLockOutTakesOverAStaleLock(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run a short process to get a pid that is gone: %v", err)
	}
	gone := strconv.Itoa(cmd.Process.Pid)
	for _, tc := range []struct{ reason, content string }{
		{"the run that wrote it was killed and its pid is gone", gone + "\n"},
		{"the run was killed before it wrote its pid", ""},
		{"the file holds no number", "not a pid"},
		{"a killed run had this process's pid (a container started afresh)", strconv.Itoa(os.Getpid())},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, LockFile)
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := lockOut(dir)
		if err != nil {
			t.Errorf("%s: the stale lock was not taken over: %v", tc.reason, err)
			continue
		}
		data, _ := os.ReadFile(path)
		if got, want := strings.TrimSpace(string(data)), strconv.Itoa(os.Getpid()); got != want {
			t.Errorf("%s: the lock holds %q after the takeover, want this process's pid %s", tc.reason, got, want)
		}
		l.unlock()
	}
}
