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

func TestTasksOfCountsOthers(t *testing.T) {
	sleep, err := lookPath("sleep", nil)
	if err != nil {
		t.Skip(err)
	}
	before := tasksOf(os.Getuid(), os.Getpid())
	cmd := exec.Command(sleep, "10")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	if after := tasksOf(os.Getuid(), os.Getpid()); after < before+1 {
		t.Errorf("tasksOf(own uid) = %d with a child sleeping, %d before; want at least one more", after, before)
	}
}
