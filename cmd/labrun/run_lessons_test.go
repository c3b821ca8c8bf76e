package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// chatReply is what a scripted server sends back for one request: a status
// and a body in Chat Completions' wire format.
type chatReply struct {
	status int
	body   string
}

// chatStep answers one request, given the request's body.
type chatStep func(body []byte) chatReply

// scriptedChat speaks Chat Completions as a local server would, one step of
// its script per request, in order. A request past the end of the script is
// answered with a text that says so, which no run's output expects.
type scriptedChat struct {
	mu     sync.Mutex
	steps  []chatStep
	bodies [][]byte
}

func (s *scriptedChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	n := len(s.bodies)
	s.bodies = append(s.bodies, body)
	s.mu.Unlock()
	reply := say("the test's script ran out")(body)
	if n < len(s.steps) {
		reply = s.steps[n](body)
	}
	w.Header().Set("content-type", "application/json")
	w.WriteHeader(reply.status)
	io.WriteString(w, reply.body)
}

// answer wraps an assistant message in a Chat Completions reply.
func answer(message string) chatReply {
	return chatReply{http.StatusOK, fmt.Sprintf(`{"choices":[{"message":%s,"finish_reason":"stop"}],"usage":{"prompt_tokens":100,"completion_tokens":10}}`, message)}
}

// say answers with a text.
func say(text string) chatStep {
	content, _ := json.Marshal(text)
	return func([]byte) chatReply {
		return answer(fmt.Sprintf(`{"role":"assistant","content":%s}`, content))
	}
}

// calls answers with tool calls, each written "id name {json arguments}".
func calls(written ...string) chatStep {
	var list []string
	for _, w := range written {
		parts := strings.SplitN(w, " ", 3)
		arguments, _ := json.Marshal(parts[2])
		list = append(list, fmt.Sprintf(`{"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}`, parts[0], parts[1], arguments))
	}
	return func([]byte) chatReply {
		return answer(fmt.Sprintf(`{"role":"assistant","content":null,"tool_calls":[%s]}`, strings.Join(list, ",")))
	}
}

// overloaded fails the request the way a busy server does.
func overloaded([]byte) chatReply {
	return chatReply{http.StatusServiceUnavailable, `{"error":{"message":"The server is overloaded.","type":"server_error"}}`}
}

// userWords summarizes a request the way a careful model would: it keeps
// every sentence the user said, the last message (the request for the
// summary) left out.
func userWords(body []byte) chatReply {
	var request struct {
		Messages []struct{ Role, Content string }
	}
	json.Unmarshal(body, &request)
	var said []string
	for i, m := range request.Messages {
		if m.Role == "user" && i < len(request.Messages)-1 {
			said = append(said, m.Content)
		}
	}
	return say("The user said: " + strings.Join(said, " "))(body)
}

// nameFromRequest answers "What is my name?" from what the request holds,
// as a model does: Ada only if the request still says so.
func nameFromRequest(body []byte) chatReply {
	if bytes.Contains(body, []byte("Ada")) {
		return say("Your name is Ada.")(body)
	}
	return say("I do not know your name.")(body)
}

// lessonRuns are the runs of lessons 05 to 12, each played with the
// lesson's solution against a scripted server, with what its output must
// show: the lesson's new piece at work.
var lessonRuns = []struct {
	lesson, solution string
	steps            []chatStep
	want             []string
	reason           string
}{
	{
		lesson: "05", solution: "solutions/05-the-contract",
		steps: []chatStep{
			calls(`call_1 search_reports {"query":"flooding","limit":"20","sort":"newest"}`),
			calls(`call_2 search_reports {"query":"flooding","limit":20}`),
			say("14 reports mention flooding."),
		},
		want: []string{
			"toolResult call_1 (error) ->",
			"refused before it ran: Error:",
			"search_reports ran 1 of the 2 times it was called",
		},
		reason: "the call that breaks the schema gets an error result and never runs",
	},
	{
		lesson: "06", solution: "solutions/06-big-outputs",
		steps: []chatStep{
			calls(`call_1 go_test {"package":"shop/billing"}`),
			calls(`call_2 search {"query":"--- FAIL"}`),
			calls(`call_3 read_lines {"path":"outputs/1.log","offset":500,"limit":5}`),
			say("TestRefund250 fails: got 200, want 401."),
		},
		want: []string{
			"lines cut (offsets ",
			"Full output: outputs/1.log.",
			`toolResult call_2 -> "outputs/1.log:`,
			"kept: outputs/1.log, 1227 lines, the whole test run byte for byte: true",
		},
		reason: "the big output is kept whole, and search and read_lines find the failure in it",
	},
	{
		lesson: "07", solution: "solutions/07-who-may-do-what",
		steps: []chatStep{
			calls(`call_1 read {"path":"report.md"}`),
			calls(`call_2 send_email {"to":"finance","subject":"Week 12","body":"40 tents reached Kessan."}`),
			calls(`call_3 save_draft {"path":"draft.md","text":"Week 12: 40 tents reached Kessan."}`),
			say("I could not email finance; the summary is in draft.md."),
		},
		want: []string{
			`toolResult call_2 (error) -> "Error: denied by policy: send_email is not on the allow-list`,
			`toolResult call_3 -> "saved draft.md"`,
			"outbox: []",
			"policy log: deny send_email",
		},
		reason: "send_email is denied and logged, the outbox stays empty, the draft is saved",
	},
	{
		lesson: "08", solution: "solutions/08-guardrails",
		steps: []chatStep{
			calls(`call_1 get_report {"id":"R2"}`),
			say("Kessan has 48,200 people [call_1]."),
		},
		want: []string{
			`toolResult call_1 -> "Kessan, 2026-03-15: 48,200 people.`,
			"guardrails' log: redact",
			"answered after 2 steps",
		},
		reason: "the phone number and e-mail address are redacted before the model sees them, and the log says so",
	},
	{
		lesson: "09", solution: "solutions/09-when-the-provider-fails",
		steps: []chatStep{
			overloaded,
			calls(`call_1 send_draft {"to":"ops","text":"The nightly build failed."}`),
			say("Done: the ops team has the draft."),
		},
		want: []string{
			"request 1: refused: 503",
			"the outbox got a request to ops with key draft-key-1\nthe outbox got a request to ops with key draft-key-1\n",
			"drafts sent: 1",
		},
		reason: "Fallback retries the overloaded provider, and the lost reply is sent again with the same key, so one draft goes out",
	},
	{
		lesson: "10", solution: "solutions/10-edits-that-dont-clobber",
		steps: []chatStep{
			calls(`call_1 read {"path":"config.py"}`),
			calls(`call_2 edit {"path":"config.py","old_text":"PORT = 8080","new_text":"PORT = 9090"}`),
			calls(`call_3 read {"path":"config.py"}`),
			calls(`call_4 edit {"path":"config.py","old_text":"PORT = 8080","new_text":"PORT = 9090"}`),
			say("PORT is 9090 now."),
		},
		want: []string{
			"edit refused: Error: config.py changed since you read it",
			"config.py now holds:\nHOST = \"0.0.0.0\"\nPORT = 9090\n",
		},
		reason: "the teammate's change after the first read makes the edit stale; after a second read it keeps both changes",
	},
	{
		lesson: "11", solution: "solutions/11-several-calls-at-once",
		steps: []chatStep{
			calls(`call_a read {"path":"auth/tokens.go"}`, `call_b read {"path":"auth/session.go"}`),
			say("Expired in auth/tokens.go checks it, with a minute of grace."),
		},
		want: []string{
			"the reads finished in this order: auth/session.go, auth/tokens.go",
			"the results went back in this order: call_a, call_b",
		},
		reason: "the two reads run at once, the second finishes first, and the results still follow the calls",
	},
	{
		lesson: "12", solution: "solutions/12-sending-less",
		steps: []chatStep{
			say("Nice to meet you, Ada."), say("Noted."), say("Noted."), say("Noted."), say("Noted."),
			userWords,
			nameFromRequest,
		},
		want: []string{
			"before compaction: 10 messages",
			"after compaction:  3 messages",
			`the summary: "The user said: My name is Ada.`,
			`assistant -> "Your name is Ada."`,
		},
		reason: "the older turns become the model's summary, and the name survives in it",
	},
}

// TestRunLessons plays each run of lessons 05 to 12 with the lesson's
// solution against a scripted server reached by --base-url, and finds the
// lesson's new piece at work in the output.
func TestRunLessons(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program per lesson")
	}
	t.Chdir("../..")
	t.Setenv("OPENAI_API_KEY", "")
	for _, c := range lessonRuns {
		t.Run(c.lesson, func(t *testing.T) {
			server := &scriptedChat{steps: c.steps}
			srv := httptest.NewServer(server)
			defer srv.Close()
			var stdout, stderr bytes.Buffer
			err := run([]string{"run", c.lesson, c.solution, "--model", "openai:local", "--base-url", srv.URL}, &stdout, &stderr)
			if err != nil {
				t.Fatalf("labrun run %s: %v\nstdout:\n%s\nstderr:\n%s", c.lesson, err, &stdout, &stderr)
			}
			out := stdout.String()
			for _, want := range c.want {
				if !strings.Contains(out, want) {
					t.Errorf("%s, but the output lacks %q:\n%s", c.reason, want, out)
				}
			}
			if got := len(server.bodies); got != len(c.steps) {
				t.Errorf("the server got %d requests, want %d, one per step of its script:\n%s", got, len(c.steps), out)
			}
		})
	}
}
