package results

import "slices"

// CapTranscripts returns checks with every check's transcripts kept under
// about maxBytes of JSON in all: each transcript gets an equal share, and
// one over its share keeps its first events and is marked as cut (see
// lab.Transcript.Trim). checks itself is left as it was.
func CapTranscripts(checks []CheckResult, maxBytes int) []CheckResult {
	if checks == nil {
		return nil
	}
	out := slices.Clone(checks)
	for i := range out {
		n := len(out[i].Transcripts)
		if n == 0 {
			continue
		}
		share := maxBytes / n
		ts := slices.Clone(out[i].Transcripts)
		for j := range ts {
			ts[j].Trim(share)
		}
		out[i].Transcripts = ts
	}
	return out
}
