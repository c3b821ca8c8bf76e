//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestLimitsRoundTrip(t *testing.T) {
	cfg, err := Config{Dir: t.TempDir(), Timeout: 1500 * time.Millisecond}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	want := limitsFor(cfg)
	if want.CPU != 4 || want.Data != DefaultMemoryBytes || want.AS != DefaultMemoryBytes+AddressSpaceHeadroom {
		t.Errorf("limitsFor(defaults, 1.5 s) = %+v, want cpu 4 (the timeout rounded up, plus 2), data 1 GiB, as 3 GiB", want)
	}
	got, err := parseLimits(want.String())
	if err != nil || got != want {
		t.Errorf("parseLimits(%q) = %+v, %v; want %+v", want.String(), got, err, want)
	}
}

func TestParseLimitsRejects(t *testing.T) {
	for _, c := range []struct{ reason, in, want string }{
		{"a field is missing", "data=1,as=1,cpu=1,fsize=1,nofile=1", "missing nproc"},
		{"a field is repeated", "data=1,data=1,as=1,cpu=1,fsize=1,nofile=1,nproc=1", "repeated"},
		{"a field is unknown", "data=1,as=1,cpu=1,fsize=1,nofile=1,nproc=1,core=1", "unknown"},
		{"a value is zero", "data=0,as=1,cpu=1,fsize=1,nofile=1,nproc=1", "bad value for data"},
		{"a value is not a number", "data=x,as=1,cpu=1,fsize=1,nofile=1,nproc=1", "bad value for data"},
	} {
		_, err := parseLimits(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: parseLimits(%q) error %v, want one mentioning %q", c.reason, c.in, err, c.want)
		}
	}
}

// TestTasksOfCountsOthers counts the tasks of this test's own child only, so
// that other processes of the same user, coming and going, cannot change the
// figures: the child's tasks count for its owner, not for another user, and
// not when it is the process left out.
func TestTasksOfCountsOthers(t *testing.T) {
	sleep, err := lookPath("sleep", nil)
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(sleep, "10")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	child := func(pid int) bool { return pid == cmd.Process.Pid }
	uid, self := os.Getuid(), os.Getpid()
	if n := tasksAmong(uid, self, child); n < 1 {
		t.Errorf("tasksAmong(own uid, the child) = %d with the child sleeping; want at least 1", n)
	}
	if n := tasksAmong(uid+1, self, child); n != 0 {
		t.Errorf("tasksAmong(another uid, the child) = %d; want 0: the child is not that user's", n)
	}
	if n := tasksAmong(uid, cmd.Process.Pid, child); n != 0 {
		t.Errorf("tasksAmong(own uid, except the child) = %d; want 0", n)
	}
	if n := tasksOf(uid, self); n < 1 {
		t.Errorf("tasksOf(own uid) = %d with a child sleeping; want at least 1", n)
	}
}
