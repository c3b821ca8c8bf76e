package checks

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/15/play"
	"harnesslab/lab"
)

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
		var calls []checkkit.Data[[]play.Calls]
		var loops []checkkit.Data[[]play.Loop]
		var streams []checkkit.Data[[]play.Stream]
		if strict(first, &calls) != nil && strict(first, &loops) != nil && strict(first, &streams) != nil {
			t.Errorf("%s: the scenario is neither calls, loops nor streams", name)
		}
	}
}

// strict decodes data into v, refusing unknown fields.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// TestStreamsAreWhatTheySay proves each stream's calls decode, as lab's
// Final needs, unless the stream is one of the broken ones, whose broken
// call the kit finds.
func TestStreamsAreWhatTheySay(t *testing.T) {
	for _, name := range []string{"stream_shows_text_in_order", "stream_shows_as_it_arrives", "stream_final_is_pieces_joined", "stream_tool_calls", "show_stream_agrees"} {
		for _, set := range Judges[name].Scenario().([]checkkit.Data[[]play.Stream]) {
			for _, sc := range set.Data {
				broken := brokenID(sc) != ""
				func() {
					defer func() {
						if r := recover(); (r != nil) != broken {
							t.Errorf("%s: %s: broken=%v, but Final panicked: %v", name, sc.What, broken, r)
						}
					}()
					lab.NewStream(sc.Pieces...).Final()
				}()
			}
		}
	}
}

// TestGeneratedLoopsStayShort proves the generated runs wait little: every
// call that times out costs its limit, and a check's time counts waiting.
func TestGeneratedLoopsStayShort(t *testing.T) {
	var total time.Duration
	shapes := map[string]int{}
	for _, set := range generatedLoops().([]checkkit.Data[[]play.Loop]) {
		for _, sc := range set.Data {
			waits := 0
			stopped := false
		steps:
			for _, r := range sc.Replies[:min(sc.MaxSteps, len(sc.Replies))] {
				for _, b := range r.Blocks {
					if sc.Cancelled || stopped {
						break steps
					}
					if play.ArgOf(b) == sc.CancelOn && sc.CancelOn != "" {
						stopped = true
						continue
					}
					if b.Name == "search" || b.Name == "fetch" {
						waits++
					}
				}
			}
			if waits > 0 && sc.Limit > genTimeout {
				t.Errorf("%s: %d calls time out at a limit of %v", sc.What, waits, sc.Limit)
			}
			total += time.Duration(waits) * sc.Limit
			switch {
			case sc.Cancelled:
				shapes["cancelled before"]++
			case sc.CancelOn != "":
				shapes["cancel during"]++
			case waits > 0:
				shapes["timeouts"]++
			case len(sc.Replies) > sc.MaxSteps:
				shapes["past the budget"]++
			}
		}
	}
	if total > 1500*time.Millisecond {
		t.Errorf("the generated runs wait %v in all for calls that time out", total)
	}
	for _, shape := range []string{"cancelled before", "cancel during", "timeouts", "past the budget"} {
		if shapes[shape] < 2 {
			t.Errorf("only %d generated runs are %s: %v", shapes[shape], shape, shapes)
		}
	}
	t.Logf("generated runs: %v, waiting %v for timeouts", shapes, total)
}
