package lab

import (
	"runtime/metrics"
	"sync"
	"time"
)

// This file is the lab's side of lesson 11: scripted time for tools that run
// on goroutines of their own. A Timeline holds every call of the tools it
// wraps until it lets the call go, and lets them go one at a time, earliest
// finish first, moving its clock to each call's finish. So calls finish in
// an order the check chose (not the order the goroutines happened to run
// in), the time a run takes is counted on the clock rather than measured, and
// a check takes no real time for the delays it scripts.
//
// What the Timeline cannot know is how many calls a harness will start at
// once, so a run is told (Run's rounds): it waits until a round's calls have
// all arrived before it lets any go. Real time is used only when a harness
// starts fewer calls than a round expects: after Grace with no new arrival,
// the Timeline lets go of what it holds, and the run takes longer on the
// clock than the check allows.
//
// Real time alone would make the verdict depend on how busy the machine is:
// a harness whose next call is on its way, but whose goroutine has not had
// the processor yet, would look as if it never made the call. So a wait ends
// only when, besides, no other goroutine of the process is running or ready
// to run (see busy), or after Patience with no arrival at all.

// DefaultGrace is how long a Timeline waits, in real time, for more calls to
// arrive when a round is not full.
const DefaultGrace = 300 * time.Millisecond

// settle is how long, in real time, a Timeline waits for more calls after a
// round is full before it lets any go: a harness that starts more calls at
// once than it should shows it then.
const settle = 10 * time.Millisecond

// Patience is how long, in real time, a Timeline waits past Grace or settle
// for a process that stays busy (a goroutine spinning, say) before it lets
// go of what it holds all the same.
const Patience = 2 * time.Second

// busyMetrics are the goroutines of this process that are running or ready
// to run.
var busyMetrics = []string{"/sched/goroutines/runnable:goroutines", "/sched/goroutines/running:goroutines"}

// busy reports whether a goroutine of this process other than the caller is
// running or ready to run: one that may be on its way to another call.
func busy() bool {
	samples := make([]metrics.Sample, len(busyMetrics))
	for i, name := range busyMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples)
	ready, running := samples[0].Value, samples[1].Value
	if ready.Kind() != metrics.KindUint64 || running.Kind() != metrics.KindUint64 {
		return false // a runtime without these counts: real time alone decides
	}
	return ready.Uint64() > 0 || running.Uint64() > 1
}

// Span is one call of a tool on a Timeline: when it started and finished on
// the clock, and which other calls ran while it did.
type Span struct {
	Tool    string        // the tool's name
	Args    Args          // a copy of the call's arguments
	Start   time.Duration // when the call arrived, on the clock
	End     time.Duration // when it finished, on the clock (0 while it runs)
	Overlap []int         // the other spans (by index) that were running at some moment it ran
}

// Timeline is scripted time for tools that run at the same time. Wrap tools
// with Delay, then call them inside Run. It is safe for use by several
// goroutines at once.
type Timeline struct {
	Grace time.Duration // real time to wait for late arrivals; zero means DefaultGrace

	mu      sync.Mutex
	now     time.Duration
	spans   []Span
	held    []held
	running map[int]bool
	changed chan struct{}
}

// held is a call waiting to be let go: its span, when it will finish on the
// clock, and the channel that lets it go.
type held struct {
	span    int
	end     time.Duration
	release chan struct{}
}

// NewTimeline returns a Timeline whose clock stands at zero.
func NewTimeline() *Timeline {
	return &Timeline{running: map[int]bool{}, changed: make(chan struct{}, 1)}
}

// Delay returns a copy of tool whose every call takes delay(args) on the
// timeline's clock before the tool's own Execute runs and returns. The copy
// is described exactly as the original.
func (t *Timeline) Delay(tool Tool, delay func(args Args) time.Duration) Tool {
	execute := tool.Execute
	name := tool.Name
	tool.Execute = func(args Args) (string, error) {
		release := make(chan struct{})
		t.mu.Lock()
		span := len(t.spans)
		t.spans = append(t.spans, Span{Tool: name, Args: CloneArgs(args), Start: t.now})
		for other := range t.running {
			t.spans[other].Overlap = append(t.spans[other].Overlap, span)
			t.spans[span].Overlap = append(t.spans[span].Overlap, other)
		}
		t.running[span] = true
		t.held = append(t.held, held{span: span, end: t.now + delay(args), release: release})
		t.mu.Unlock()
		t.notify()
		<-release
		defer func() {
			t.mu.Lock()
			t.spans[span].End = t.now
			delete(t.running, span)
			t.mu.Unlock()
			t.notify()
		}()
		return execute(args)
	}
	return tool
}

// notify wakes the driver of Run, if it is waiting.
func (t *Timeline) notify() {
	select {
	case t.changed <- struct{}{}:
	default:
	}
}

// Run calls f, which calls the wrapped tools, and drives the clock while it
// runs. rounds says how many calls a correct harness starts together, round
// after round: Run waits for each round to fill before it lets any call go
// (after the rounds, it waits for one call at a time). Each round's calls are
// let go one by one, earliest finish first (ties in the order they arrived),
// each finishing before the next is let go. Run returns when f does.
func (t *Timeline) Run(rounds []int, f func()) {
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t.drive(rounds, done)
	}()
	defer func() {
		close(done)
		<-stopped
	}()
	f()
}

// drive lets the held calls go, round after round, until done is closed.
func (t *Timeline) drive(rounds []int, done <-chan struct{}) {
	grace := t.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	for k := 0; ; k++ {
		want := 1
		if k < len(rounds) {
			want = rounds[k]
		}
		if !t.await(want, grace, done) || !t.await(int(^uint(0)>>1), settle, done) {
			return
		}
		t.mu.Lock()
		batch := t.held
		t.held = nil
		t.mu.Unlock()
		sortByEnd(batch)
		for _, h := range batch {
			t.mu.Lock()
			if h.end > t.now {
				t.now = h.end
			}
			t.mu.Unlock()
			close(h.release)
			if !t.awaitFinish(h.span, done) || !t.awaitQuiet(done) {
				return
			}
		}
	}
}

// await waits until want calls are held, or some are, none has arrived for
// grace and the process is not busy (or none has arrived for grace plus
// Patience). It reports false when done was closed first.
func (t *Timeline) await(want int, grace time.Duration, done <-chan struct{}) bool {
	timer := time.NewTimer(grace)
	defer timer.Stop()
	last := time.Now()
	for {
		t.mu.Lock()
		n := len(t.held)
		t.mu.Unlock()
		if n >= want {
			return true
		}
		select {
		case <-done:
			return false
		case <-t.changed:
			last = time.Now()
			timer.Reset(grace)
		case <-timer.C:
			switch {
			case n == 0:
				timer.Reset(grace)
			case !busy() || time.Since(last) >= grace+Patience:
				return true
			default:
				timer.Reset(time.Millisecond) // look again soon: the busy goroutine may be on its way
			}
		}
	}
}

// awaitFinish waits until the call of span has finished. It reports false
// when done was closed first.
func (t *Timeline) awaitFinish(span int, done <-chan struct{}) bool {
	for {
		t.mu.Lock()
		finished := !t.running[span]
		t.mu.Unlock()
		if finished {
			return true
		}
		select {
		case <-done:
			return false
		case <-t.changed:
		}
	}
}

// awaitQuiet waits, after a call has finished, until no other goroutine of
// the process is running or ready to run (see busy), or for Patience at most:
// whatever the finish set going (a goroutine freed from a pool, the next
// call of a sequence) reaches the Timeline at the clock of that finish,
// before the next call is let go, however the scheduler orders goroutines.
// It reports false when done was closed first.
func (t *Timeline) awaitQuiet(done <-chan struct{}) bool {
	deadline := time.Now().Add(Patience)
	for busy() && time.Now().Before(deadline) {
		select {
		case <-done:
			return false
		case <-time.After(50 * time.Microsecond):
		}
	}
	return true
}

// sortByEnd orders calls by when they finish, keeping arrival order for ties.
func sortByEnd(calls []held) {
	for i := 1; i < len(calls); i++ {
		for j := i; j > 0 && calls[j].end < calls[j-1].end; j-- {
			calls[j], calls[j-1] = calls[j-1], calls[j]
		}
	}
}

// Now returns the clock: how long the calls so far took, in scripted time.
func (t *Timeline) Now() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.now
}

// Spans returns a copy of every call so far, in the order they arrived.
func (t *Timeline) Spans() []Span {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Span, len(t.spans))
	for i, s := range t.spans {
		s.Overlap = append([]int(nil), s.Overlap...)
		out[i] = s
	}
	return out
}
