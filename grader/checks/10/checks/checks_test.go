package checks

import (
	"strings"
	"testing"
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
