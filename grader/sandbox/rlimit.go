package sandbox

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// limits are the resource limits Init sets before it execs the command.
type limits struct {
	Data   uint64 // private writable memory, bytes (RLIMIT_DATA)
	AS     uint64 // address space, bytes (RLIMIT_AS)
	CPU    uint64 // CPU time, seconds (RLIMIT_CPU; the hard limit is one more)
	FSize  uint64 // largest file written, bytes (RLIMIT_FSIZE)
	NoFile uint64 // open file descriptors (RLIMIT_NOFILE)
	NProc  uint64 // tasks the command may add (RLIMIT_NPROC, above those its user already has)
}

// limitsFor derives the limits from a Config with its defaults set.
func limitsFor(cfg Config) limits {
	return limits{
		Data:   uint64(cfg.MemoryBytes),
		AS:     uint64(cfg.MemoryBytes) + AddressSpaceHeadroom,
		CPU:    cpuSeconds(cfg.Timeout),
		FSize:  uint64(cfg.FileBytes),
		NoFile: OpenFiles,
		NProc:  uint64(cfg.MaxProcs),
	}
}

// cpuSeconds is a CPU-time limit a little above the wall-clock timeout, so
// the timeout is what normally stops a busy command and RLIMIT_CPU is the
// backstop if the parent is gone.
func cpuSeconds(timeout time.Duration) uint64 {
	return uint64(math.Ceil(timeout.Seconds())) + 2
}

// String encodes l as one argument: data=N,as=N,cpu=N,fsize=N,nofile=N,nproc=N.
func (l limits) String() string {
	return fmt.Sprintf("data=%d,as=%d,cpu=%d,fsize=%d,nofile=%d,nproc=%d", l.Data, l.AS, l.CPU, l.FSize, l.NoFile, l.NProc)
}

// parseLimits decodes what String encodes; every field must be present.
func parseLimits(s string) (limits, error) {
	var l limits
	fields := map[string]*uint64{"data": &l.Data, "as": &l.AS, "cpu": &l.CPU, "fsize": &l.FSize, "nofile": &l.NoFile, "nproc": &l.NProc}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		p := fields[k]
		if !ok || p == nil {
			return l, fmt.Errorf("parse limits %q: unknown or repeated field %q", s, kv)
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return l, fmt.Errorf("parse limits %q: bad value for %s", s, k)
		}
		*p = n
		delete(fields, k)
	}
	for k := range fields {
		return l, fmt.Errorf("parse limits %q: missing %s", s, k)
	}
	return l, nil
}
