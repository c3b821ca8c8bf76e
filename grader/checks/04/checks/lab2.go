package checks

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: even a panic gets an answer.

// lineTool returns a tool that returns line n (counting from 0) of a file,
// with no check that the file has that many lines: it panics when it has not.
func lineTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{Name: "line", Description: "Return line n of a file, counting from 0.",
		Parameters: object([]string{"path", "n"}, "path", "n"),
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			n, _ := args["n"].(float64)
			text, err := ws.ReadText(path)
			if err != nil {
				return "", err
			}
			return strings.Split(text, "\n")[int(n)], nil
		}}
}

func panicGetsErrorResult(c *checkkit.C) {
	ws := newWorkspace()
	tools := []lab.Tool{
		{Name: "boom", Description: "Panics with a string.", Parameters: object(nil),
			Execute: func(lab.Args) (string, error) { panic("config not loaded") }},
		{Name: "tally", Description: "Panics with an error.", Parameters: object(nil),
			Execute: func(lab.Args) (string, error) { panic(errors.New("tally: counter went negative")) }},
		{Name: "code", Description: "Panics with a number.", Parameters: object(nil),
			Execute: func(lab.Args) (string, error) { panic(42) }},
		lineTool(ws),
		{Name: "broken", Description: "Has no Execute at all.", Parameters: object(nil)},
	}
	cases := []struct {
		call lab.Block
		with string // the panic, in words
		why  string
	}{
		{lab.Call("boom", lab.Args{}).WithID("c1"), `the string "config not loaded"`, "config not loaded"},
		{lab.Call("tally", lab.Args{}).WithID("c2"), `an error, "tally: counter went negative"`, "tally: counter went negative"},
		{lab.Call("code", lab.Args{}).WithID("c3"), "the number 42", "42"},
		{lab.Call("line", lab.Args{"path": "config.py", "n": 5.0}).WithID("c4"),
			"a runtime error (config.py has 2 lines)", "runtime error: index out of range [5] with length 2"},
		{lab.Call("broken", lab.Args{}).WithID("c5"),
			"a runtime error (the tool's Execute is nil)", "runtime error: invalid memory address or nil pointer dereference"},
	}
	for _, tc := range cases {
		got, ok := runToolCaught(c, tools, tc.call, tc.with)
		if !ok {
			continue
		}
		if got.Role == "" && got.ToolCallID == "" && got.Content == "" {
			c.Errorf("The call %s panics with %s, and RunTool returned an empty lab.Message: it quotes no call "+
				"and says nothing. When a deferred function recovers a panic, the function returns whatever its "+
				"named result holds at that moment, so the deferred function must set it.", describe(tc.call), tc.with)
			continue
		}
		c.Equal(fmt.Sprintf("The call %s panics with %s. Its result should be \"Error: \" followed by the panic value "+
			"as fmt.Sprint writes it, with IsError set.", describe(tc.call), tc.with), failed(tc.call, tc.why), got)
	}
}

func runSurvivesPanic(c *checkkit.C) {
	ws := newWorkspace()
	read := lab.Call("read", lab.Args{"path": "config.py"})
	line := lab.Call("line", lab.Args{"path": "config.py", "n": 7.0})
	model := lab.NewScriptedModel(
		lab.Reply(lab.Text("Let me look."), read, line),
		lab.Respond(func(r lab.Request) lab.Message {
			text, _ := r.ResultFor("c1")
			res, ok := r.ResultFor("c2")
			if ok && res.IsError {
				return lab.Say("There is no line 7. config.py says " + strings.TrimSpace(text.Content) + ".")
			}
			return lab.Say("Line 7 is " + res.Content + ".")
		}),
	)
	var messages []lab.Message
	var result Result
	finished := false
	func() {
		defer func() {
			if r := recover(); r != nil {
				if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
					panic(r)
				}
				c.Fatalf("The run crashed with a panic: %v. In this run the tool line panics (it is asked for line 7 "+
					"of a two-line file); a crash loses the whole run, the result of the read that worked included. "+
					"A panic in a tool should become an error result inside RunTool.", r)
			}
		}()
		messages, result = S.Chat(model, nil, "What is on line 7 of config.py?",
			[]lab.Tool{S.MakeReadTool(ws), lineTool(ws)})
		finished = true
	}()
	if !finished {
		return
	}
	c.Logf("the conversation:\n%s", lab.Show(messages))
	c.Equal("The reply asked for read(config.py) and line(config.py, 7); the second panics. Both calls should have "+
		"their result, in call order: the file's text, then an error naming the panic."+resultsNote,
		[]lab.Message{
			worked(read.WithID("c1"), "PORT = 9090\n"),
			failed(line.WithID("c2"), "runtime error: index out of range [7] with length 2"),
		}, resultsOf(messages))
	acceptable(c, model, messages)
	c.Equal("The run should go on after the panic and end with the model's answer.",
		Result{Status: S.Answered, Text: "There is no line 7. config.py says PORT = 9090.", Steps: 2}, result)
}
