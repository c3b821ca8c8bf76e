package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// play is one scenario's model and what it does: the replies that ask for
// tools, in order, then an answer that quotes the last file of the story.
type play struct {
	s    story
	asks []lab.Message // replies holding calls, without ids
}

// calls counts the calls of the replies that ask.
func (p play) calls() int {
	n := 0
	for _, m := range p.asks {
		for _, b := range m.Blocks {
			if b.Type == lab.ToolCallBlock {
				n++
			}
		}
	}
	return n
}

// model returns a fresh scripted model holding exactly the play's replies.
func (p play) model() *lab.ScriptedModel {
	steps := make([]lab.Step, 0, len(p.asks)+1)
	for _, m := range p.asks {
		steps = append(steps, m)
	}
	steps = append(steps, p.s.answers(fmt.Sprintf("c%d", p.calls())))
	return lab.NewScriptedModel(steps...)
}

// want is the conversation a correct loop ends with after the messages it
// was given: each reply with its call ids, each call answered by a fresh kit
// tool over a fresh workspace, then the answer.
func (p play) want() []lab.Message {
	return append(answeredCalls(p.s, p.asks, 1), lab.Say(p.s.answer()))
}

// runs is the tool runs a correct loop makes: one for each call, in order.
func (p play) runs() []checkkit.ToolRun {
	var runs []checkkit.ToolRun
	for _, m := range p.asks {
		for _, b := range m.Blocks {
			if b.Type == lab.ToolCallBlock {
				runs = append(runs, checkkit.ToolRun{Tool: b.Name, Args: lab.CloneArgs(b.Arguments)})
			}
		}
	}
	return runs
}

// answeredCalls numbers the calls of asks from first on, the way the scripted
// model does, and follows each reply with the results a pristine copy of the
// story's tools gives.
func answeredCalls(s story, asks []lab.Message, first int) []lab.Message {
	ws := lab.NewWorkspace(s.Files)
	tools := map[string]lab.Tool{}
	for _, t := range s.tools(ws) {
		tools[t.Name] = t
	}
	var out []lab.Message
	id := first
	for _, ask := range asks {
		reply := ask.Clone()
		var results []lab.Message
		for i, b := range reply.Blocks {
			if b.Type != lab.ToolCallBlock {
				continue
			}
			b.ID = fmt.Sprintf("c%d", id)
			id++
			reply.Blocks[i] = b
			content, _ := tools[b.Name].Execute(lab.CloneArgs(b.Arguments))
			results = append(results, checkkit.Result(b.ID, b.Name, content))
		}
		out = append(append(out, reply), results...)
	}
	return out
}

// wantRequests is the requests a correct loop sends for the conversation
// want, whose first given messages were handed to it: one request before
// each assistant message after them, carrying everything before it, the
// kit's system prompt and the story's tools.
func wantRequests(s story, want []lab.Message, given int) []lab.Request {
	specs := s.specs()
	var out []lab.Request
	for i := given; i < len(want); i++ {
		if want[i].Role == lab.RoleAssistant {
			out = append(out, lab.Request{System: system, Messages: lab.CloneMessages(want[:i]), Tools: specs})
		}
	}
	return out
}

// harness is what one run of a scenario hands the student's code: a fresh
// workspace and fresh kit tools whose runs are counted, and a recorder that
// writes the run down for the check's result.
type harness struct {
	ws    *lab.Workspace
	runs  *checkkit.ToolRuns
	tools []lab.Tool
	rec   *lab.Recorder
}

// newHarness returns a fresh harness for s whose run is attached to c as a
// transcript titled title. Hand the student's code h.model(m) and h.tools.
func newHarness(c *checkkit.C, s story, title string) harness {
	h := harness{ws: lab.NewWorkspace(s.Files), runs: &checkkit.ToolRuns{}, rec: c.Record(title)}
	h.rec.Watch(h.ws)
	h.tools = h.runs.Wrap(h.rec.Tools(s.tools(h.ws)...)...)
	return h
}

// model returns m as the recorder sees it: it answers as m does.
func (h harness) model(m lab.Model) lab.Model { return h.rec.Model(m) }

// scribble changes everything the student's code handed back or was handed,
// the way a caller is free to once a call has returned: the returned list's
// words and arguments, and the tools' descriptions and parameters. Code that
// kept a reference to any of it, and uses it in a later run, sends the
// scribbles to the model there.
func scribble(messages []lab.Message, tools []lab.Tool) {
	for i := range messages {
		if messages[i].Content != "" {
			messages[i].Content += " (changed by the caller)"
		}
		for j := range messages[i].Blocks {
			b := &messages[i].Blocks[j]
			if b.Type == lab.TextBlock {
				b.Text += " (changed by the caller)"
			}
			for k := range b.Arguments {
				b.Arguments[k] = "changed-by-the-caller"
			}
		}
	}
	for i := range tools {
		tools[i].Description = "changed by the caller"
		for k := range tools[i].Parameters {
			delete(tools[i].Parameters, k)
		}
	}
}
