package checks

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: one round trip in Chat.

// secondRequestHoldsResult: the second request holds the question, the reply
// that asked for the file, then the result.
func secondRequestHoldsResult(c *checkkit.C) {
	ws := twoFiles()
	model := portModel("")
	messages, _ := S.Chat(model, nil, portQuestion, []lab.Tool{readTool(ws)})
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)

	requests := model.Calls()
	if len(requests) < 2 {
		if refused := model.Refusals(); len(refused) > 0 {
			c.Fatalf("The model refused the second request, as a provider would: %s", refused[0])
		}
		c.Fatalf("Chat asked the model %d time(s). The first reply asks for config.py: after running the tool, "+
			"Chat should ask the model a second time, with the result in the list.", len(requests))
	}
	logConversation(c, "the second request", requests[1].Messages)
	sameMessages(c, "The second request should hold the question, the reply that asked for config.py, "+
		"then the result of reading it, and nothing more.", []lab.Message{
		lab.User(portQuestion),
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")),
		result("c1", "read", "PORT = 9090\n"),
	}, requests[1].Messages, 0)
}

// answerHasPort: the answer contains 9090, the port that is really in
// config.py.
func answerHasPort(c *checkkit.C) {
	ws := twoFiles()
	model := portModel("Let me check the file.")
	messages, answer := S.Chat(model, nil, portQuestion, []lab.Tool{readTool(ws)})
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)
	if !strings.Contains(answer, "9090") {
		c.Errorf("The answer should contain 9090, the port in config.py: Chat should return the words of the model's "+
			"last reply, the one written after it saw the file. Chat returned %s.", checkkit.Quote(answer))
	}
}

// twoFilesInCallOrder: one reply asks for two files: both are read, and the
// results follow in call order.
func twoFilesInCallOrder(c *checkkit.C) {
	ws := twoFiles()
	report := lab.Respond(func(r lab.Request) lab.Message {
		a, _ := r.ResultFor("c1")
		b, _ := r.ResultFor("c2")
		return lab.Say("config.py: " + strings.TrimSpace(a.Content) + "; backup.py: " + strings.TrimSpace(b.Content) + ".")
	})
	model := lab.NewScriptedModel(lab.Reply(
		lab.Text("Let me look at both."),
		lab.Call("read", lab.Args{"path": "config.py"}),
		lab.Call("read", lab.Args{"path": "backup.py"}),
	), report)
	messages, _ := S.Chat(model, nil, "Which ports do config.py and backup.py use?", []lab.Tool{readTool(ws)})
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)

	sameReads(c, "Both files should be read, each of them once, in the order the calls were written: "+
		"config.py (c1), then backup.py (c2).", []string{"config.py", "backup.py"}, ws)
	var got []lab.Message
	if len(messages) > 2 {
		got = messages[2:min(4, len(messages))]
	}
	sameMessages(c, "Right after the reply that asked for both files (message 1), the list should hold "+
		"the two results in call order: c1, then c2.", []lab.Message{
		result("c1", "read", "PORT = 9090\n"),
		result("c2", "read", "PORT = 7070\n"),
	}, got, 2)
}

// toolsInEveryRequest: every request tells the model each tool's name,
// description and parameters, no more. (A lab.Spec has no room for more: the
// Execute function cannot travel, and the compiler already sees to that.)
func toolsInEveryRequest(c *checkkit.C) {
	ws := twoFiles()
	tools := []lab.Tool{readTool(ws), todayTool()}
	model := portModel("")
	messages, _ := S.Chat(model, nil, portQuestion, tools)
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)

	requests := model.Calls()
	if len(requests) < 2 {
		c.Errorf("Chat asked the model %d time(s); this scenario needs two requests (the first reply asks for config.py), "+
			"and each of them should describe the tools.", len(requests))
	}
	want := []lab.Spec{specOf(tools[0]), specOf(tools[1])}
	for i, request := range requests {
		sentence := fmt.Sprintf("Request %d should describe both tools, read and today, each by its name, description and parameters. "+
			"The model keeps nothing between requests, tools included.", i+1)
		if got := specNames(request.Tools); showList(got) != "read, today" {
			c.Errorf("%s\n  expected tools: read, today\n  got tools:      %s", sentence, showList(got))
			continue
		}
		c.Equal(sentence, want, request.Tools, cmpopts.EquateEmpty())
	}
}

func specNames(specs []lab.Spec) []string {
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	return names
}

// noToolsOneCall: when the reply asks for no tools, Chat makes one model call
// and returns its text.
func noToolsOneCall(c *checkkit.C) {
	ws := twoFiles()
	model := lab.NewScriptedModel(lab.Say("Hello! Ask me about any file."))
	messages, answer := S.Chat(model, nil, "Hi!", []lab.Tool{readTool(ws)})
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)

	if n := len(model.Calls()); n != 1 {
		c.Errorf("The reply asks for no tools, so Chat should call the model once; it called it %d time(s).", n)
	}
	if answer != "Hello! Ask me about any file." {
		c.Errorf("Chat should return the words of the reply, %s; it returned %s.",
			checkkit.Quote("Hello! Ask me about any file."), checkkit.Quote(answer))
	}
	sameMessages(c, "Chat should return the list grown by the question and the reply, and nothing else.",
		[]lab.Message{lab.User("Hi!"), lab.Say("Hello! Ask me about any file.")}, messages, 0)
	sameReads(c, "No tool was asked for, so no file should be read.", nil, ws)
}

// listIsValid: the caller's list ends as question, call, result, answer, and
// a provider would accept it.
func listIsValid(c *checkkit.C) {
	ws := twoFiles()
	model := portModel("")
	history := []lab.Message{lab.User("Hi!"), lab.Say("Hello! Ask me about any file.")}
	messages, _ := S.Chat(model, lab.CloneMessages(history), portQuestion, []lab.Tool{readTool(ws)})
	logConversation(c, "the list Chat returned", messages)
	logRefusals(c, model)

	want := append(history,
		lab.User(portQuestion),
		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1")),
		result("c1", "read", "PORT = 9090\n"),
		lab.Say("config.py sets PORT = 9090."),
	)
	sameMessages(c, "Chat was handed a list of two messages. It should return that list followed by the question, "+
		"the reply that asked for the file, the result, and the answer.", want, messages, 0)
	if problems := lab.Validate(messages); len(problems) > 0 {
		c.Errorf("A provider would refuse the list Chat returned, if it were sent as it is:\n%s", indent(strings.Join(problems, "\n")))
	}
}
