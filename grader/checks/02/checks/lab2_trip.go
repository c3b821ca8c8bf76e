package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: one round trip in Chat.

// askData is one run of a one-file scenario: a disk, the file the model
// asks for, the question, and what the model says before its call, if
// anything.
type askData struct {
	files    disk
	path     string
	question string
	intro    string
}

// oneFile is the data of the one-file scenarios: the lesson's question, then
// another question about other files.
var oneFile = []checkkit.Data[askData]{
	{Name: "the lesson's files", Data: askData{lessonFiles, "config.py", portQuestion, ""}},
	{Name: "other files, another port", Data: askData{otherFiles, "settings.toml", "Which port does settings.toml give?", ""}},
}

// trip is one round trip, made by the student's Chat from a nil list.
type trip struct {
	ws       *lab.Workspace
	runs     *checkkit.ToolRuns
	model    *lab.ScriptedModel
	messages []lab.Message
	answer   string
}

// roundTrip runs Chat once on d, from a nil list, with the read tool, and
// attaches its transcript to the check.
func roundTrip(c *checkkit.C, d askData) trip {
	t := trip{ws: d.files.workspace(), runs: &checkkit.ToolRuns{}, model: reportModel(d.intro, d.path)}
	rec := c.Record("Chat with the read tool: " + d.path)
	rec.Watch(t.ws)
	tools := t.runs.Wrap(rec.Tools(checkkit.ReadTool(t.ws))...)
	t.messages, t.answer = S.Chat(rec.Model(t.model), nil, d.question, tools)
	return t
}

// secondRequestHoldsResult: the second request holds the question, the reply
// that asked for the file, then the result.
func secondRequestHoldsResult(c *checkkit.C) {
	checkkit.Scenarios(c, oneFile, func(d askData) {
		t := roundTrip(c, d)
		read := []lab.Tool{checkkit.ReadTool(nil)}
		ok := sameRequests(c, fmt.Sprintf("Chat should ask the model twice. The first request holds the question; the second, the question, "+
			"the reply that asked for %s, then the result of reading it, and nothing more. Both carry the lesson's System and "+
			"the read tool.", d.path), []lab.Request{
			request(read, lab.User(d.question)),
			request(read, lab.User(d.question), askedToRead(d.path), checkkit.Result("c1", "read", d.files[d.path])),
		}, t.model)
		if ok && !checkkit.SameRuns(c, fmt.Sprintf("The model asked to read %s once, so the read tool should run once.", d.path),
			[]string{"read"}, t.runs) {
			checkkit.LogConversation(c, "the list Chat returned", t.messages)
		}
	})
}

// answerHasPort: the answer is the words of the reply the model wrote after
// it saw the file.
func answerHasPort(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[askData]{
		{Name: "the lesson's files", Data: askData{lessonFiles, "config.py", portQuestion, "Let me check the file."}},
		{Name: "the same question after config.py changed", Data: askData{changedFiles, "config.py", portQuestion, "Let me check the file."}},
		{Name: "other files, another port", Data: askData{otherFiles, "settings.toml", "Which port does settings.toml give?", "One moment."}},
	}, func(d askData) {
		t := roundTrip(c, d)
		if !accepted(c, "Chat asked about "+d.path, t.model, t.messages) {
			return
		}
		want := report(d.path, d.files[d.path])
		if !checkkit.SameRuns(c, fmt.Sprintf("The model asked to read %s, so the read tool should run once.", d.path), []string{"read"}, t.runs) {
			checkkit.LogConversation(c, "the list Chat returned", t.messages)
			return
		}
		if !sameAnswer(c, fmt.Sprintf("Chat should return the words of the model's last reply, the one it wrote after it saw %s "+
			"(and only those words): it reports the port really in the file.", d.path), want, t.answer) {
			checkkit.LogConversation(c, "the list Chat returned", t.messages)
		}
	})
}

// pairData is one run of a scenario whose reply asks for two files at once.
type pairData struct {
	files    disk
	first    string
	second   string
	question string
}

// pairModel asks for first and second in one reply, then reports what the
// results for c1 and c2 say, in that order.
func pairModel(d pairData) *lab.ScriptedModel {
	return lab.NewScriptedModel(askForPair(d), lab.Respond(func(r lab.Request) lab.Message {
		a, _ := r.ResultFor("c1")
		b, _ := r.ResultFor("c2")
		return lab.Say(pairReport(d, a.Content, b.Content))
	}))
}

// askForPair is the reply that asks for both files of d.
func askForPair(d pairData) lab.Message {
	return lab.Reply(
		lab.Text("Let me look at both."),
		lab.Call("read", lab.Args{"path": d.first}),
		lab.Call("read", lab.Args{"path": d.second}),
	)
}

// pairReport is what pairModel says, given the results for c1 and c2.
func pairReport(d pairData, a, b string) string {
	return report(d.first, a) + " " + report(d.second, b)
}

// pairTrip runs Chat on d from a nil list with the read tool and checks the
// reads, the runs and the whole list against a reply that asks for both
// files. what says what the scenario is about.
func pairTrip(c *checkkit.C, d pairData, what string) {
	ws := d.files.workspace()
	rec := c.Record("Chat with a reply that asks for two files")
	rec.Watch(ws)
	var runs checkkit.ToolRuns
	model := pairModel(d)
	messages, answer := S.Chat(rec.Model(model), nil, d.question, runs.Wrap(rec.Tools(checkkit.ReadTool(ws))...))
	asked := askForPair(d)
	asked.Blocks[1].ID, asked.Blocks[2].ID = "c1", "c2"
	a, b := d.files[d.first], d.files[d.second]
	if accepted(c, what, model, messages) &&
		checkkit.SameRuns(c, fmt.Sprintf("%s: the read tool should run once for each call, c1 and c2.", what), []string{"read", "read"}, &runs) &&
		checkkit.SameReads(c, fmt.Sprintf("%s: each call reads its file, in the order the calls were written: %s (c1), then %s (c2).",
			what, d.first, d.second), []string{d.first, d.second}, ws) &&
		sameList(c, fmt.Sprintf("%s: right after the reply that asked for both files (message 1), the list should hold "+
			"the two results in call order, c1 then c2, then the answer.", what), []lab.Message{
			lab.User(d.question), asked,
			checkkit.Result("c1", "read", a), checkkit.Result("c2", "read", b),
			lab.Say(pairReport(d, a, b)),
		}, messages) {
		sameAnswer(c, "Chat should return the words of the last reply.", pairReport(d, a, b), answer)
	}
}

// twoFilesInCallOrder: one reply asks for two files: both are read, and the
// results follow in call order.
func twoFilesInCallOrder(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[pairData]{
		{Name: "the lesson's files", Data: pairData{lessonFiles, "config.py", "backup.py", "Which ports do config.py and backup.py use?"}},
		{Name: "other files, other ports", Data: pairData{otherFiles, "local.toml", "settings.toml", "Which ports do the two toml files set?"}},
	}, func(d pairData) { pairTrip(c, d, "One reply asks for two files") })
}

// sameCallTwice: a reply that asks for the same file twice gets two runs and
// two results.
func sameCallTwice(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[pairData]{
		{Name: "the lesson's files", Data: pairData{lessonFiles, "config.py", "config.py", "Is the port in config.py stable?"}},
		{Name: "other files, another port", Data: pairData{otherFiles, "settings.toml", "settings.toml", "Read settings.toml twice, please."}},
	}, func(d pairData) { pairTrip(c, d, "One reply asks for "+d.first+" twice, as calls c1 and c2") })
}
