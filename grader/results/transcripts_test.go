package results

import (
	"encoding/json"
	"strings"
	"testing"

	"harnesslab/lab"
)

// TestCapTranscriptsCutsOnlyWhatIsOver: a big transcript is cut and marked,
// a small one in another check is kept whole, and the input is unchanged.
func TestCapTranscriptsCutsOnlyWhatIsOver(t *testing.T) {
	big := lab.NewTranscript("big")
	for range 200 {
		big.Events = append(big.Events, lab.Event{Kind: lab.EventRead, Path: strings.Repeat("x", 200)})
	}
	small := lab.ConversationTranscript("small", []lab.Message{lab.User("q")})
	checks := []CheckResult{{Name: "a", Transcripts: []lab.Transcript{big}}, {Name: "b", Transcripts: []lab.Transcript{small}}}
	got := CapTranscripts(checks, 4096)
	cut := got[0].Transcripts[0]
	if !cut.Cut || !strings.Contains(cut.Note, "of 200 events") {
		t.Errorf("big transcript: cut %v, note %q; want it marked as cut", cut.Cut, cut.Note)
	}
	if data, _ := json.Marshal(cut); len(data) > 4096 {
		t.Errorf("cut transcript is %d bytes, over the cap", len(data))
	}
	if got[1].Transcripts[0].Cut {
		t.Error("a small transcript was cut")
	}
	if len(checks[0].Transcripts[0].Events) != 200 || checks[0].Transcripts[0].Cut {
		t.Error("CapTranscripts changed the checks it was given")
	}
}
