package engine

import (
	"os"
	"path/filepath"
	"testing"

	"harnesslab/lab"
)

// TestCellTranscripts: a cell that wrote nothing has no transcript; one that
// called lab.WriteTranscript gets back what it recorded; a file that is not
// a transcript is an error, not an empty drawing.
func TestCellTranscripts(t *testing.T) {
	dir := t.TempDir()
	if got, err := cellTranscripts(filepath.Join(dir, "none.json")); got != nil || err != nil {
		t.Errorf("no file: got %v, %v; want nothing", got, err)
	}
	path := filepath.Join(dir, "cell.json")
	t.Setenv(lab.EnvTranscript, path)
	rec := lab.NewRecorder("the cell")
	rec.Model(lab.NewScriptedModel(lab.Say("hi"))).Complete("", []lab.Message{lab.User("q")}, nil)
	if err := lab.WriteTranscript(rec); err != nil {
		t.Fatal(err)
	}
	got, err := cellTranscripts(path)
	if err != nil || len(got) != 1 || got[0].Title != "the cell" || len(got[0].Events) != 2 {
		t.Errorf("written transcript: got %+v, %v", got, err)
	}
	os.WriteFile(path, []byte("not json"), 0o600)
	if _, err := cellTranscripts(path); err == nil {
		t.Error("a file that is not a transcript was accepted")
	}
}
