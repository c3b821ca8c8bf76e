package play

import (
	"errors"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// A world is what one run of RunTask is handed: a workspace, the caller's
// tools over it (read and run_tests, and today or edit when the task says
// so), and a scripted model that plays the work, then the result attempts.

// The names the world's model and tools use: the lesson's, as a provider and
// the caller's tools spell them.
const (
	SubmitName   = "submit_result"
	TestToolName = "run_tests"
	EditToolName = "edit"
)

// Task is one run of RunTask: the caller's list before it (History, nil for a
// new conversation), the question, the files, what each run of the test tool
// says (the n-th run gets Tests[n], the last entry once they run out), the
// date of a today tool ("" for none), whether an edit tool is offered,
// whether the model takes no tool choice (Plain), the replies of the work
// and the replies to the requests for the result.
type Task struct {
	What     string            `json:"what"`
	History  []lab.Message     `json:"history"`
	Question string            `json:"question"`
	Files    map[string]string `json:"files"`
	Tests    []TestRun         `json:"tests"`
	Today    string            `json:"today"`
	Edit     bool              `json:"edit"`
	Plain    bool              `json:"plain"`
	Work     []lab.Message     `json:"work"`
	Attempts []Attempt         `json:"attempts"`
}

// TestRun is what one run of the test tool reports: its output, as an error
// when Fail.
type TestRun struct {
	Output string `json:"output"`
	Fail   bool   `json:"fail"`
}

// Attempt is one reply to a request for the result: in Words only (no call
// at all), or the words of Prose, the other calls Before, the submit_result
// call (ID, Args), and the other calls After it.
type Attempt struct {
	Words  string      `json:"words"`
	Prose  string      `json:"prose"`
	Before []lab.Block `json:"before"`
	ID     string      `json:"id"`
	Args   lab.Args    `json:"args"`
	After  []lab.Block `json:"after"`
}

// Reply is the model's reply for attempt a.
func (a Attempt) Reply() lab.Message {
	if a.ID == "" {
		return lab.Say(a.Words)
	}
	var blocks []lab.Block
	if a.Prose != "" {
		blocks = append(blocks, lab.Text(a.Prose))
	}
	blocks = append(blocks, a.Before...)
	blocks = append(blocks, lab.Call(SubmitName, a.Args).WithID(a.ID))
	return lab.Reply(append(blocks, a.After...)...)
}

// Tools returns the caller's tools of t over ws, fresh: read, run_tests, then
// today and edit when t has them.
func (t Task) Tools(ws *lab.Workspace) []lab.Tool {
	tools := []lab.Tool{checkkit.ReadTool(ws), testsTool(t.Tests)}
	if t.Today != "" {
		tools = append(tools, checkkit.TodayTool(t.Today))
	}
	if t.Edit {
		tools = append(tools, editTool(ws))
	}
	return tools
}

// testsTool returns the run_tests tool: it takes no arguments, and its n-th
// run reports runs[n] (the last one once they run out), as an error when
// that run fails.
func testsTool(runs []TestRun) lab.Tool {
	n := 0
	return lab.Tool{
		Name:        TestToolName,
		Description: "Run the test suite and report the outcome.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "additionalProperties": false},
		Execute: func(lab.Args) (string, error) {
			if len(runs) == 0 {
				return "ok", nil
			}
			run := runs[min(n, len(runs)-1)]
			n++
			if run.Fail {
				return "", errors.New(run.Output)
			}
			return run.Output, nil
		},
	}
}

// editTool returns the edit tool: it replaces old_text, which must be in the
// file once or more, by new_text, everywhere.
func editTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        EditToolName,
		Description: "Replace text in a file.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"path":     lab.Schema{"type": "string"},
				"old_text": lab.Schema{"type": "string"},
				"new_text": lab.Schema{"type": "string"},
			},
			"required":             []string{"path", "old_text", "new_text"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			old, _ := args["old_text"].(string)
			text, ok := ws.Peek(path)
			if !ok || old == "" || !strings.Contains(text, old) {
				return "", errors.New("old_text not found in " + path)
			}
			repl, _ := args["new_text"].(string)
			ws.WriteText(path, strings.ReplaceAll(text, old, repl))
			return "Edited " + path + ".", nil
		},
	}
}

// Model returns the scripted model of t. Each step obeys the choice the way
// a provider's model does: a request for the result (one that forces
// submit_result, or, from a model that takes no choice, one that offers it)
// gets the next result attempt, and any other request gets the next reply of
// the work or, once the work is told, words saying it is done. The script
// holds one step more than a correct harness uses, so a request too many is
// counted rather than stopped.
func (t Task) Model() *lab.ScriptedModel {
	work, tries := 0, 0
	step := lab.Respond(func(r lab.Request) lab.Message {
		forSubmit := r.Choice == lab.Force(SubmitName) || (t.Plain && offers(r.Tools, SubmitName))
		if forSubmit && len(t.Attempts) > 0 {
			tries = min(tries+1, len(t.Attempts))
			return t.Attempts[tries-1].Reply()
		}
		if work < len(t.Work) {
			work++
			return t.Work[work-1]
		}
		return lab.Say("I am done; everything is in my last message.")
	})
	steps := make([]lab.Step, len(t.Work)+len(t.Attempts)+1)
	for i := range steps {
		steps[i] = step
	}
	return lab.NewScriptedModel(steps...)
}

// offers reports whether specs hold a tool called name.
func offers(specs []lab.Spec, name string) bool {
	for _, s := range specs {
		if s.Name == name {
			return true
		}
	}
	return false
}

// plainModel is a model that takes no tool choice: it answers Complete only.
type plainModel struct{ m lab.Model }

// Complete sends the request on, without a choice.
func (p plainModel) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return p.m.Complete(system, messages, tools)
}

// RunTask hands t to the code under play on a fresh world, recorded under
// title, and records what happened.
func RunTask(c *checkkit.C, title string, t Task) Ran {
	ws := lab.NewWorkspace(t.Files)
	model := t.Model()
	runs := &checkkit.ToolRuns{}
	rec := c.Record(title)
	rec.Watch(ws)
	var m lab.Model = rec.Model(model)
	if t.Plain {
		m = plainModel{m}
	}
	history := lab.CloneMessages(t.History)
	messages, final := S.RunTask(m, history, t.Question, rec.Tools(runs.Wrap(t.Tools(ws)...)...))
	files := map[string]string{}
	for _, path := range ws.Paths() {
		files[path], _ = ws.Peek(path)
	}
	return Ran{Requests: model.Calls(), Refusals: model.Refusals(), Asked: model.Asked(), Messages: messages,
		Final: final, Runs: runs.Runs(), History: history, Files: files}
}
