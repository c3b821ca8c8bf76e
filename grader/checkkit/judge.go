package checkkit

import (
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

// Judgement decides one played check.
type Judgement struct {
	// Scenario returns what the player is handed, as a value that encodes
	// to JSON; it returns the same value on every call (generated data
	// comes from fixed seeds), so a verdict is repeatable.
	Scenario func() any
	// Judge compares the student's observation (yours) with the
	// reference's play of the same scenario (ref), and fails c, in words for
	// the student, where they differ in a way the lesson forbids or where
	// yours breaks one of the lesson's rules.
	Judge func(c *C, yours, ref Observed)
}

// JudgeMain is the whole main of a lesson's judge program, which links the
// lesson's play functions and judgements with the reference solution, and
// never student code:
//
//	judge scenarios   writes every check's scenario on standard output,
//	                  as one JSON object by check name
//	judge references  plays every scenario with the reference and writes
//	                  what it did, as one JSON object by check name (a check
//	                  whose play fails is left out)
//	judge             reads, on standard input, one JSON object by check
//	                  name of Played (the player's observation, and the
//	                  reference's when kept from `judge references`; without
//	                  it the judge plays the scenario again), compares, and
//	                  writes the verdicts on standard output (one JSON
//	                  object by check name)
//
// The reference's play of a check is the same on every run (a scenario is
// data, and the Timeline's clock is scripted), so the host keeps it with the
// judge, and judging a copy costs only the comparisons.
//
// A verdict of the judge needs no secret: the host reads it from the judge's
// own output, which student code never reaches.
func JudgeMain(plays map[string]Check, judges map[string]Judgement) {
	debug.SetMaxStack(MaxStack)
	timeout := DefaultTimeout
	if d, err := time.ParseDuration(os.Getenv(EnvTimeout)); err == nil && d > 0 {
		timeout = d
	}
	if err := judgeMain(os.Args[1:], os.Stdin, os.Stdout, plays, judges, timeout); err != nil {
		fmt.Fprintln(os.Stderr, "judge:", err)
		os.Exit(2)
	}
	os.Exit(0) // end any goroutine the reference left running
}

func judgeMain(args []string, in io.Reader, out io.Writer, plays map[string]Check, judges map[string]Judgement, timeout time.Duration) error {
	if err := matched(plays, judges); err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	switch {
	case len(args) == 1 && args[0] == "scenarios":
		all := map[string]any{}
		for name, j := range judges {
			all[name] = j.Scenario()
		}
		return enc.Encode(all)
	case len(args) == 1 && args[0] == "references":
		refs := map[string]Observed{}
		for name, j := range judges {
			if ref, v := playReference(plays[name], j, timeout); v == nil {
				refs[name] = ref
			}
		}
		return enc.Encode(refs)
	case len(args) == 0:
		data, err := io.ReadAll(io.LimitReader(in, 2*int64(len(judges)+1)*MaxObservation))
		if err != nil {
			return fmt.Errorf("read the observations: %w", err)
		}
		var played map[string]Played
		if err := json.Unmarshal(data, &played); err != nil {
			return fmt.Errorf("read the observations: %w", err)
		}
		verdicts := map[string]*Verdict{}
		for _, name := range slices.Sorted(maps.Keys(played)) {
			j, ok := judges[name]
			if !ok {
				return fmt.Errorf("no check called %q; the checks are: %s", name, strings.Join(names(plays), ", "))
			}
			v := Decide(plays[name], j, played[name], timeout)
			v.Check = name
			verdicts[name] = v
		}
		return enc.Encode(verdicts)
	}
	return fmt.Errorf("usage: judge [scenarios] (got %q)", args)
}

// Played is what the judge is handed for one check: the student's
// observation, and the reference's when the host kept it.
type Played struct {
	Yours Observed `json:"yours"`
	Ref   Observed `json:"ref,omitempty"`
}

// Decide judges the student's observation against the reference's: the one
// kept in p, or, when there is none, a play of j's scenario with the code
// this program links (the reference) through play.
func Decide(play Check, j Judgement, p Played, timeout time.Duration) *Verdict {
	ref := p.Ref
	if ref == nil {
		var failed *Verdict
		if ref, failed = playReference(play, j, timeout); failed != nil {
			return failed
		}
	}
	scenario, err := json.Marshal(j.Scenario())
	if err != nil {
		return kitVerdict("encode the scenario: " + err.Error())
	}
	return (&C{scenario: scenario}).runCheck(func(c *C) { j.Judge(c, p.Yours, ref) }, timeout)
}

// playReference plays j's scenario with the code this program links, and
// returns what it did, or the kit's failure when it could not.
func playReference(play Check, j Judgement, timeout time.Duration) (Observed, *Verdict) {
	scenario, err := json.Marshal(j.Scenario())
	if err != nil {
		return nil, kitVerdict("encode the scenario: " + err.Error())
	}
	ref := &C{scenario: scenario}
	if v := ref.runCheck(play, timeout); !v.Passed {
		return nil, kitVerdict("the reference solution did not play this check's scenario: " + strings.Join(v.Failures, "; "))
	}
	return ref.observations(), nil
}

// kitVerdict is a failure that is the kit's, not the student's.
func kitVerdict(why string) *Verdict {
	return &Verdict{Kind: results.KindKitError, Failures: []string{"the kit could not judge this check (not your fault): " + why}}
}

// matched reports a check that is played but not judged, or judged but not
// played.
func matched(plays map[string]Check, judges map[string]Judgement) error {
	for name := range plays {
		if _, ok := judges[name]; !ok {
			return fmt.Errorf("check %s is played but has no judgement", name)
		}
	}
	for name := range judges {
		if _, ok := plays[name]; !ok {
			return fmt.Errorf("check %s is judged but never played", name)
		}
	}
	return nil
}
