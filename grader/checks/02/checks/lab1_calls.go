package checks

import (
	"fmt"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: ToolCalls.

// orderData is one run of calls_in_order: a reply and which of its blocks
// are the calls, in order.
type orderData struct {
	reply lab.Message
	calls []int // indexes into reply.Blocks
	words string
}

// callsInOrder: ToolCalls returns the calls inside a reply, in the order the
// model wrote them.
func callsInOrder(c *checkkit.C) {
	// Late in a conversation the model's ids run c9, c10, c11: sorting them as
	// text, by tool name or by path changes their order. Each reply asks for
	// the same thing twice, under two ids (both are calls), and calls a tool
	// that takes no arguments (Arguments nil).
	checkkit.Scenarios(c, []checkkit.Data[orderData]{
		{Name: "the lesson's reply", Data: orderData{reply: lab.Reply(
			lab.Text("Three things to look at."),
			lab.Call("read", lab.Args{"path": "config.py"}).WithID("c9"),
			lab.Text("Then the backup, to compare."),
			lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c10"),
			lab.Call("read", lab.Args{"path": "config.py"}).WithID("c11"),
			lab.Call("today", nil).WithID("c12"),
		), calls: []int{1, 3, 4, 5}, words: "The port is 9090."}},
		{Name: "another reply, other tools and ids", Data: orderData{reply: lab.Reply(
			lab.Call("search", lab.Args{"pattern": "port", "path": ""}).WithID("c99"),
			lab.Call("today", nil).WithID("c100"),
			lab.Call("search", lab.Args{"pattern": "port", "path": ""}).WithID("c101"),
			lab.Text("I will compare the two searches."),
		), calls: []int{0, 1, 2}, words: "The port is 6543."}},
	}, func(d orderData) {
		pristine := d.reply.Clone()
		want := make([]lab.Block, len(d.calls))
		for i, k := range d.calls {
			want[i] = pristine.Blocks[k]
		}
		checkkit.LogConversation(c, "the reply", []lab.Message{pristine})
		got := S.ToolCalls(d.reply)
		if !checkkit.SameBlocks(c, fmt.Sprintf("ToolCalls(reply) should return the reply's %d toolCall blocks, every one of them, "+
			"in the order the model wrote them (%s), and none of its text blocks.", len(want), checkkit.Commas(callIDs(want))),
			want, got) {
			return
		}
		if len(checkkit.Differences(pristine, d.reply, checkkit.AsSent...)) > 0 {
			c.Errorf("ToolCalls should leave the reply as the model wrote it: it changed the reply's content. "+
				"Collect the calls in a new slice of your own.\n  before: %s\n  after:  %s",
				lab.Show([]lab.Message{pristine}), lab.Show([]lab.Message{d.reply}))
		}

		words := lab.Say(d.words)
		checkkit.SameBlocks(c, fmt.Sprintf("A reply that only says %s asks for no tools, so ToolCalls should return no blocks.",
			checkkit.Quote(d.words)), nil, S.ToolCalls(words))

		next := lab.Reply(lab.Call("read", lab.Args{"path": "next.py"}).WithID("c200"), lab.Call("today", nil).WithID("c201"))
		S.ToolCalls(next)
		checkkit.SameBlocks(c, "What ToolCalls returned for the reply should stay as it was after ToolCalls was asked about another reply: "+
			"each answer is a new slice of its own, not one slice used again.", want, got)
	})
}

// callIDs returns the id of each call, in order.
func callIDs(calls []lab.Block) []string {
	ids := make([]string, len(calls))
	for i, b := range calls {
		ids[i] = b.ID
	}
	return ids
}

// contentData is one run of calls_from_content: a reply with two calls, and
// the calls its edits bring in.
type contentData struct {
	reply          lab.Message // text, call, text, call
	added, swapped lab.Block   // a call added at the end; a call that replaces the first
}

// callsFromContent: ToolCalls is worked out from the content each time: edit
// the content and it changes.
func callsFromContent(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[contentData]{
		{Name: "the lesson's reply", Data: contentData{
			reply: lab.Reply(
				lab.Text("The live config first."),
				lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
				lab.Text("Then the backup, to compare."),
				lab.Call("read", lab.Args{"path": "backup.py"}).WithID("c2"),
			),
			added:   lab.Call("today", nil).WithID("c3"),
			swapped: lab.Call("read", lab.Args{"path": "config.py.orig"}).WithID("c4"),
		}},
		{Name: "another reply, other files and ids", Data: contentData{
			reply: lab.Reply(
				lab.Text("Settings first."),
				lab.Call("read", lab.Args{"path": "settings.toml"}).WithID("c5"),
				lab.Text("Then the local overrides."),
				lab.Call("search", lab.Args{"pattern": "port"}).WithID("c6"),
			),
			added:   lab.Call("list_files", nil).WithID("c7"),
			swapped: lab.Call("read", lab.Args{"path": "local.toml"}).WithID("c8"),
		}},
	}, func(d contentData) { editedReply(c, d) })
}

// editedReply asks ToolCalls about d.reply, scribbles on what it returned,
// edits the reply three times, and asks again after each change.
func editedReply(c *checkkit.C, d contentData) {
	reply := d.reply.Clone()
	a, b := cloneBlock(reply.Blocks[1]), cloneBlock(reply.Blocks[3])
	checkkit.LogConversation(c, "the reply, as first written", []lab.Message{reply})
	// Order is calls_in_order's business: here only which calls come back counts.
	byID := cmpopts.SortSlices(func(x, y lab.Block) bool { return x.ID < y.ID })
	ask := func(sentence string, want ...lab.Block) bool {
		return checkkit.SameBlocks(c, sentence, want, S.ToolCalls(reply), byID)
	}
	got := S.ToolCalls(reply)
	if !checkkit.SameBlocks(c, fmt.Sprintf("ToolCalls(reply) should return the calls %s and %s.", a.ID, b.ID),
		[]lab.Block{a, b}, got, byID) {
		return
	}
	for i := range got { // the caller owns what it was given, and may change it
		got[i].ID, got[i].Name = "scribbled", "scribbled"
	}
	c.Logf("the caller changed the id and name of every block ToolCalls returned")
	if !ask(fmt.Sprintf("After the caller changed the blocks ToolCalls returned, the reply still holds %s and %s, "+
		"and ToolCalls(reply) should return them. It returned a list it had kept from before, with the caller's changes: "+
		"build a new list from message.Blocks each time you are asked, and keep none.", a.ID, b.ID), a, b) {
		return
	}

	reply.Blocks = reply.Blocks[:3]
	c.Logf("edit 1: the last block, call %s, is removed from the reply's content", b.ID)
	if !ask(fmt.Sprintf("After call %s was removed from the reply's content, ToolCalls(reply) should return only %s. "+
		"Work the calls out from message.Blocks every time you are asked, and keep them nowhere else.", b.ID, a.ID), a) {
		return
	}

	reply.Blocks = append(reply.Blocks, cloneBlock(d.added))
	c.Logf("edit 2: a call %s is added at the end of the reply's content", d.added.ID)
	if !ask(fmt.Sprintf("After call %s was added to the reply's content, ToolCalls(reply) should return %s and %s.",
		d.added.ID, a.ID, d.added.ID), a, d.added) {
		return
	}

	reply.Blocks[1] = cloneBlock(d.swapped)
	c.Logf("edit 3: call %s is replaced, in place, by a call %s; the reply still has four blocks", a.ID, d.swapped.ID)
	ask(fmt.Sprintf("After call %s was replaced by %s (the reply kept its four blocks), ToolCalls(reply) should return %s and %s. "+
		"The same number of blocks is not the same content.", a.ID, d.swapped.ID, d.swapped.ID, d.added.ID), d.swapped, d.added)
}
