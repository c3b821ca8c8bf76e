package checks

import (
	"fmt"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: ToolCalls and RunTool.

// callsInOrder: ToolCalls returns the calls inside a reply, in the order the
// model wrote them.
func callsInOrder(c *checkkit.C) {
	// Late in a conversation the model's ids run c9, c10, c11: sorting them as
	// text, by tool name or by path changes their order.
	reply := lab.Reply(
		lab.Text("Three things to look at."),
		lab.Call("read", lab.Args{"path": "config.py"}).WithID("c9"),
		lab.Text("Then the backup, to compare."),
		lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c10"),
		lab.Call("grep", lab.Args{"pattern": "PORT"}).WithID("c11"),
	)
	logConversation(c, "the reply", []lab.Message{reply})
	sameBlocks(c, "ToolCalls(reply) should return the reply's three toolCall blocks in the order the model wrote them, "+
		"c9, c10, c11, and none of its text blocks.",
		[]lab.Block{reply.Blocks[1], reply.Blocks[3], reply.Blocks[4]}, S.ToolCalls(reply.Clone()))

	words := lab.Say("The port is 9090.")
	sameBlocks(c, fmt.Sprintf("A reply that only says %q asks for no tools, so ToolCalls should return no blocks.",
		S.TextOf(words)), nil, S.ToolCalls(words))
}

// callsFromContent: ToolCalls is worked out from the content each time: edit
// the content and it changes.
func callsFromContent(c *checkkit.C) {
	reply := lab.Reply(
		lab.Text("The live config first."),
		lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
		lab.Text("Then the backup, to compare."),
		lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2"),
	)
	c1, c2 := reply.Blocks[1], reply.Blocks[3]
	logConversation(c, "the reply, as first written", []lab.Message{reply})
	// Order is calls_in_order's business: here only which calls come back counts.
	byID := cmpopts.SortSlices(func(a, b lab.Block) bool { return a.ID < b.ID })
	if !sameBlocks(c, "ToolCalls(reply) should return the calls c1 and c2.",
		[]lab.Block{c1, c2}, S.ToolCalls(reply), byID) {
		return
	}

	reply.Blocks = reply.Blocks[:3] // the edit removes call c2
	c.Logf("edit 1: the last block, call c2, is removed from the reply's content")
	if !sameBlocks(c, "After call c2 was removed from the reply's content, ToolCalls(reply) should return only c1. "+
		"Work the calls out from message.Blocks every time you are asked, and keep them nowhere else.",
		[]lab.Block{c1}, S.ToolCalls(reply), byID) {
		return
	}

	c3 := lab.Call("read", lab.Args{"path": "settings.py"}).WithID("c3")
	reply.Blocks = append(reply.Blocks, c3) // the edit adds call c3
	c.Logf("edit 2: a call c3 is added at the end of the reply's content")
	sameBlocks(c, "After call c3 was added to the reply's content, ToolCalls(reply) should return c1 and c3.",
		[]lab.Block{c1, c3}, S.ToolCalls(reply), byID)
}

// resultPointsBack: RunTool runs the tool and returns one toolResult that
// points back at the call.
func resultPointsBack(c *checkkit.C) {
	ws := twoFiles()
	tools := []lab.Tool{readTool(ws)}
	call := lab.Call("read", lab.Args{"path": "config.py"}).WithID("c7")
	c.Logf("the call: %s", lab.ShowBlock(call))

	got := S.RunTool(tools, call)
	c.Equal("RunTool should return a toolResult message that quotes the call's id (c7), names the tool that ran (read), "+
		"holds what the tool returned, and is not an error.", result("c7", "read", "PORT = 9090\n"), got)
	sameReads(c, "RunTool should run the read tool once, so config.py should be read once.", []string{"config.py"}, ws)
}

// namedToolRuns: the tool named in the call is the one that runs, and it
// receives the arguments as the model wrote them.
func namedToolRuns(c *checkkit.C) {
	ws := twoFiles()
	var ran []string
	var received []lab.Args
	record := func(tool lab.Tool) lab.Tool {
		execute := tool.Execute
		tool.Execute = func(args lab.Args) (string, error) {
			ran = append(ran, tool.Name)
			received = append(received, args)
			return execute(args)
		}
		return tool
	}
	search := lab.Tool{
		Name:        "search",
		Description: "Find the lines of a file that contain a pattern.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{
			"pattern":     lab.Schema{"type": "string"},
			"path":        lab.Schema{"type": "string"},
			"ignore_case": lab.Schema{"type": "boolean"},
		}, "required": []string{"pattern", "path"}},
		Execute: func(lab.Args) (string, error) { return "config.py:1: PORT = 9090", nil },
	}
	tools := []lab.Tool{record(todayTool()), record(readTool(ws)), record(search)}
	c.Logf("the tools, in order: today, read, search")

	steps := []struct {
		call    lab.Block
		content string
	}{
		{lab.Call("search", lab.Args{"pattern": "PORT", "path": "config.py", "ignore_case": true}).WithID("c4"),
			"config.py:1: PORT = 9090"},
		{lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c5"), "PORT = 7070\n"},
	}
	for _, step := range steps {
		ran, received = nil, nil
		call := step.call
		c.Logf("the call: %s", lab.ShowBlock(call))
		got := S.RunTool(tools, cloneBlock(call))
		if len(ran) != 1 || ran[0] != call.Name {
			c.Errorf("The call %s names %s, so RunTool should run %s once, and no other tool.\n  expected to run: %s\n  ran:             %s",
				call.ID, call.Name, call.Name, call.Name, showList(ran))
			continue
		}
		c.Equal(fmt.Sprintf("%s should receive the arguments of call %s exactly as the model wrote them, every key of them.",
			call.Name, call.ID), call.Arguments, received[0])
		c.Equal(fmt.Sprintf("RunTool's result for %s should hold what %s returned.", call.ID, call.Name),
			step.content, got.Content)
	}
}

// cloneBlock returns a deep copy of b, so that student code cannot change the
// arguments a check compares against.
func cloneBlock(b lab.Block) lab.Block {
	return lab.Message{Blocks: []lab.Block{b}}.Clone().Blocks[0]
}
