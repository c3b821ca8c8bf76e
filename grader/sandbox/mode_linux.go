package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"
)

// probeTimeout bounds the one trial run of bwrap.
const probeTimeout = 10 * time.Second

// detect finds bwrap and runs a trivial command under the same isolation
// Run uses, first with --disable-userns (bwrap 0.8 and later), then without.
func detect() modeInfo {
	bw, err := exec.LookPath("bwrap")
	if err != nil {
		return modeInfo{mode: ModeRlimit, warning: fallbackWarning("bwrap was not found in PATH")}
	}
	var first error
	for _, disableUserns := range []bool{true, false} {
		err := probe(bw, disableUserns)
		if err == nil {
			return modeInfo{mode: ModeBwrap, bwrap: bw, disableUserns: disableUserns}
		}
		if first == nil {
			first = err
		}
	}
	return modeInfo{mode: ModeRlimit, warning: fallbackWarning(fmt.Sprintf("bwrap does not work here (%v)", first))}
}

// probe runs `true` under bwrap with a scratch folder as Dir.
func probe(bw string, disableUserns bool) error {
	dir, err := os.MkdirTemp("", "sandbox-probe-")
	if err != nil {
		return fmt.Errorf("make probe folder: %v", err)
	}
	defer os.RemoveAll(dir)
	truePath, err := lookPath("true", nil)
	if err != nil {
		return fmt.Errorf("find true: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cfg := Config{Dir: dir}
	cmd := exec.CommandContext(ctx, bw, bwrapArgs(disableUserns, cfg, truePath, []string{truePath})...)
	cmd.Env = commandEnv(cfg)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("bwrap true: %v: %s", err, firstLine(out))
	}
	return nil
}

// firstLine is the first line of out, trimmed, for an error message.
func firstLine(out []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(out), []byte("\n"))
	if len(line) > 200 {
		line = line[:200]
	}
	return string(line)
}
