package checks

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// TestLinesFindsFramingMistakes proves the framing check names each mistake
// a side can make on the wire, and passes well-framed lines.
func TestLinesFindsFramingMistakes(t *testing.T) {
	cases := []struct {
		reason  string
		written string
		want    string // a word the problem must hold; "" for no problem
		count   int    // messages read
	}{
		{"two good lines", `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","method":"x"}` + "\n", "", 2},
		{"no newline at the end", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "newline", 1},
		{"two messages on one line", `{"jsonrpc":"2.0","id":1}{"jsonrpc":"2.0","id":2}` + "\n", "more than one", 1},
		{"not JSON", "hello\n", "not one JSON object", 0},
		{"no jsonrpc field", `{"id":1,"result":{}}` + "\n", "jsonrpc", 1},
	}
	for _, tc := range cases {
		got, problems := lines("a side", tc.written)
		if len(got) != tc.count {
			t.Errorf("%s: read %d messages, want %d", tc.reason, len(got), tc.count)
		}
		if tc.want == "" && len(problems) > 0 {
			t.Errorf("%s: problems %q, want none", tc.reason, problems)
		}
		if tc.want != "" && !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("%s: problems %q, want one saying %q", tc.reason, problems, tc.want)
		}
	}
}

// TestJoinedTextNamesOtherBlocks proves the kit's text of a result: texts
// joined by newlines, an empty text kept, an image named by its type.
func TestJoinedTextNamesOtherBlocks(t *testing.T) {
	got := joinedText([]play.Block{play.Text("a"), play.Text(""), {Type: "image", Data: []byte{1}, MIME: "image/png"}})
	if want := "a\n\n[image content]"; got != want {
		t.Errorf("joinedText = %q, want %q", got, want)
	}
	if got := joinedText(nil); got != "" {
		t.Errorf("joinedText(nil) = %q, want empty", got)
	}
}

// TestOtherIDDiffers proves the stale answers of the hand-written server
// never quote the id they stand in front of, for numbers and strings alike.
func TestOtherIDDiffers(t *testing.T) {
	for _, id := range []string{"1", "0", "42", `"a-1"`, `"1"`} {
		for _, other := range []string{play.OtherID(id), play.OtherID(play.OtherID(id))} {
			if other == id || canonical([]byte(other)) == canonical([]byte(id)) {
				t.Errorf("otherID(%s) = %s, the same id", id, other)
			}
			if strings.HasPrefix(id, `"`) != strings.HasPrefix(other, `"`) {
				t.Errorf("otherID(%s) = %s: a number for a string or the other way round", id, other)
			}
		}
	}
}

// TestServersShareSearch proves the client scenarios hold what they promise:
// both servers offer search, last, and their names and answers differ.
func TestServersShareSearch(t *testing.T) {
	sets := servers()
	if len(sets) < 2 {
		t.Fatalf("%d data sets, want at least 2", len(sets))
	}
	for _, set := range sets {
		if set.Data.Tools[len(set.Data.Tools)-1].Name != "search" {
			t.Errorf("%s: the last tool is %q; the checks call it as search", set.Name, set.Data.Tools[len(set.Data.Tools)-1].Name)
		}
	}
	if sets[0].Data.Name == sets[1].Data.Name || joinedText(sets[0].Data.Tools[1].Answer) == joinedText(sets[1].Data.Tools[1].Answer) {
		t.Errorf("the two servers should differ in name and in what search answers")
	}
}

// TestScenariosDecode proves every check's scenario reaches the player: it
// encodes, is the same on every call, and is not too big.
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
	}
	for name := range play.Plays {
		if _, ok := Judges[name]; !ok {
			t.Errorf("%s is played but not judged", name)
		}
	}
}

// TestGeneratedClientSessions proves the generated client sessions reach
// what the check says: a refused handshake, noise before answers, an answer
// past 64 KiB, error responses and isError results, tools never listed.
func TestGeneratedClientSessions(t *testing.T) {
	var refused, noise, big, rpcErr, isErr, missing, calls, hangUp bool
	for _, set := range generatedClientSessions().([]checkkit.Data[[]play.ClientSession]) {
		for i, cs := range set.Data {
			if i > 0 && clientSize(cs) < clientSize(set.Data[i-1]) {
				t.Errorf("%s: not sorted smallest first", cs.What)
			}
			refused = refused || strings.Contains(cs.Script.Answers["initialize"][0], `"error"`)
			hangUp = hangUp || cs.Script.HangUp > 1
			for _, n := range cs.Script.Noise {
				noise = noise || len(n) > 2
			}
			for _, a := range cs.Script.Answers["tools/call"] {
				big = big || strings.Contains(a, bigText)
				rpcErr = rpcErr || strings.HasPrefix(a, `"error"`)
				isErr = isErr || strings.Contains(a, `"isError":true`)
			}
			for _, s := range cs.Steps {
				missing = missing || strings.HasSuffix(s.Tool, "never_listed")
				calls = calls || s.Method != ""
			}
		}
	}
	if !refused || !noise || !big || !rpcErr || !isErr || !missing || !calls || !hangUp {
		t.Errorf("the generated sessions miss a shape: refused %v, noise %v, big %v, error responses %v, isError %v, never listed %v, Call %v, hang-up %v",
			refused, noise, big, rpcErr, isErr, missing, calls, hangUp)
	}
}

// TestGeneratedServerSessions proves the generated server sessions reach
// what the check says: no handshake, a long line, an unended last line,
// lines that are not JSON, and ids past a float64.
func TestGeneratedServerSessions(t *testing.T) {
	var bare, big, unended, broken, bigID, failing bool
	for _, set := range generatedServerSessions().([]checkkit.Data[[]play.Session]) {
		for i, s := range set.Data {
			if i > 0 && len(s.Input) < len(set.Data[i-1].Input) {
				t.Errorf("%s: not sorted smallest first", s.What)
			}
			bare = bare || len(s.Input) > 0 && !strings.Contains(s.Input[0], `"initialize"`)
			unended = unended || s.Unended
			failing = failing || s.Broken
			for _, line := range s.Input {
				big = big || strings.Contains(line, bigText)
				broken = broken || line == "hello server" || line == "}{"
				bigID = bigID || strings.Contains(line, "9007199254740993")
			}
		}
	}
	if !bare || !big || !unended || !broken || !bigID || !failing {
		t.Errorf("the generated sessions miss a shape: no handshake %v, long line %v, unended %v, not JSON %v, big id %v, failing read %v", bare, big, unended, broken, bigID, failing)
	}
}

// TestToolRunsRebuilt proves toolRuns hands SameToolRuns the runs it was
// given, in order.
func TestToolRunsRebuilt(t *testing.T) {
	runs := []checkkit.ToolRun{{Tool: "add", Args: map[string]any{"a": 1.0}}, {Tool: "fail", Args: map[string]any{}}}
	if got := toolRuns(runs).Runs(); len(got) != 2 || got[0].Tool != "add" || got[1].Tool != "fail" {
		t.Errorf("toolRuns gave %+v", got)
	}
}
