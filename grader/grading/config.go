package grading

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/intake"
	"harnesslab/grader/results"
)

// Defaults of a grading run.
const (
	DefaultTimeout     = 60 * time.Second // per submission, build and checks together
	DefaultMemoryBytes = 1 << 30          // per check program
	DefaultOutputBytes = 16 << 10         // captured per check and stream
)

// Config describes one grading run. Kit, Lesson and Paths are required; every
// other field's zero value is a sensible default.
type Config struct {
	Kit    *grader.Kit
	Lesson *grader.Lesson
	Paths  []string // submission folders, archives, or folders of those

	// Out is where reports go; empty writes none (the summary is still
	// returned). While a run writes there, Out holds LockFile, and a
	// second run on the same Out is refused.
	Out  string
	Jobs int // submissions graded at once (default: the number of CPUs)
	// Timeout is a ceiling on one submission, build and checks together
	// (default 60s). Checks still running when it is reached are stopped;
	// every verdict given before then is kept (see package grader).
	Timeout time.Duration
	Memory  int64 // memory limit per check program, in bytes (default 1 GiB)
	// Resume skips the submissions that already have a result in Out,
	// except a kit_error (the kit failed, not the student), which is graded
	// again and listed in Outcome.Regraded.
	Resume bool

	// CheckTimeout is how much processor time one check may use (default:
	// the engine's, 5s; three times that on the clock); every other limit
	// of a submission's checks, the sandbox's included, is derived from it
	// (see engine.Budget).
	CheckTimeout time.Duration

	// Shard and Shards split the submissions, sorted by name, into Shards
	// parts and grade only part Shard (1-based): submission i (0-based) is in
	// part i%Shards+1. Zero Shards grades everything.
	Shard, Shards int

	// Proved says the kit's own solution was proved before the kit was
	// packed, and the kit holds no solution (a Gradescope bundle, where
	// submissions run beside the kit and must not find one). The run then
	// checks the lesson's starter in its place, which builds everything the
	// submissions share, and refuses a starter that passes or does not run.
	Proved bool

	Limits     intake.Limits // caps on what a submission may hold
	KitVersion string        // written into report.json

	// Progress, if not nil, is told after each submission: done of total.
	Progress func(done, total int, last *results.Result)
	// Warn, if not nil, receives warnings (for example, what the sandbox
	// cannot isolate on this machine).
	Warn io.Writer
}

func (c Config) withDefaults() (Config, error) {
	if c.Kit == nil || c.Lesson == nil {
		return c, fmt.Errorf("grade: no kit or lesson given")
	}
	if len(c.Paths) == 0 {
		return c, fmt.Errorf("grade: no submissions given: name a folder of submissions, a submission folder or an archive")
	}
	if c.Jobs <= 0 {
		c.Jobs = runtime.NumCPU()
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Memory <= 0 {
		c.Memory = DefaultMemoryBytes
	}
	if c.Shards < 0 || (c.Shards > 0 && (c.Shard < 1 || c.Shard > c.Shards)) {
		return c, fmt.Errorf("grade: shard %d/%d: the part must be from 1 to %d", c.Shard, c.Shards, c.Shards)
	}
	if c.Resume && c.Out == "" {
		return c, fmt.Errorf("grade: --resume needs --out: it skips the submissions that already have results there")
	}
	return c, nil
}
