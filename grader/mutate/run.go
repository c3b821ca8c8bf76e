package mutate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"harnesslab/grader/results"
)

// Outcome is what a lesson's checks made of one copy of its student files.
type Outcome struct {
	Status  results.Status
	Failed  []string // the checks it failed, by name
	Message string   // the engine's words when it did not get to run the checks
}

// Checker runs a lesson's checks on the student files in dir.
type Checker func(ctx context.Context, dir string) Outcome

// Fate is what became of one mutant.
type Fate string

// The fates of a mutant.
const (
	Killed     Fate = "killed"     // a check failed it
	Survived   Fate = "survived"   // it passed every check, and is not listed as equivalent
	Equivalent Fate = "equivalent" // it passed every check, and is listed as equivalent
	Stillborn  Fate = "stillborn"  // it does not compile, or the lesson's rules refuse it
	KitError   Fate = "kit_error"  // the engine failed on it: not counted, shown
)

// Judged is a mutant with what became of it.
type Judged struct {
	Mutant
	Fate    Fate
	By      []string // the checks that killed it
	Reason  string   // why it is equivalent, from the list
	Message string   // the engine's words, for a kit error
}

// Report is the outcome of a mutation run.
type Report struct {
	Judged []Judged
	// Stale lists entries of the equivalent list that name no mutant, or a
	// mutant the checks kill: the list should lose them.
	Stale []string
}

// Score returns the mutants killed and the mutants that count: all but the
// stillborn, the equivalent and those the engine failed on.
func (r Report) Score() (killed, counted int) {
	for _, j := range r.Judged {
		switch j.Fate {
		case Killed:
			killed++
			counted++
		case Survived:
			counted++
		}
	}
	return killed, counted
}

// Percent is the share of counted mutants killed, from 0 to 100; 100 when none
// count.
func (r Report) Percent() float64 {
	killed, counted := r.Score()
	if counted == 0 {
		return 100
	}
	return 100 * float64(killed) / float64(counted)
}

// Count returns how many mutants met fate f.
func (r Report) Count(f Fate) int {
	n := 0
	for _, j := range r.Judged {
		if j.Fate == f {
			n++
		}
	}
	return n
}

// Run checks every mutant: each one is base (the reference's student files,
// by name) with its own file changed, written into a folder of its own under
// work. equivalent lists the mutants known to behave as the reference does.
// parallel mutants are checked at once; progress, if not nil, hears of each
// as it is judged. The report keeps the mutants' order.
func Run(ctx context.Context, work string, base map[string][]byte, mutants []Mutant, check Checker, equivalent map[string]string, parallel int, progress func(Judged)) (Report, error) {
	judged := make([]Judged, len(mutants))
	sem := make(chan struct{}, max(1, parallel))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for i, m := range mutants {
		dir := filepath.Join(work, fmt.Sprintf("mutant-%04d", i+1))
		if err := writeCopy(dir, base, m); err != nil {
			return Report{}, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if ctx.Err() != nil {
				mu.Lock()
				firstErr = ctx.Err()
				mu.Unlock()
				return
			}
			j := judge(m, check(ctx, dir), equivalent)
			os.RemoveAll(dir)
			mu.Lock()
			defer mu.Unlock()
			judged[i] = j
			if progress != nil {
				progress(j)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return Report{}, fmt.Errorf("check the mutants: %w", firstErr)
	}
	r := Report{Judged: judged}
	ids := map[string]Fate{}
	for _, j := range judged {
		ids[j.ID] = j.Fate
	}
	for id := range equivalent {
		if f, ok := ids[id]; !ok || f == Killed {
			r.Stale = append(r.Stale, id)
		}
	}
	sort.Strings(r.Stale)
	return r, nil
}

// judge decides a mutant's fate from what the checks made of it.
func judge(m Mutant, o Outcome, equivalent map[string]string) Judged {
	j := Judged{Mutant: m, Message: o.Message}
	switch o.Status {
	case results.StatusPassed:
		j.Fate = Survived
		if reason, ok := equivalent[m.ID]; ok {
			j.Fate, j.Reason = Equivalent, reason
		}
	case results.StatusFailed:
		j.Fate, j.By = Killed, o.Failed
	case results.StatusNoCompile, results.StatusRejected:
		j.Fate = Stillborn
	default:
		j.Fate = KitError
	}
	return j
}

// writeCopy writes base, with m's file changed, into dir.
func writeCopy(dir string, base map[string][]byte, m Mutant) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("make a folder for mutant %s: %w", m.ID, err)
	}
	for name, data := range base {
		if name == m.File {
			data = m.Source
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("write mutant %s: %w", m.ID, err)
		}
	}
	return nil
}
