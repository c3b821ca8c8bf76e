package checks

import (
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The checks build their own tools, so that a change to the given
// MakeReadTool cannot change what a check expects.

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

// todayTool is a tool that takes no arguments and returns a date.
func todayTool() lab.Tool {
	return lab.Tool{
		Name:        "today",
		Description: "Return today's date.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "required": []string{}},
		Execute:     func(lab.Args) (string, error) { return "2026-09-19", nil },
	}
}

// specOf is what a request should say about tool.
func specOf(tool lab.Tool) lab.Spec {
	return lab.Spec{Name: tool.Name, Description: tool.Description, Parameters: tool.Parameters}
}

// twoFiles is the workspace of the lesson.
func twoFiles() *lab.Workspace {
	return lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n", "backup.py": "PORT = 7070\n"})
}

// result is the toolResult that answers call id of tool name with content.
func result(id, name, content string) lab.Message {
	return lab.Message{Role: lab.RoleToolResult, ToolCallID: id, ToolName: name, Content: content}
}

// portModel asks to read config.py (after saying intro, if any), then reports
// what the result for c1 says. Without a result it can only guess, and it
// guesses 8080, the way the model in the lesson's opening does.
func portModel(intro string) *lab.ScriptedModel {
	var first lab.Message
	if intro == "" {
		first = lab.Reply(lab.Call("read", lab.Args{"path": "config.py"}))
	} else {
		first = lab.Reply(lab.Text(intro), lab.Call("read", lab.Args{"path": "config.py"}))
	}
	return lab.NewScriptedModel(first, lab.Respond(func(r lab.Request) lab.Message {
		if res, ok := r.ResultFor("c1"); ok {
			return lab.Say("config.py sets " + strings.TrimSpace(res.Content) + ".")
		}
		return lab.Say("I checked config.py: the port is 8080.")
	}))
}

// portQuestion is what the user asks in the one-file scenarios.
const portQuestion = "What port does config.py set?"

// asSent compares messages as a provider sees them: StopReason and Usage
// describe a reply and never travel, and an empty list is as good as nil.
var asSent = []checkkit.Option{
	cmpopts.IgnoreFields(lab.Message{}, "StopReason", "Usage"),
	cmpopts.EquateEmpty(),
}

// logConversation shows messages under a failure, numbered the way a
// provider's error message counts them.
func logConversation(c *checkkit.C, title string, messages []lab.Message) {
	if len(messages) == 0 {
		c.Logf("%s: (no messages)", title)
		return
	}
	lines := make([]string, len(messages))
	for i, m := range messages {
		lines[i] = fmt.Sprintf("  %d %s", i, lab.Show([]lab.Message{m}))
	}
	c.Logf("%s:\n%s", title, strings.Join(lines, "\n"))
}

// logRefusals shows what the strict model refused, if anything.
func logRefusals(c *checkkit.C, model *lab.ScriptedModel) {
	for _, r := range model.Refusals() {
		c.Logf("the model refused a request, as a provider would: %s", r)
	}
}

// sameBlocks records a failure, the sentence followed by both lists of
// blocks, unless want and got hold the same blocks.
func sameBlocks(c *checkkit.C, sentence string, want, got []lab.Block, opts ...checkkit.Option) bool {
	if len(checkkit.Differences(want, got, append(opts, cmpopts.EquateEmpty())...)) == 0 {
		return true
	}
	c.Errorf("%s\n  expected: %s\n  got:      %s", sentence, showBlocks(want), showBlocks(got))
	return false
}

// sameReads records a failure unless the workspace saw exactly the reads want.
func sameReads(c *checkkit.C, sentence string, want []string, ws *lab.Workspace) bool {
	got := ws.Reads()
	if len(checkkit.Differences(want, got, cmpopts.EquateEmpty())) == 0 {
		return true
	}
	c.Errorf("%s\n  expected reads: %s\n  got reads:      %s", sentence, showList(want), showList(got))
	return false
}

// sameMessages compares want with got message by message, as a provider sees
// them, and records one line for each message that differs. first is the
// index of want[0] in the conversation, so the lines count the way the log
// does.
func sameMessages(c *checkkit.C, sentence string, want, got []lab.Message, first int) bool {
	var lines []string
	for i := range max(len(want), len(got)) {
		switch {
		case i >= len(got):
			lines = append(lines, fmt.Sprintf("message %d: expected %s, got nothing", first+i, lab.Show(want[i:i+1])))
		case i >= len(want):
			lines = append(lines, fmt.Sprintf("message %d: expected nothing, got %s", first+i, lab.Show(got[i:i+1])))
		default:
			diffs := checkkit.Differences(want[i], got[i], asSent...)
			if len(diffs) == 0 {
				continue
			}
			w, g := lab.Show(want[i:i+1]), lab.Show(got[i:i+1])
			if w != g {
				lines = append(lines, fmt.Sprintf("message %d: expected %s, got %s", first+i, w, g))
				continue
			}
			for _, d := range diffs {
				lines = append(lines, fmt.Sprintf("message %d, %s", first+i, d))
			}
		}
	}
	if len(lines) == 0 {
		return true
	}
	c.Errorf("%s\n  %s", sentence, strings.Join(lines, "\n  "))
	return false
}

// showBlocks writes blocks the way a transcript shows them.
func showBlocks(blocks []lab.Block) string {
	if len(blocks) == 0 {
		return "nothing"
	}
	shown := make([]string, len(blocks))
	for i, b := range blocks {
		shown[i] = lab.ShowBlock(b)
	}
	return strings.Join(shown, " + ")
}

func showList(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	return strings.Join(items, ", ")
}

func indent(text string) string {
	return "  " + strings.ReplaceAll(text, "\n", "\n  ")
}
