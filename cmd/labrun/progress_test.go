package main

import (
	"harnesslab/grader/results"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestProgressLine(t *testing.T) {
	alice := &results.Result{Name: "alice", Status: results.StatusPassed}
	tests := []struct {
		why     string
		done    int
		total   int
		elapsed time.Duration
		last    *results.Result
		width   int
		want    string
	}{
		{"nothing done yet: no rate, no estimate", 0, 40, 0, nil, 200,
			"[                    ] 0/40"},
		{"slow submissions: seconds each, and the time left at that pace", 16, 40, 32 * time.Second, alice, 200,
			"[########            ] 16/40  2.0 s/submission  about 48s left  alice  passed"},
		{"fast submissions: submissions per second", 30, 40, 10 * time.Second, alice, 200,
			"[###############     ] 30/40  3.0 submissions/s  about 3s left  alice  passed"},
		{"minutes left", 1, 40, 5 * time.Second, alice, 200,
			"[                    ] 1/40  5.0 s/submission  about 3m15s left  alice  passed"},
		{"hours left", 1, 1000, 10 * time.Second, alice, 200,
			"[                    ] 1/1000  10.0 s/submission  about 2h46m left  alice  passed"},
		{"all done: the total time instead of time left", 40, 40, 100 * time.Second, alice, 200,
			"[####################] 40/40  2.5 s/submission  done in 1m40s  alice  passed"},
		{"a name with a tab is shown escaped", 1, 2, time.Second, &results.Result{Name: "alice\tbob", Status: results.StatusFailed}, 200,
			"[##########          ] 1/2  1.0 submissions/s  about 1s left  alice\\tbob  failed"},
		{"a long name is cut", 1, 2, time.Second, &results.Result{Name: strings.Repeat("n", 40), Status: results.StatusFailed}, 200,
			"[##########          ] 1/2  1.0 submissions/s  about 1s left  " + strings.Repeat("n", 21) + "...  failed"},
		{"a narrow terminal cuts the line so it never wraps", 16, 40, 32 * time.Second, alice, 40,
			"[########            ] 16/40  2.0 s/..."},
		{"a zero total does not divide by zero", 0, 0, time.Second, nil, 80,
			"[                    ] 0/1"},
	}
	for _, tt := range tests {
		got := progressLine(tt.done, tt.total, tt.elapsed, tt.last, tt.width)
		if got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.why, got, tt.want)
		}
		if n := utf8.RuneCountInString(got); n >= tt.width {
			t.Errorf("%s: line of %d characters does not fit in %d columns", tt.why, n, tt.width)
		}
	}
}
