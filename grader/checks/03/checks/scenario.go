package checks

import (
	"fmt"
	"strings"
	"sync"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The checks build their own tools and models, so that a change to the given
// parts of harness.go cannot change what a check expects.

// The lesson's bug: the port is set three files deep. main.go leads to
// config.go, which leads to env.go.
var portFiles = map[string]string{
	"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
	"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
	"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
}

// portQuestion is what the user asks.
const portQuestion = "The server listens on 9090, not 8080. Where does 9090 come from?"

// portWorkspace is a fresh disk holding the three files.
func portWorkspace() *lab.Workspace { return lab.NewWorkspace(portFiles) }

// readTool is the read tool of the lesson, over ws.
func readTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "read",
		Description: "Read a text file and return its contents.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{"path": lab.Schema{
				"type": "string", "description": "Path of the file to read."}},
			"required": []string{"path"},
		},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			return ws.ReadText(path)
		},
	}
}

// specOf is what a request should say about tool.
func specOf(tool lab.Tool) lab.Spec {
	return lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters}
}

// read is a call to read path.
func read(path string) lab.Block { return lab.Call("read", lab.Args{"path": path}) }

// quoteLine answers by quoting the line of result id that starts with
// prefix: the model can only report what its request shows. Without that
// result it can only say so.
func quoteLine(id, prefix string) lab.Respond {
	return func(r lab.Request) lab.Message {
		res, _ := r.ResultFor(id)
		for _, line := range strings.Split(res.Content, "\n") {
			if strings.HasPrefix(line, prefix) {
				return lab.Say("It comes from env.go: " + line + ".")
			}
		}
		return lab.Say("I have not seen where it is set.")
	}
}

// portAnswer is what the model answers once it has read env.go as call c3.
const portAnswer = "It comes from env.go: const defaultPort = 9090."

// followsModel reads main.go, then config.go, then env.go, one file a reply,
// and then answers from what env.go says. Its script holds exactly four
// replies.
func followsModel() *lab.ScriptedModel {
	return lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go")),
		lab.Reply(lab.Text("main.go gets its port from loadConfig, in config.go. Let me read that next."), read("config.go")),
		lab.Reply(lab.Text("config.go falls back to defaultPort. Let me find where that is set."), read("env.go")),
		quoteLine("c3", "const defaultPort"),
	)
}

// followsList is the list a correct loop ends with for followsModel, after
// the messages it started with.
func followsList() []lab.Message {
	return []lab.Message{
		lab.Reply(lab.Text("Let me start where the program starts."), read("main.go").WithID("c1")),
		result("c1", portFiles["main.go"]),
		lab.Reply(lab.Text("main.go gets its port from loadConfig, in config.go. Let me read that next."), read("config.go").WithID("c2")),
		result("c2", portFiles["config.go"]),
		lab.Reply(lab.Text("config.go falls back to defaultPort. Let me find where that is set."), read("env.go").WithID("c3")),
		result("c3", portFiles["env.go"]),
		lab.Say(portAnswer),
	}
}

// result is the toolResult of the read tool that answers call id.
func result(id, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: "read", Content: content}
}

// stillAsking is the reply of a model that never stops asking: a few words,
// and one more file to read.
var stillAsking = lab.Reply(lab.Text("Before I answer, let me check main.go once more."), read("main.go"))

// endless is a model that never stops asking for a file. A loop with no
// budget would call it for ever, and fill the memory with requests; so once it
// has been called far past the budget it says so, and stops answering: the
// check then ends as a timeout, inside the loop that would not stop.
type endless struct {
	c      *checkkit.C
	model  *lab.ScriptedModel
	budget int

	mu    sync.Mutex
	calls int
}

// runaway is how many calls past its budget an endless model answers.
const runaway = 100

func newEndless(c *checkkit.C, budget int, reply lab.Message) *endless {
	return &endless{c: c, model: lab.NewScriptedModel(lab.Always(reply)), budget: budget}
}

func (m *endless) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	m.mu.Lock()
	m.calls++
	calls := m.calls
	m.mu.Unlock()
	if calls > m.budget+runaway {
		m.c.Errorf("The model has been called %d times with a budget of %d, and the loop is still calling it: "+
			"nothing stops the loop when the budget is spent. The check stops answering here.", calls-1, m.budget)
		select {} // the check times out here, inside the loop
	}
	return m.model.Complete(system, messages, tools)
}

// Calls returns the requests the model answered.
func (m *endless) Calls() []lab.Request { return m.model.Calls() }

// mislabelled passes every request to a scripted model and writes "stop" as
// the stop reason of every reply, whatever its content holds, as some
// providers do for a reply that holds calls.
type mislabelled struct{ *lab.ScriptedModel }

func (m mislabelled) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	reply := m.ScriptedModel.Complete(system, messages, tools)
	reply.StopReason = "stop"
	return reply
}

// asSent compares messages whole, as a provider sees them: StopReason and
// Usage describe a reply and never travel, and an empty list is as good as
// nil. A message that differs is shown whole, the way lab.Show writes it.
var asSent = []checkkit.Option{
	cmp.Comparer(func(a, b lab.Message) bool {
		a.StopReason, a.Usage = "", lab.Usage{}
		b.StopReason, b.Usage = "", lab.Usage{}
		return cmp.Equal(a, b, cmpopts.EquateEmpty())
	}),
}

// outcome is a Result with its Status as a plain string, so that a
// difference shows it quoted.
type outcome struct {
	Status string
	Text   string
	Steps  int
}

func outcomeOf(r Result) outcome { return outcome{r.Status, r.Text, r.Steps} }

// logConversation shows messages under a failure.
func logConversation(c *checkkit.C, title string, messages []lab.Message) {
	c.Logf("%s:\n%s", title, indent(lab.Show(messages)))
}

// refusals fails the check for every request the strict model refused: a
// provider would have refused it too.
func refusals(c *checkkit.C, model *lab.ScriptedModel) {
	for _, r := range model.Refusals() {
		c.Errorf("The model refused a request, as a provider would: %s. "+
			"Every call must have its result right after the reply that made it before the model is called again.", r)
	}
}

func indent(text string) string {
	if text == "" {
		return "  (nothing)"
	}
	return "  " + strings.ReplaceAll(text, "\n", "\n  ")
}

// withPrefix returns first followed by rest, in a new slice.
func withPrefix(first []lab.Message, rest ...lab.Message) []lab.Message {
	return append(append([]lab.Message(nil), first...), rest...)
}

// times says how many times something happened, in words.
func times(n int) string {
	switch n {
	case 0:
		return "no times at all"
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}
