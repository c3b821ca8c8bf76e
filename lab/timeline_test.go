package lab

import (
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// slowTool returns a tool that appends its path to finished when it returns,
// wrapped on tl with the delay of its path.
func slowTool(tl *Timeline, delays map[string]time.Duration, mu *sync.Mutex, finished *[]string) Tool {
	return tl.Delay(Tool{Name: "read", Execute: func(args Args) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		*finished = append(*finished, args["path"].(string))
		return "ok", nil
	}}, func(args Args) time.Duration { return delays[args["path"].(string)] })
}

// Calls started together finish earliest first, whatever order they
// started in, and the clock reads the slowest of them.
func TestTimelineTogether(t *testing.T) {
	tl := NewTimeline()
	var mu sync.Mutex
	var finished []string
	tool := slowTool(tl, map[string]time.Duration{"a": 30 * time.Millisecond, "b": 10 * time.Millisecond, "c": 20 * time.Millisecond}, &mu, &finished)
	tl.Run([]int{3}, func() {
		var wg sync.WaitGroup
		for _, p := range []string{"a", "b", "c"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tool.Execute(Args{"path": p})
			}()
		}
		wg.Wait()
	})
	if want := []string{"b", "c", "a"}; !slices.Equal(finished, want) {
		t.Errorf("finished in order %v, want %v", finished, want)
	}
	if got := tl.Now(); got != 30*time.Millisecond {
		t.Errorf("the clock reads %v, want 30ms", got)
	}
	for _, s := range tl.Spans() {
		if len(s.Overlap) != 2 || s.Start != 0 {
			t.Errorf("span %v: want a start at 0 and two overlaps", s)
		}
	}
}

// Calls made one after the other add up on the clock and overlap nothing.
func TestTimelineOneAfterAnother(t *testing.T) {
	tl := NewTimeline()
	var mu sync.Mutex
	var finished []string
	tool := slowTool(tl, map[string]time.Duration{"a": 30 * time.Millisecond, "b": 10 * time.Millisecond}, &mu, &finished)
	tl.Run([]int{1, 1}, func() {
		tool.Execute(Args{"path": "a"})
		tool.Execute(Args{"path": "b"})
	})
	if got := tl.Now(); got != 40*time.Millisecond {
		t.Errorf("the clock reads %v, want 40ms", got)
	}
	spans := tl.Spans()
	if len(spans) != 2 || spans[1].Start != 30*time.Millisecond || spans[1].End != 40*time.Millisecond {
		t.Fatalf("spans %v: want a then b, b from 30ms to 40ms", spans)
	}
	for _, s := range spans {
		if len(s.Overlap) != 0 {
			t.Errorf("span of %v overlaps %v, want nothing", s.Args, s.Overlap)
		}
	}
	if want := []string{"a", "b"}; !slices.Equal(finished, want) {
		t.Errorf("finished in order %v, want %v", finished, want)
	}
}

// A harness that starts two calls at once shows it even when its second
// goroutine needs the processor for a while before it makes its call, as on
// a busy machine: the Timeline lets nothing go while a goroutine of the
// process is still running.
func TestTimelineWaitsForABusyGoroutine(t *testing.T) {
	tl := NewTimeline()
	var mu sync.Mutex
	var finished []string
	tool := slowTool(tl, map[string]time.Duration{"a": 10 * time.Millisecond, "b": 10 * time.Millisecond}, &mu, &finished)
	tl.Run([]int{1, 1}, func() {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			tool.Execute(Args{"path": "a"})
		}()
		go func() {
			defer wg.Done()
			for start := time.Now(); time.Since(start) < 100*time.Millisecond; {
				// work on the processor, well past the Timeline's settle time
			}
			tool.Execute(Args{"path": "b"})
		}()
		wg.Wait()
	})
	spans := tl.Spans()
	if len(spans) != 2 || len(spans[0].Overlap) != 1 || len(spans[1].Overlap) != 1 {
		t.Errorf("the two calls were running at once, so each span should overlap the other: %+v", spans)
	}
}

// TestTimelinePoolIsRepeatable: a harness that runs at most two calls at a
// time (a pool) gets the same clock on every run: the call a finish frees
// arrives at the clock of that finish, however the scheduler orders the
// goroutines, before the next call is let go.
func TestTimelinePoolIsRepeatable(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // one processor orders goroutines least like arrival
	delays := map[string]time.Duration{"a": 20 * time.Millisecond, "b": 5 * time.Millisecond, "c": 15 * time.Millisecond}
	var first []Span
	for run := range 20 {
		tl := NewTimeline()
		tool := tl.Delay(Tool{Name: "read", Execute: func(Args) (string, error) { return "", nil }},
			func(args Args) time.Duration { return delays[args["path"].(string)] })
		tl.Run([]int{2}, func() {
			slots := make(chan struct{}, 2)
			var wg sync.WaitGroup
			for _, p := range []string{"a", "b", "c"} {
				wg.Add(1)
				slots <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-slots }()
					tool.Execute(Args{"path": p})
				}()
			}
			wg.Wait()
		})
		spans := tl.Spans()
		if tl.Now() != 20*time.Millisecond {
			t.Errorf("run %d: the clock says %v; c starts when b ends (5ms) and ends at 20ms with a", run, tl.Now())
		}
		if run == 0 {
			first = spans
		} else if len(spans) != len(first) || spans[2].Start != first[2].Start {
			t.Errorf("run %d: %+v; the first run gave %+v", run, spans, first)
		}
	}
}
