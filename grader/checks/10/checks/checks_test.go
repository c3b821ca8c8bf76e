package checks

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
)

// The stories hold only if their data does: each check counts on these facts.
func TestRunsHoldWhatTheStoriesNeed(t *testing.T) {
	for _, r := range runs {
		f := r.Data
		if n := strings.Count(f.text, f.old); n != 1 {
			t.Errorf("%s: old text %q stands %d times in the file, want once", r.Name, f.old, n)
		}
		if n := strings.Count(f.theirs, f.old); n != 1 {
			t.Errorf("%s: old text %q stands %d times in the teammate's file, want once (the edit must look safe by its text)", r.Name, f.old, n)
		}
		if n := strings.Count(f.text, f.twice); n != f.times || n < 2 {
			t.Errorf("%s: %q stands %d times in the file, want %d (and at least 2)", r.Name, f.twice, n, f.times)
		}
		if strings.Contains(f.text, otherCase(f.old)) {
			t.Errorf("%s: the old text in the other case, %q, is in the file; the missing-text check needs it not to be", r.Name, otherCase(f.old))
		}
		if n := strings.Count(withoutOld(f), f.old); n != 0 {
			t.Errorf("%s: old text %q stands %d times in the teammate's file without it, want 0", r.Name, f.old, n)
		}
		if n := strings.Count(withOldTwice(f), f.old); n != 2 {
			t.Errorf("%s: old text %q stands %d times in the teammate's file with it twice, want 2", r.Name, f.old, n)
		}
		if f.path == f.other || f.text == f.otherT {
			t.Errorf("%s: the second file must differ from the first", r.Name)
		}
	}
	if runs[0].Data.path == runs[1].Data.path {
		t.Errorf("the two runs edit the same path; they must differ in data")
	}
}

func TestOtherCaseSwapsEveryLetter(t *testing.T) {
	for in, want := range map[string]string{"PORT = 8080": "port = 8080", "- fix Login": "- FIX lOGIN", "": ""} {
		if got := otherCase(in); got != want {
			t.Errorf("otherCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScenariosDecode proves every check's scenario reaches the player: it
// encodes, and decodes strictly into the type its play function reads, the
// same on every call.
func TestScenariosDecode(t *testing.T) {
	for name, j := range Judges {
		first, err := json.Marshal(j.Scenario())
		if err != nil {
			t.Fatalf("%s: the scenario does not encode: %v", name, err)
		}
		if again, _ := json.Marshal(j.Scenario()); string(again) != string(first) {
			t.Errorf("%s: the scenario differs from call to call", name)
		}
		if len(first) > checkkit.MaxObservation/4 {
			t.Errorf("%s: the scenario takes %d bytes", name, len(first))
		}
		var stories []checkkit.Data[[]play.Story]
		var reads []checkkit.Data[play.Reads]
		var chats []checkkit.Data[play.ChatStory]
		var chatLists []checkkit.Data[[]play.ChatStory]
		if strict(first, &stories) != nil && strict(first, &reads) != nil && strict(first, &chats) != nil && strict(first, &chatLists) != nil {
			t.Errorf("%s: the scenario is neither stories, reads nor chats", name)
		}
	}
}

// strict decodes data into v, refusing unknown fields.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// TestGeneratedStories proves the generated stories reach what the check
// says: sorted smallest first, past the sizes of the hand-written ones
// (three conversations, four files, long files), with every kind of act,
// edits of empty, repeated and missing text, broken calls, paths outside
// the workspace, and a teammate who writes the same text back.
func TestGeneratedStories(t *testing.T) {
	sets := generatedStories().([]checkkit.Data[[]play.Story])
	var three, four, long, broken, outside, same, empty, undo, write bool
	for _, set := range sets {
		for i, s := range set.Data {
			if i > 0 && storySize(s) < storySize(set.Data[i-1]) {
				t.Errorf("%s: not sorted smallest first", s.What)
			}
			three = three || s.Conversations == 3
			four = four || len(s.Files) == 4
			for _, text := range s.Files {
				long = long || strings.Count(text, "\n") >= 12
			}
			for _, a := range s.Acts {
				switch {
				case a.Call != nil:
					broken = broken || len(a.Call.Arguments) < 2 || (a.Call.Name == "edit" && len(a.Call.Arguments) < 3)
					outside = outside || a.Call.Arguments["path"] == "../outside.py"
					empty = empty || a.Call.Arguments["old_text"] == ""
				case a.Undo != "":
					undo = true
				default:
					write = true
					same = same || s.Files[a.Write] == a.Text
				}
			}
		}
	}
	if !three || !four || !long || !broken || !outside || !same || !empty || !undo || !write {
		t.Errorf("the generated stories miss a shape: 3 conversations %v, 4 files %v, long files %v, broken calls %v, outside %v, same text back %v, empty old_text %v, undo %v, teammate %v",
			three, four, long, broken, outside, same, empty, undo, write)
	}
}

// TestGeneratedChats proves the generated chats reach what the check says:
// sorted smallest first, more replies than MaxSteps, replies of several
// calls, and a teammate who writes before the first request and after the
// last one the loop may send.
func TestGeneratedChats(t *testing.T) {
	sets := generatedChats().([]checkkit.Data[[]play.ChatStory])
	var long, several, early, late bool
	for _, set := range sets {
		for i, s := range set.Data {
			if i > 0 && len(s.Replies) < len(set.Data[i-1].Replies) {
				t.Errorf("%s: not sorted smallest first", s.What)
			}
			long = long || len(s.Replies) > maxSteps+1
			early = early || s.At == 1
			late = late || s.At > maxSteps
			for _, r := range s.Replies {
				several = several || len(r.Blocks) > 1
			}
		}
	}
	if !long || !several || !early || !late {
		t.Errorf("the generated chats miss a shape: past MaxSteps %v, several calls %v, teammate first %v, teammate past MaxSteps %v", long, several, early, late)
	}
}
