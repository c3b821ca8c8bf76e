package main

import (
	"encoding/json"
	"fmt"
	"harnesslab/grader/results"
	"io"
)

// writeCheckJSON prints a result as indented JSON: every check with its
// verdict, message and the transcripts of the runs it recorded.
func writeCheckJSON(w io.Writer, r *results.Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("print the results as JSON: %v", err)
	}
	return nil
}
