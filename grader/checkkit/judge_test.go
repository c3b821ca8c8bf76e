package checkkit

import (
	"bytes"
	"encoding/json"
	"harnesslab/grader/results"
	"strings"
	"testing"
	"time"
)

// double is a play function: it records twice each number of its scenario,
// as computed by twice (the student's code, or the reference's).
func double(twice func(int) int) Check {
	return func(c *C) {
		for i, n := range Scenario[[]int](c) {
			c.Observe(string(rune('a'+i)), twice(n))
		}
	}
}

// sameDoubles is a judgement: every number the student recorded is the
// reference's.
var sameDoubles = Judgement{
	Scenario: func() any { return []int{1, 2, 3} },
	Judge: func(c *C, yours, ref Observed) {
		for _, key := range []string{"a", "b", "c"} {
			c.Equal("twice "+key, Get[int](c, ref, key), Get[int](c, yours, key))
		}
	},
}

// played plays the double check with twice and returns the observation.
func played(t *testing.T, twice func(int) int) Observed {
	t.Helper()
	scenario, _ := json.Marshal(sameDoubles.Scenario())
	c := &C{scenario: scenario}
	if v := c.runCheck(double(twice), time.Minute); !v.Passed {
		t.Fatalf("play failed: %v", v.Failures)
	}
	return c.observations()
}

func TestDecideComparesWithTheReference(t *testing.T) {
	right := func(n int) int { return 2 * n }
	wrong := func(n int) int { return n + 2 } // right for 2 only
	for _, tt := range []struct {
		reason string
		yours  Observed
		pass   bool
		saying string
	}{
		{"the reference's own play passes", played(t, right), true, ""},
		{"a play that differs fails, naming the value", played(t, wrong), false, "twice a"},
		{"a missing key fails the check, not the judge", Observed{"a": json.RawMessage("2")}, false, "recorded nothing for b"},
		{"a value of another type is refused", Observed{"a": json.RawMessage(`"2"`), "b": json.RawMessage("4"), "c": json.RawMessage("6")}, false, "could not be read"},
		{"trailing data is refused", Observed{"a": json.RawMessage("2 3"), "b": json.RawMessage("4"), "c": json.RawMessage("6")}, false, "could not be read"},
	} {
		v := Decide(double(right), sameDoubles, Played{Yours: tt.yours}, time.Minute)
		if kept := Decide(nil, sameDoubles, Played{Yours: tt.yours, Ref: played(t, right)}, time.Minute); kept.Passed != v.Passed {
			t.Errorf("%s: judged against a kept reference, passed=%v; played again, passed=%v", tt.reason, kept.Passed, v.Passed)
		}
		if v.Passed != tt.pass || !strings.Contains(strings.Join(v.Failures, "\n"), tt.saying) {
			t.Errorf("%s: passed=%v %q; want passed=%v saying %q", tt.reason, v.Passed, v.Failures, tt.pass, tt.saying)
		}
		if !tt.pass && v.Kind != results.KindFailed {
			t.Errorf("%s: kind %s, want %s", tt.reason, v.Kind, results.KindFailed)
		}
	}
}

func TestDecideBlamesTheKitForABrokenReference(t *testing.T) {
	broken := func(int) int { panic("the reference is broken") }
	v := Decide(double(broken), sameDoubles, Played{Yours: played(t, func(n int) int { return 2 * n })}, time.Minute)
	if v.Passed || v.Kind != results.KindKitError {
		t.Errorf("passed=%v kind=%s %q; a reference that cannot play is the kit's failure", v.Passed, v.Kind, v.Failures)
	}
}

func TestKitFatalfIsTheKits(t *testing.T) {
	v := Run(func(c *C) { c.KitFatalf("the reference broke rule %d", 3) }, time.Minute)
	if v.Passed || v.Kind != results.KindKitError || !strings.Contains(v.Failures[0], "not your code: the reference broke rule 3") {
		t.Errorf("passed=%v kind=%s %q", v.Passed, v.Kind, v.Failures)
	}
}

func TestJudgeMain(t *testing.T) {
	plays := map[string]Check{"doubles": double(func(n int) int { return 2 * n })}
	judges := map[string]Judgement{"doubles": sameDoubles}
	var out bytes.Buffer
	if err := judgeMain([]string{"scenarios"}, nil, &out, plays, judges, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out.String()); got != `{"doubles":[1,2,3]}` {
		t.Errorf("scenarios wrote %s", got)
	}
	out.Reset()
	if err := judgeMain([]string{"references"}, nil, &out, plays, judges, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out.String()); got != `{"doubles":{"a":2,"b":4,"c":6}}` {
		t.Errorf("references wrote %s", got)
	}
	out.Reset()
	in := `{"doubles":{"yours":{"a":2,"b":4,"c":7}}}`
	if err := judgeMain(nil, strings.NewReader(in), &out, plays, judges, time.Minute); err != nil {
		t.Fatal(err)
	}
	var verdicts map[string]Verdict
	if err := json.Unmarshal(out.Bytes(), &verdicts); err != nil {
		t.Fatal(err)
	}
	if v := verdicts["doubles"]; v.Passed || v.Check != "doubles" || !strings.Contains(strings.Join(v.Failures, "\n"), "twice c") {
		t.Errorf("verdict %+v; want a failure of doubles at c", v)
	}
	if err := judgeMain(nil, strings.NewReader(`{"triples":{"yours":{}}}`), &out, plays, judges, time.Minute); err == nil {
		t.Error("an observation of a check the judge does not know was accepted")
	}
	delete(judges, "doubles")
	if err := judgeMain([]string{"scenarios"}, nil, &out, plays, judges, time.Minute); err == nil {
		t.Error("a check played but never judged was accepted")
	}
}
