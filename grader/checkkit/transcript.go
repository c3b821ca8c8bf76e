package checkkit

import (
	"encoding/json"
	"strings"

	"harnesslab/lab"
)

// MaxTranscripts is how many transcripts one check keeps; later ones are
// left out (the first runs of a scenario are the ones a failure starts in).
const MaxTranscripts = 8

// MaxTranscriptBytes is about how much JSON one transcript may take in a
// verdict; a bigger one keeps its first events and is marked as cut. Student
// code decides how big a conversation gets, and a verdict must stay small.
const MaxTranscriptBytes = 256 << 10

// recorded is a transcript attached to a check, either whole or as a
// recorder read when the verdict is written.
type recorded struct {
	t   *lab.Transcript
	rec *lab.Recorder
}

// Attach adds a transcript to the check's result, shown beside a failure
// (in `labrun check --json`, the grading report and `labrun serve`). The same
// transcript attached twice is kept once.
func (c *C) Attach(t lab.Transcript) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.run != "" && !strings.HasPrefix(t.Title, c.run) {
		t.Title = strings.TrimSuffix(c.run+": "+t.Title, ": ")
	}
	c.recorded = append(c.recorded, recorded{t: &t})
}

// Record returns a recorder whose transcript is attached to the check's
// result when the check ends: wrap the scenario's model, tools and
// workspace with it before handing them to the student's code.
//
//	rec := c.Record("Chat with the read tool")
//	rec.Watch(ws)
//	model := rec.Model(lab.NewScriptedModel(...))
//	harness.Chat(model, nil, "What port?", rec.Tools(checkkit.ReadTool(ws)))
//
// Inside Scenarios the title starts with the run it belongs to.
func (c *C) Record(title string) *lab.Recorder {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.run != "" {
		title = strings.TrimSuffix(c.run+": "+title, ": ")
	}
	rec := lab.NewRecorder(title)
	c.recorded = append(c.recorded, recorded{rec: rec})
	return rec
}

// setRun names the scenario run that transcripts recorded from now on
// belong to.
func (c *C) setRun(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.run = name
}

// transcriptsLocked returns the check's transcripts, each once, at most
// MaxTranscripts of them. c.mu must be held.
func (c *C) transcriptsLocked() []lab.Transcript {
	var out []lab.Transcript
	seen := map[string]bool{}
	for _, r := range c.recorded {
		t := r.t
		if r.rec != nil {
			got := r.rec.Transcript()
			t = &got
		}
		key, _ := json.Marshal(t)
		if seen[string(key)] || len(out) == MaxTranscripts {
			continue
		}
		seen[string(key)] = true
		t.Trim(MaxTranscriptBytes)
		out = append(out, *t)
	}
	return out
}

// Scrub returns transcripts with every occurrence of secret replaced by
// "[secret]", so a check's nonce can never leave in one, even if student
// code were to put it in a message.
func Scrub(transcripts []lab.Transcript, secret string) []lab.Transcript {
	if secret == "" || len(transcripts) == 0 {
		return transcripts
	}
	data, err := json.Marshal(transcripts)
	if err != nil || !strings.Contains(string(data), secret) {
		return transcripts
	}
	quoted, _ := json.Marshal(secret)
	text := strings.ReplaceAll(string(data), strings.Trim(string(quoted), `"`), "[secret]")
	var out []lab.Transcript
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil // a transcript that cannot be cleaned is not kept
	}
	return out
}
