package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"harnesslab/grader/build"
	"harnesslab/grader/checkkit"
	"harnesslab/grader/results"
)

// Played checks. In a lesson whose checks are judged (grader.Lesson.Judged),
// the check program built with the student's files is a player: it is handed
// each check's scenario, plays it, and writes what the student's code did. It
// is run exactly as any check program is (sandboxed, within its limits), and
// what it writes can only fail a check: a panic, a hang or a limit is the
// student's failure, worded as for any check, and an observation goes to the
// judge, which plays the same scenario with the reference, never with
// student code, and alone writes a pass. The player gets no secret: nothing
// it writes, wherever it writes it, can become a passing verdict.

// playerKinds are the kinds of failure a player may report; anything else it
// says is taken as a plain failure.
var playerKinds = map[results.Kind]bool{
	results.KindFailed:     true,
	results.KindNotWritten: true,
	results.KindPanic:      true,
	results.KindTimeout:    true,
	results.KindScript:     true,
}

// writeScenario writes the scenario of req's check where its player reads it.
func writeScenario(j *build.Judge, req *checkRequest) error {
	scenario, ok := j.Scenarios[req.name]
	if !ok {
		return fmt.Errorf("the judge has no scenario for check %s", req.name)
	}
	req.scenario = filepath.Join(req.dir, "scenario.json")
	if err := os.WriteFile(req.scenario, scenario, 0o644); err != nil {
		return fmt.Errorf("write the scenario of check %s: %w", req.name, err)
	}
	return nil
}

// fromPlayer reads a player's verdict v into o: a failure stands, with a kind
// the player may give; an observation waits for the judge. A player's verdict
// is never a pass.
func fromPlayer(o *outcome, v *checkkit.Verdict) {
	o.passed = false
	if v.Kind == checkkit.KindObserved && len(v.Failures) == 0 {
		o.observed = v.Observed
		if o.observed == nil {
			o.observed = checkkit.Observed{}
		}
		return
	}
	o.kind = v.Kind
	if !playerKinds[v.Kind] {
		o.kind = results.KindFailed
	}
	if o.message == "" {
		o.message = "the check failed without saying why"
	}
}

// decide hands every observation among found to the judge and reads its
// verdicts into the outcomes. When the judge cannot be run, those checks are
// the kit's failure.
func decide(ctx context.Context, j *build.Judge, found map[string]*outcome, b Budget) {
	observed := map[string]checkkit.Played{}
	for name, o := range found {
		if o.observed != nil {
			observed[name] = checkkit.Played{Yours: o.observed, Ref: j.References[name]}
		}
	}
	if len(observed) == 0 {
		return
	}
	verdicts, err := judgeAll(ctx, j, observed, b)
	for name := range observed {
		o := found[name]
		o.observed = nil
		v := verdicts[name]
		switch {
		case err != nil:
			o.kind, o.message = results.KindKitError, "the kit could not judge this check (not your fault): "+err.Error()
		case v == nil:
			o.kind, o.message = results.KindKitError, "the kit could not judge this check (not your fault): the judge said nothing about it"
		default:
			o.passed, o.kind, o.details = v.Passed, trusted(v.Kind), v.Details
			o.message = strings.Join(v.Failures, "\n")
		}
	}
}

// judgeAll runs the judge once on every observation, within a time limit of
// two checks' worth each, and returns its verdicts by check name.
func judgeAll(ctx context.Context, j *build.Judge, observed map[string]checkkit.Played, b Budget) (map[string]*checkkit.Verdict, error) {
	in, err := json.Marshal(observed)
	if err != nil {
		return nil, fmt.Errorf("encode the observations: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(2*len(observed)+1)*b.Check+StartGrace)
	defer cancel()
	out, err := j.Run(ctx, in, []string{checkkit.EnvTimeout + "=" + b.Check.String()})
	if err != nil {
		return nil, err
	}
	var verdicts map[string]*checkkit.Verdict
	if err := json.Unmarshal(out, &verdicts); err != nil {
		return nil, fmt.Errorf("read the judge's verdicts: %w", err)
	}
	return verdicts, nil
}
