package checks

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// Generated sessions of the server: lines written by hand, the server's
// rules combined in ways no hand-written case holds.

// generatedServerCount is how many sessions server_agrees plays, in two
// data sets.
const generatedServerCount = 40

// genIDs are the ids a generated request may carry: numbers (0, negative,
// past what a float64 holds exactly) and strings (empty, multi-byte).
var genIDs = []string{`0`, `1`, `-3`, `42`, `9007199254740993`, `"a-1"`, `""`, `"é-7"`, `"1"`}

// serverGen generates a session of the server: the handshake (or none),
// then requests of every method the server has and some it has not,
// notifications, lines that are not JSON, blank lines and a line longer than
// any buffer, with ids of both kinds; the last line may have no newline.
var serverGen = rapid.Custom(func(t *rapid.T) play.Session {
	s := play.Session{Prefix: rapid.SampledFrom([]string{"", "x_", "é_"}).Draw(t, "prefix")}
	n := 0
	id := func() string {
		n++
		if rapid.IntRange(0, 2).Draw(t, "id kind") == 0 {
			return rapid.SampledFrom(genIDs).Draw(t, "id")
		}
		if rapid.Bool().Draw(t, "string id") {
			return fmt.Sprintf(`"r-%d"`, n)
		}
		return fmt.Sprint(100 + n)
	}
	request := func(method, params string) string {
		line := `{"jsonrpc":"2.0","id":` + id() + `,"method":"` + method + `"`
		if params != "" {
			line += `,"params":` + params
		}
		return line + "}"
	}
	if rapid.IntRange(0, 5).Draw(t, "handshake") > 0 {
		s.Input = append(s.Input, initialize(id()), initialized)
	}
	p := s.Prefix
	for range rapid.IntRange(0, 9).Draw(t, "lines") {
		switch rapid.IntRange(0, 13).Draw(t, "line") {
		case 0:
			s.Input = append(s.Input, request("ping", ""))
		case 1:
			s.Input = append(s.Input, request("tools/list", rapid.SampledFrom([]string{"", `{}`, `{"cursor":"c1"}`}).Draw(t, "list params")))
		case 2, 3:
			a, b := rapid.IntRange(-5, 5).Draw(t, "a"), rapid.SampledFrom([]int{0, 40, 1 << 40}).Draw(t, "b")
			s.Input = append(s.Input, request("tools/call", fmt.Sprintf(`{"name":%q,"arguments":{"a":%d,"b":%d}}`, p+"add", a, b)))
		case 4:
			bad := rapid.SampledFrom([]string{`{"a":"two","b":3}`, `{"a":1}`, `{"a":1,"b":2,"c":3}`, `{"a":1.5,"b":2}`}).Draw(t, "bad arguments")
			s.Input = append(s.Input, request("tools/call", fmt.Sprintf(`{"name":%q,"arguments":%s}`, p+"add", bad)))
		case 5:
			s.Input = append(s.Input, request("tools/call", fmt.Sprintf(`{"name":%q,"arguments":{}}`, p+"fail")))
		case 6:
			name := rapid.SampledFrom([]string{p + "shred", "ADD", p + "add ", ""}).Draw(t, "unknown tool")
			s.Input = append(s.Input, request("tools/call", fmt.Sprintf(`{"name":%q,"arguments":{}}`, name)))
		case 7:
			s.Input = append(s.Input, request(rapid.SampledFrom([]string{"resources/list", "prompts/list", "server/discover", "tools/List", "notifications/initialized"}).Draw(t, "unknown method"), `{}`))
		case 8:
			s.Input = append(s.Input, rapid.SampledFrom([]string{initialized,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
				`{"jsonrpc":"2.0","method":"ping"}`,
				`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"` + p + `add","arguments":{"a":1,"b":2}}}`}).Draw(t, "notification"))
		case 9:
			s.Input = append(s.Input, rapid.SampledFrom([]string{`hello server`, `{"jsonrpc":"2.0","id":7`, `{"jsonrpc":"2.0","id":8,"method":}`, `}{`}).Draw(t, "not JSON"))
		case 10:
			s.Input = append(s.Input, rapid.SampledFrom([]string{``, `   `, "\t"}).Draw(t, "blank"))
		case 11:
			s.Input = append(s.Input, request("ping", `{"pad":"`+bigText+`"}`))
		default:
			s.Input = append(s.Input, initialize(id()))
		}
	}
	s.Unended = len(s.Input) > 0 && strings.TrimSpace(s.Input[len(s.Input)-1]) != "" && rapid.IntRange(0, 3).Draw(t, "unended") == 0
	s.Broken = rapid.IntRange(0, 5).Draw(t, "broken") == 0
	return s
})

// generatedServerSessions is two data sets of generated sessions.
func generatedServerSessions() any {
	var all []play.Session
	for seed := range generatedServerCount {
		all = append(all, serverGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Session) int { return len(a.Input) - len(b.Input) })
	for i := range all {
		all[i].What = fmt.Sprintf("Generated session %d (%s)", i+1, describeServer(all[i]))
	}
	return checkkit.Generated(all, "server sessions")
}

// describeServer says in words what makes a generated session what it is.
func describeServer(s play.Session) string {
	parts := []string{checkkit.Plural(len(s.Input), "line")}
	if len(s.Input) == 0 || !strings.Contains(s.Input[0], `"initialize"`) {
		parts = append(parts, "no handshake first")
	}
	for _, line := range s.Input {
		if strings.Contains(line, bigText) {
			parts = append(parts, "a line longer than 64 KiB")
			break
		}
	}
	if s.Unended {
		parts = append(parts, "no newline after the last line")
	}
	if s.Broken {
		parts = append(parts, "reading fails after the last line")
	}
	return strings.Join(parts, ", ")
}

// idForm is how the judge compares an answer's id: a string by its value, a
// number exactly as written.
func idForm(raw json.RawMessage) string {
	if strings.HasPrefix(strings.TrimSpace(string(raw)), `"`) {
		return canonical(raw)
	}
	return strings.TrimSpace(string(raw))
}

// judgeServerAgrees compares each generated session with the reference's:
// every answer (its id exactly as it came, its result, or its error's code),
// in order, one a line; the tools that ran; and ServeMCP's return.
func judgeServerAgrees(c *checkkit.C, yours, ref checkkit.Observed) {
	each(c, func(k int, sessions []play.Session) {
		for i, s := range sessions {
			key := play.ItemKey(k, "session", i)
			want := checkkit.Get[play.Raw](c, ref, key)
			got := checkkit.Get[play.Raw](c, yours, key)
			if !agreeServer(c, s, got, want) {
				c.Logf("%s: the check wrote these lines:\n%s", s.What, checkkit.Indent(play.Clip(strings.Join(s.Input, "\n"))))
				if s.Unended {
					c.Logf("(the last line had no newline: the input ended right after it)")
				}
				return
			}
		}
	})
}

// agreeServer compares one generated session, and says the first difference.
func agreeServer(c *checkkit.C, s play.Session, got, want play.Raw) bool {
	wantSent, problems := lines("the reference's server", want.Wrote)
	if (want.Error != nil) != s.Broken || len(problems) > 0 {
		c.KitFatalf("%s: the reference's server returned %s and wrote %q", s.What, said(want.Error), want.Wrote)
	}
	sent, problems := lines("your server", got.Wrote)
	if len(problems) > 0 {
		c.Errorf("%s: %s", s.What, problems[0])
		return false
	}
	if got.Error != nil && !s.Broken {
		c.Errorf("%s: ServeMCP returned the error %s; it should answer every line and return nil when its input ends.", s.What, checkkit.Quote(*got.Error))
		return false
	}
	for n := range max(len(wantSent), len(sent)) {
		if n >= len(sent) {
			c.Errorf("%s: your server wrote %s; the reference's wrote %s. Answer %d should be %s. "+
				"Every request gets one answer, a line that is not JSON the error %d, a notification or a blank line none.",
				s.What, checkkit.Plural(len(sent), "answer"), checkkit.Plural(len(wantSent), "answer"), n+1, checkkit.Quote(play.Clip(wantSent[n].Raw)), parseError)
			return false
		}
		if n >= len(wantSent) {
			c.Errorf("%s: your server wrote %s; the reference's wrote %s. Answer %d answers nothing: %s. "+
				"A notification (no id) and a blank line get no answer.",
				s.What, checkkit.Plural(len(sent), "answer"), checkkit.Plural(len(wantSent), "answer"), n+1, checkkit.Quote(play.Clip(sent[n].Raw)))
			return false
		}
		w, g := answers(wantSent[n : n+1])[0], answers(sent[n : n+1])[0]
		w.ID, g.ID = idForm(wantSent[n].ID), idForm(sent[n].ID)
		if w != g {
			c.Errorf("%s: answer %d should quote the id of its request exactly as it came and hold %s; the reference's server wrote\n  %s\nyours wrote\n  %s",
				s.What, n+1, answerWords(w), checkkit.Quote(play.Clip(wantSent[n].Raw)), checkkit.Quote(play.Clip(sent[n].Raw)))
			return false
		}
	}
	return checkkit.SameToolRuns(c, s.What+": each tools/call with good arguments to a tool that exists should run it once, with those arguments; nothing else runs a tool",
		want.Runs, toolRuns(got.Runs))
}

// answerWords says what an answer holds: its result or its error code.
func answerWords(a answer) string {
	if a.Result == "" {
		return fmt.Sprintf("the error %d", a.Code)
	}
	return "the result " + checkkit.Quote(play.Clip(a.Result))
}
