package checks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: the whole story, through Chat. A test run too big to send, a model
// that finds the failures with search and read_lines, and a bill that stays
// small.

// maxBill is the most input tokens the four requests of the story may cost,
// all together. The 1,227-line test run alone, sent whole, costs more than
// twice as much in one request.
const maxBill = 3000

// The story's question.
const question = "Run the tests of %s. Which ones fail, and why?"

var (
	keptAt  = regexp.MustCompile(`Full output: (\S+)\. Read it`)
	hitAt   = regexp.MustCompile(`(?m)^(\S+):(\d+): --- FAIL: (\S+)`)
	whyLine = regexp.MustCompile(`(?m)^    \S+_test\.go:\d+: (.*)$`)
)

// storyModel is a model that does what a careful model does with a big
// output: it reads the marker, searches the kept output for the failures,
// reads three lines around each (one call with a float64 offset, as JSON
// gives it, the next with an int), and answers from what it read.
func storyModel(pkg string) *lab.ScriptedModel {
	return lab.NewScriptedModel(
		lab.Reply(lab.Text("Running them."), lab.Call("go_test", lab.Args{"package": pkg})),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c1")
			if keptAt.FindStringSubmatch(res.Content) == nil {
				return lab.Say("I saw the whole output, " + strconv.Itoa(len(lines(res.Content))) + " lines, and found no marker.")
			}
			return lab.Reply(lab.Text("The preview cut the middle. Searching it."), lab.Call("search", lab.Args{"query": "--- FAIL"}))
		}),
		lab.Respond(func(r lab.Request) lab.Message {
			res, _ := r.ResultFor("c2")
			blocks := []lab.Block{lab.Text("Reading around each failure.")}
			for i, hit := range hitAt.FindAllStringSubmatch(res.Content, -1) {
				offset, _ := strconv.Atoi(hit[2])
				var at any = float64(offset - 2)
				if i%2 == 1 {
					at = offset - 2
				}
				blocks = append(blocks, lab.Call("read_lines", lab.Args{"path": hit[1], "offset": at, "limit": 3}))
			}
			if len(blocks) == 1 {
				return lab.Say("The search found no failed test.")
			}
			return lab.Reply(blocks...)
		}),
		lab.Respond(func(r lab.Request) lab.Message {
			var found []string
			for _, m := range r.Messages {
				if m.Role != lab.RoleToolResult || m.ToolName != "read_lines" {
					continue
				}
				fail := regexp.MustCompile(`(?m)^--- FAIL: (\S+)`).FindStringSubmatch(m.Content)
				why := whyLine.FindStringSubmatch(m.Content)
				if fail == nil || why == nil {
					found = append(found, "(a page I could not read)")
					continue
				}
				found = append(found, fail[1]+": "+why[1])
			}
			return lab.Say(answer(found))
		}),
	)
}

// answer is the story's last reply, from the failures found.
func answer(found []string) string {
	return fmt.Sprintf("%s fail. %s.", checkkit.Plural(len(found), "test"), strings.Join(found, "; "))
}

func bigRunStaysUnderBill(c *checkkit.C) {
	type story struct {
		pkg    string
		output string
	}
	checkkit.Scenarios(c, []checkkit.Data[story]{
		{Name: "billing: 1,227 lines, two failures", Data: story{"shop/billing",
			testRun("shop/billing", 1227, map[int]string{250: "got 200, want 401", 512: "got 9.99, want 10.00"})}},
		{Name: "cart: 2,003 lines, three failures", Data: story{"shop/cart",
			testRun("shop/cart", 2003, map[int]string{40: "coupon applied twice", 700: "total is -0.01", 901: "empty cart accepted"})}},
	}, func(s story) {
		ws := lab.NewWorkspace(map[string]string{"go.mod": "module shop\n"})
		var count checkkit.ToolRuns
		tools := append(S.KeepBigOutputs(count.Wrap(testTool(map[string]string{s.pkg: s.output})), ws),
			S.MakeReadLinesTool(ws), S.MakeSearchTool(ws))
		model := storyModel(s.pkg)
		rec := c.Record("Chat with go_test through KeepBigOutputs, read_lines and search")
		rec.Watch(ws)
		got, result := S.Chat(rec.Model(model), nil, fmt.Sprintf(question, s.pkg), rec.Tools(tools...))

		// What should have happened, from the kit's own rules.
		offsets, names := failures(s.output)
		kept := artifact(1)
		files := map[string]string{"go.mod": "module shop\n", kept: s.output}
		hits, _ := search([]string{"go.mod", kept}, files, "--- FAIL")
		reads := []lab.Block{lab.Text("Reading around each failure.")}
		var pages []lab.Message
		var found []string
		for i, off := range offsets {
			id := fmt.Sprintf("c%d", 3+i)
			var at any = float64(off - 2)
			if i%2 == 1 {
				at = off - 2
			}
			reads = append(reads, lab.Call("read_lines", lab.Args{"path": kept, "offset": at, "limit": 3}).WithID(id))
			text, _ := page(s.output, off-2, 3)
			pages = append(pages, checkkit.Result(id, "read_lines", text))
			found = append(found, names[i]+": "+whyLine.FindStringSubmatch(text)[1])
		}
		want := []lab.Message{
			lab.User(fmt.Sprintf(question, s.pkg)),
			lab.Reply(lab.Text("Running them."), lab.Call("go_test", lab.Args{"package": s.pkg}).WithID("c1")),
			checkkit.Result("c1", "go_test", preview(s.output, kept)),
			lab.Reply(lab.Text("The preview cut the middle. Searching it."), lab.Call("search", lab.Args{"query": "--- FAIL"}).WithID("c2")),
			checkkit.Result("c2", "search", hits),
		}
		want = append(want, lab.Reply(reads...))
		want = append(want, pages...)
		want = append(want, lab.Say(answer(found)))

		checkkit.LogRefusals(c, model)
		if !checkkit.SameMessages(c, "The conversation should be: the question, the call to go_test, its preview, the search, "+
			"its hits, a read_lines call around each failure, the pages, and the answer.", want, got, 0) {
			checkkit.LogConversation(c, "the conversation your Chat returned", got)
			return
		}
		c.Equal("The run should end answered, with the failures the model found, after 4 model calls:",
			Result{Status: "answered", Text: answer(found), Steps: 4}, result)
		whole := lab.CountTokens(s.output)
		if bill := model.Bill(); bill > maxBill {
			c.Errorf("The four requests cost %d input tokens together; they should cost at most %d. (The test run alone is "+
				"%d tokens: only its preview may travel.)", bill, maxBill, whole)
		}
		if now, _ := ws.Peek(kept); now != s.output {
			c.Errorf("%s should hold the whole test run, byte for byte, after the story: nothing may be lost.", kept)
		}
		checkkit.SameRuns(c, "go_test should run once:", []string{"go_test"}, &count)
	})
}
