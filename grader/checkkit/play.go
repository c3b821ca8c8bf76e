package checkkit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"harnesslab/grader/results"
)

// A played check runs in two processes. The player (the student's files, lab
// and the lesson's play functions) is handed a scenario, drives the student's
// code through it and records what came back: it holds no expected value and
// cannot pass. The judge (the same play functions, the lesson's judgements
// and the reference solution, never student code) plays the same scenario
// with the reference and compares; it alone writes a passing verdict. See
// JudgeMain.

// EnvScenario names the file that holds a played check's scenario. When it is
// set, Main plays the check and writes what the student's code did instead of
// a verdict of its own.
const EnvScenario = "LABRUN_SCENARIO"

// KindObserved is the kind of a player's verdict that carries an observation
// for the judge: it is never a pass, and never reaches a report.
const KindObserved results.Kind = "observed"

// MaxObservation is the most bytes a check's verdict, observation included,
// may take; the host reads no more.
const MaxObservation = 16 << 20

// Observed is what a player recorded in one check: each value the student's
// code returned or left behind, by key, as JSON.
type Observed map[string]json.RawMessage

// Scenario decodes the scenario of the check being played into a T. A
// scenario that does not decode is the kit's mistake, and stops the check.
func Scenario[T any](c *C) T {
	var v T
	if err := decodeStrict(c.scenario, &v); err != nil {
		c.KitFatalf("it could not read this check's scenario: %v", err)
	}
	return v
}

// Observe records v, under key, as something the student's code did. Each key
// is recorded once per check; a later Observe under the same key replaces it.
func (c *C) Observe(key string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.Fatalf("what your code returned for %s cannot be written down (%v)", key, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.observed == nil {
		c.observed = Observed{}
	}
	c.observed[key] = data
}

// Get decodes the value observed under key into a T, strictly: unknown
// fields, trailing data or a missing key fail the check. Judgements read the
// student's observation with it, so a record that is not what a player
// writes is never taken for one.
func Get[T any](c *C, o Observed, key string) T {
	var v T
	raw, ok := o[key]
	if !ok {
		c.Fatalf("your program recorded nothing for %s: it stopped before it got there, or its record was changed", key)
	}
	if err := decodeStrict(raw, &v); err != nil {
		c.Fatalf("what your program recorded for %s could not be read (%v): its record was changed", key, err)
	}
	return v
}

// decodeStrict decodes exactly one JSON value from data into v, refusing
// fields v does not have.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more data after the value")
	}
	return nil
}

// KitFatalf stops the check with a failure that is the kit's, not the
// student's: a scenario that does not decode, or a reference that breaks a
// rule of its own lesson (an invariant the judge checks on both plays). The
// verdict's kind is results.KindKitError, and the sentence says whose fault it is.
func (c *C) KitFatalf(format string, args ...any) {
	c.mu.Lock()
	c.kitFailed = true
	c.mu.Unlock()
	c.Fatalf("the kit is wrong here, not your code: "+format, args...)
}

// readScenario reads the scenario file named by EnvScenario, if any.
func readScenario() (json.RawMessage, bool, error) {
	path := os.Getenv(EnvScenario)
	os.Unsetenv(EnvScenario)
	if path == "" {
		return nil, false, nil
	}
	data, err := readAtMost(path, MaxObservation)
	if err != nil {
		return nil, true, fmt.Errorf("read the check's scenario: %w", err)
	}
	return data, true, nil
}

// readAtMost reads the file at path, failing when it holds more than limit bytes.
func readAtMost(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s holds more than %d bytes", path, limit)
	}
	return data, nil
}
