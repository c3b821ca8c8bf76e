package checkkit

import (
	"harnesslab/grader/results"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// stopped says whether stop is closed.
func stopped(stop chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func TestLimits(t *testing.T) {
	const limit = 200 * time.Millisecond
	tests := []struct {
		name   string
		check  func(c *C, stop chan struct{})
		kind   results.Kind // "" for a pass
		saying string
		reason string
	}{
		{"sleep", func(c *C, stop chan struct{}) { time.Sleep(limit / 2) }, "", "",
			"a check that sleeps for half its limit passes"},
		{"wait", func(c *C, stop chan struct{}) { <-stop }, results.KindTimeout, "did not finish within its limit (200ms of processor time and waiting, or 600ms on the clock)",
			"a check that waits for ever on itself (a deadlock) is stopped at its limit, not at the wall ceiling"},
		{"busy", func(c *C, stop chan struct{}) {
			for !stopped(stop) {
			}
		}, results.KindTimeout, "did not finish within its limit",
			"a busy loop is stopped at its processor-time limit"},
		{"goroutines", func(c *C, stop chan struct{}) {
			for !stopped(stop) {
				go func() { <-stop }()
			}
		}, results.KindPanic, "had more than 100 goroutines at once", "a goroutine bomb is named as such"},
		{"memory", func(c *C, stop chan struct{}) {
			var keep [][]byte
			for !stopped(stop) {
				//lint:ignore SA4010 the slices are kept only to grow the heap
				keep = append(keep, make([]byte, 1<<20))
				time.Sleep(time.Millisecond)
			}
		}, results.KindPanic, "used more than 64 MiB of memory", "memory that grows without end is named as such"},
	}
	memoryLimit, goroutineLimit = 64<<20, 100
	defer func() { memoryLimit, goroutineLimit = MaxMemory, MaxGoroutines }()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop, ended := make(chan struct{}), make(chan struct{})
			start := time.Now()
			cpuBefore, _ := processCPU()
			v := Run(func(c *C) {
				defer close(ended)
				tt.check(c, stop)
			}, limit)
			close(stop) // ends what the check left running
			defer func() {
				<-ended
				debug.FreeOSMemory() // what this case kept does not count against the next
			}()
			took := time.Since(start)
			if tt.kind == "" {
				if !v.Passed {
					t.Fatalf("%s: failed: %v", tt.reason, v.Failures)
				}
				return
			}
			if v.Passed || v.Kind != tt.kind || !strings.Contains(strings.Join(v.Failures, "\n"), tt.saying) {
				t.Fatalf("%s: got passed=%v kind=%s %q, want kind %s saying %q", tt.reason, v.Passed, v.Kind, v.Failures, tt.kind, tt.saying)
			}
			if tt.name == "wait" && (took < limit || took >= WallCeiling(limit)) {
				t.Errorf("%s: stopped after %s; want at least the limit %s and less than the wall ceiling %s", tt.reason, took, limit, WallCeiling(limit))
			}
			// A machine busy with other work can starve the loop of the
			// processor until the wall ceiling; only a loop that got its
			// processor time shows which limit comes first.
			cpuAfter, known := processCPU()
			if tt.name == "busy" && known && cpuAfter-cpuBefore < limit {
				t.Logf("the machine gave the loop %s of processor time in %s, less than the limit %s: which limit comes first cannot be shown here", cpuAfter-cpuBefore, took, limit)
			} else if tt.name == "busy" && took >= WallCeiling(limit) {
				t.Errorf("%s: stopped after %s, at the wall ceiling %s rather than at its processor-time limit", tt.reason, took, WallCeiling(limit))
			}
		})
	}
}

// TestStartersNamesTheBomb: of the goroutines a stack dump shows, the
// student's function that started most of them is named.
func TestStartersNamesTheBomb(t *testing.T) {
	g := func(creator, file string) string {
		return "goroutine 9 [chan receive]:\nharnesslab/lessons/11-parallel.wait()\n\t/kit/lessons/11-parallel/parallel.go:5 +0x1\n" +
			"created by " + creator + " in goroutine 1\n\t" + file + " +0x2\n\n"
	}
	stack := g("harnesslab/lessons/11-parallel.RunAll", "/kit/lessons/11-parallel/parallel.go:40") +
		g("harnesslab/lessons/11-parallel.RunAll", "/kit/lessons/11-parallel/parallel.go:40") +
		g("harnesslab/lessons/11-parallel.Fetch", "/kit/lessons/11-parallel/fetch.go:12") +
		g("harnesslab/grader/checkkit.Run", "/kit/grader/checkkit/main.go:80")
	if got := starters(stack); len(got) != 1 || got[0] != "RunAll (parallel.go:40)" {
		t.Errorf("starters = %q, want the function that started most goroutines, RunAll (parallel.go:40)", got)
	}
}
