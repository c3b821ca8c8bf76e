package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/results"
)

func TestBudgetComesFromOneSetting(t *testing.T) {
	b := Budget{Check: 5 * time.Second}
	for _, c := range []struct {
		reason    string
		got, want time.Duration
	}{
		{"a check program is asked for its stacks a check's limit and a start grace after its own processor-time limit", b.ProcessCPU(), 10*time.Second + StartGrace},
		{"or a check's limit and a start grace after its wall ceiling", b.Process(), 20*time.Second + StartGrace},
		{"and killed a stack grace later", b.Kill(), 20*time.Second + StartGrace + StackGrace},
		{"ten checks four at a time are three waves, and each check may be replayed alone", b.Runner(10, 4), 13*(b.Kill()+DrainGrace) + RunnerGrace},
		{"one at a time, one wave per check", b.Runner(2, 0), 2*(b.Kill()+DrainGrace) + RunnerGrace},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %s, want %s", c.reason, c.got, c.want)
		}
	}
	if d := (Budget{Check: time.Second}).Process(); d >= b.Process() {
		t.Errorf("a shorter check limit must give a shorter process limit: %s for 1s, %s for 5s", d, b.Process())
	}
}

// TestStuckProgramShowsItsStacks: a program still running at its limit is
// asked for its goroutine stacks before it is killed, so a hang can be placed.
func TestStuckProgramShowsItsStacks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no signal to ask a program for its stacks")
	}
	req := newTestRequest(t, "hangs")
	run, err := RunProcess(context.Background(), Process{Argv: []string{testBinary(t), "hangs"}, Dir: req.dir,
		Env: fakeEnv(req), Limit: 500 * time.Millisecond, StackGrace: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !run.TimedOut || run.Stopped {
		t.Errorf("TimedOut %v, Stopped %v; want a run stopped by its own limit", run.TimedOut, run.Stopped)
	}
	if stderr := string(run.Stderr); !strings.Contains(stderr, "SIGQUIT") || !strings.Contains(stderr, "stuckForever") {
		t.Errorf("the stopped program's stderr does not show where it was stuck:\n%s", stderr)
	}
}

// TestStoppedRunKeepsVerdicts: when a run is stopped, a check that gave its
// verdict keeps it; a check still running and a check never started are
// "not finished", and none of them is a kit error.
func TestStoppedRunKeepsVerdicts(t *testing.T) {
	names := []string{"passes", "hangs", "hangs", "passes"} // two at a time: the last never starts
	job := runnerJob{Bin: testBinary(t), Parallel: 2, Limit: time.Minute, StackGrace: time.Second}
	var reqs []*checkRequest
	for _, name := range names {
		req := newTestRequest(t, name)
		reqs = append(reqs, req)
		job.Checks = append(job.Checks, runnerCheck{Name: name, Dir: req.dir, Env: fakeEnv(req), Out: req.out})
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // stop once the first check has its verdict
		for readRun(reqs[0].out) == nil {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	if err := runJob(ctx, job); err != nil {
		t.Fatal(err)
	}
	end := runnerEnd{stopped: true}
	b := Budget{Check: time.Minute}
	if o := judge(reqs[0], readRun(reqs[0].out), end, b); !o.passed || o.stopped {
		t.Errorf("the check that finished before the stop: passed %v, stopped %v (%s); want its pass kept", o.passed, o.stopped, o.message)
	}
	for i, req := range reqs[1:] {
		o := judge(req, readRun(req.out), end, b)
		if o.passed || !o.stopped || o.kind != results.KindTimeout || !strings.HasPrefix(o.message, "not finished") {
			t.Errorf("check %d, stopped before its verdict: passed %v, stopped %v, kind %s, message %q; want a failure that says it did not finish",
				i+2, o.passed, o.stopped, o.kind, o.message)
		}
	}
}

// TestRunnerFailureIsAKitError: a runner that fails is the kit's fault, told
// in the runner's own words, never a student's loop or crash.
func TestRunnerFailureIsAKitError(t *testing.T) {
	for _, c := range []struct {
		reason  string
		sandbox Sandbox
		words   string
	}{
		{"the runner ends with an error of its own",
			func(context.Context, string, []string, []string, []string, time.Duration, []string) (Run, error) {
				return Run{ExitCode: 3, Stderr: []byte("check runner: read the job: no such file\n")}, nil
			}, "exit status 3: check runner: read the job: no such file"},
		{"the sandbox cannot start it",
			func(context.Context, string, []string, []string, []string, time.Duration, []string) (Run, error) {
				return Run{}, errors.New("sandbox: start: bwrap refused")
			}, "start the check runner in its sandbox: sandbox: start: bwrap refused"},
	} {
		req := newTestRequest(t, "passes")
		job := runnerJob{Bin: testBinary(t), Checks: []runnerCheck{{Name: "passes", Dir: req.dir, Out: req.out}}}
		end := startRunner(context.Background(), job, t.TempDir(), nil, Options{Sandbox: c.sandbox, CheckTimeout: time.Second})
		o := judge(req, readRun(req.out), end, Budget{Check: time.Second})
		if o.kind != results.KindKitError || !strings.Contains(o.message, c.words) || !strings.Contains(o.message, "not your fault") {
			t.Errorf("%s: kind %s, message %q; want a kit error quoting %q", c.reason, o.kind, o.message, c.words)
		}
	}
}

// TestJudge: how each way a check program can end is told to the student.
func TestJudge(t *testing.T) {
	overflow := "runtime: goroutine stack exceeds 33554432-byte limit\nfatal error: stack overflow\n\nruntime stack:\nruntime.throw()\n\t/go/src/runtime/panic.go:1229 +0x48\n\n" +
		"goroutine 1 gp=0x1 m=3 [running]:\nharness.deeper(0x2?)\n\t/kit/lessons/16-patch/tools.go:5 +0x2b fp=0x1 sp=0x2 pc=0x3\nharness.deeper(...)\n\t/kit/lessons/16-patch/tools.go:5\n" +
		"...additional frames elided...\nharness.Chat(0x1)\n\t/kit/lessons/16-patch/harness.go:40 +0x17\n"
	hangInInit := "SIGQUIT: quit\nPC=0x4 m=0 sigcode=0\n\ngoroutine 1 gp=0x1 m=0 mp=0x2 [running]:\n" +
		"harnesslab/lessons/02-model-can-only-talk.init.0()\n\t/kit/lessons/02-model-can-only-talk/harness.go:123 +0x4\n"
	for _, c := range []struct {
		reason  string
		run     *Run
		end     runnerEnd
		verdict bool
		kind    results.Kind
		words   string
		output  string // what the student is shown of the output
	}{
		{"a verdict counts however the run ended", &Run{Stopped: true, ExitCode: -1}, runnerEnd{stopped: true}, true, "", "", ""},
		{"a hang in init is placed in init", &Run{TimedOut: true, ExitCode: 2, Stderr: []byte("starting\n" + hangInInit)}, runnerEnd{}, false,
			results.KindTimeout, "stopped at its limit (12s of processor time, or 22s on the clock), inside init (harness.go). Is there a loop", "starting"},
		{"a busy loop stopped at its processor time reads the same as a wait stopped on the clock", &Run{TimedOut: true, ExitCode: 2, CPU: 7 * time.Second, Stderr: []byte(hangInInit)}, runnerEnd{}, false,
			results.KindTimeout, "stopped at its limit (12s of processor time, or 22s on the clock), inside init (harness.go)", ""},
		{"a stack overflow names the recursion", &Run{ExitCode: 2, Stderr: []byte(overflow)}, runnerEnd{}, false,
			results.KindPanic, "the stack overflowed in deeper (tools.go), called from Chat (harness.go:40) (a recursion without end?)", "fatal error: stack overflow\n(the rest of the crash report is left out)"},
		{"running out of memory is named", &Run{ExitCode: 2, Stderr: []byte("fatal error: out of memory\n\n" + overflow[strings.Index(overflow, "goroutine 1"):])}, runnerEnd{}, false,
			results.KindPanic, "your code used more memory than a check program may have (the program ran out of memory), at deeper (tools.go)", "fatal error: out of memory\n(the rest of the crash report is left out)"},
		{"a check never reported on by a stopped runner did not finish", nil, runnerEnd{stopped: true}, false,
			results.KindTimeout, "the run was stopped", ""},
		{"a panic outside the check is a panic", &Run{ExitCode: 2, Stderr: []byte("panic: boom\n\ngoroutine 7 [running]:\n")}, runnerEnd{}, false,
			results.KindPanic, "your code panicked outside the check", "panic: boom\n(the rest of the crash report is left out)"},
		{"a program the runner could not start is the kit's fault", &Run{ExitCode: -1, Err: "start x: permission denied"}, runnerEnd{}, false,
			results.KindKitError, "run the check program: start x: permission denied", ""},
		{"a runner that said nothing of a check is the kit's fault", nil, runnerEnd{}, false,
			results.KindKitError, "without a word about it", ""},
	} {
		req := newTestRequest(t, "passes")
		if c.verdict {
			if err := os.WriteFile(req.verdict, []byte(`{"nonce":"`+req.nonce+`","check":"passes","passed":true}`), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		o := judge(req, c.run, c.end, Budget{Check: 5 * time.Second})
		if o.passed != c.verdict || o.kind != c.kind || !strings.Contains(o.message, c.words) || o.output != c.output {
			t.Errorf("%s:\n got passed %v, kind %q, message %q, output %q\nwant passed %v, kind %q, a message with %q, output %q",
				c.reason, o.passed, o.kind, o.message, o.output, c.verdict, c.kind, c.words, c.output)
		}
	}
}

// TestKitErrorKeepsPoints: a check the kit failed to run makes the copy a
// kit error, not the student's failure, and the points earned stay.
func TestKitErrorKeepsPoints(t *testing.T) {
	r := &results.Result{Checks: []results.CheckResult{
		{Name: "a", Passed: true, Points: 1, MaxPoints: 1},
		{Name: "b", Kind: results.KindKitError, Message: "the kit could not run this check (not your fault): boom", MaxPoints: 1},
		{Name: "c", Kind: results.KindFailed, Message: "wrong", MaxPoints: 1},
	}}
	tally(r)
	if r.Status != results.StatusKitError || r.Score != 1 || !strings.Contains(r.Message, "boom") {
		t.Errorf("status %s, score %v, message %q; want kit_error, 1 point kept, and the kit's words", r.Status, r.Score, r.Message)
	}
}

func newTestRequest(t *testing.T, name string) *checkRequest {
	t.Helper()
	req, err := newCheckRequest(name, filepath.Join(t.TempDir(), "check"))
	if err != nil {
		t.Fatal(err)
	}
	return req
}

func testBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
