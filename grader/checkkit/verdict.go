package checkkit

import (
	"encoding/json"
	"fmt"
	"os"

	"harnesslab/grader/results"
	"harnesslab/lab"
)

// Verdict is what a check program reports about one check.
type Verdict struct {
	Nonce    string       `json:"nonce"`
	Check    string       `json:"check"`
	Passed   bool         `json:"passed"`
	Kind     results.Kind `json:"kind,omitempty"`     // empty when passed; one of results' kinds, or KindObserved
	Failures []string     `json:"failures,omitempty"` // each a sentence, perhaps followed by diff lines
	Details  []string     `json:"details,omitempty"`  // context logged by the check
	// Transcripts are the runs the check recorded or logged (added within
	// the verdict's format: absent means none).
	Transcripts []lab.Transcript `json:"transcripts,omitempty"`
	// Observed is what a player recorded, when Kind is KindObserved.
	Observed Observed `json:"observed,omitempty"`
}

// Environment variables the host sets for a check program.
const (
	EnvVerdict = "LABRUN_VERDICT"       // path of the verdict file
	EnvNonce   = "LABRUN_NONCE"         // secret the verdict must carry
	EnvTimeout = "LABRUN_CHECK_TIMEOUT" // how long a check may run, as a Go duration
)

// ReadVerdict reads the verdict at path and accepts it only if it carries
// nonce and names check.
func ReadVerdict(path, nonce, check string) (*Verdict, error) {
	data, err := readAtMost(path, MaxObservation)
	if err != nil {
		return nil, fmt.Errorf("read verdict: %w", err)
	}
	var v Verdict
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("decode verdict: %w", err)
	}
	if v.Nonce != nonce || v.Check != check {
		return nil, fmt.Errorf("verdict for %q does not carry this run's secret", check)
	}
	return &v, nil
}

func writeVerdict(path string, v *Verdict) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("write verdict: %w", err)
	}
	return os.Rename(tmp, path)
}
