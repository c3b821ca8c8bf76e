package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: ask a person. The checks of the Ask verdict.

// other returns call with other arguments of the same tool: a second
// message to the same team, or channel.
func other(call lab.Block) lab.Block {
	args := lab.CloneArgs(call.Arguments)
	for _, k := range []string{"subject", "text"} {
		if s, ok := args[k].(string); ok {
			args[k] = s + " (again)"
		}
	}
	return lab.Call(call.Name, args)
}

func approvedCallRuns(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		p := &person{always: true}
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.sender, other(d.sender))
		var want []Entry
		for k, call := range calls {
			got := s.run(c, call)
			if !sameAsked(c, fmt.Sprintf("The call %s is external: before it runs, the person should be asked once, with "+
				"the tool's name and exactly the call's arguments, so they see what they are saying yes to.", describe(call)),
				calls[:k+1], p) {
				return
			}
			if !c.Equal(fmt.Sprintf("The person said yes to %s: it should run, and its result is exactly what its tool returned.",
				describe(call)), worked(call, d.output(call)), got) {
				return
			}
			if !checkkit.SameToolRuns(c, "Each approved call runs its tool once:", checkkit.RunsOf(calls[:k+1]...), s.runs) {
				return
			}
			want = append(want, logged(call, ask, d.reason(call), true))
		}
		sameLog(c, "Every call put to a person is logged, with the verdict ask, the reason, and the person's answer (yes):",
			want, s.g.Log())
	})
}

func declinedCallNeverRuns(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		p := &person{}
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.sender, d.reader, other(d.sender))
		var want []Entry
		var ran []lab.Block
		for k, call := range calls {
			got := s.run(c, call)
			if call.Name == d.reader.Name {
				ran = append(ran, call)
				if !c.Equal(fmt.Sprintf("The call %s is allowed, and should run as usual after a call the person refused.",
					describe(call)), worked(call, d.output(call)), got) {
					return
				}
				continue
			}
			if !c.Equal(fmt.Sprintf("The person said no to %s (call %d): it should get one error result saying so, and the "+
				"model should be told not to ask again.", describe(call), k+1), declined(call), got) {
				return
			}
			want = append(want, logged(call, ask, d.reason(call), false))
		}
		checkkit.SameToolRuns(c, "A call the person said no to never runs its tool:", checkkit.RunsOf(ran...), s.runs)
		sameAsked(c, "Each external call should be put to the person once:", []lab.Block{calls[0], calls[2]}, p)
		sameLog(c, "Every call put to a person is logged, with the verdict ask, the reason, and the person's answer (no):",
			want, s.g.Log())
	})
}

func approvalIsPerCall(c *checkkit.C) {
	type data struct {
		d       deployment
		answers []bool
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: deployments[0].Name + ": yes, no, no, yes", Data: data{deployments[0].Data, []bool{true, false, false, true}}},
		{Name: deployments[1].Name + ": no, yes, yes, no", Data: data{deployments[1].Data, []bool{false, true, true, false}}},
	}, func(data data) {
		d := data.d
		p := &person{answers: data.answers}
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.sender, d.sender, d.sender, d.sender)
		var ran []lab.Block
		var want []Entry
		for k, call := range calls {
			yes := data.answers[k]
			got := s.run(c, call)
			expected, said := declined(call), "no"
			if yes {
				expected, said = worked(call, d.output(call)), "yes"
				ran = append(ran, call)
			}
			want = append(want, logged(call, ask, d.reason(call), yes))
			if !c.Equal(fmt.Sprintf("The same call %s, four times; the person answers %s. A yes is for one call only, "+
				"and so is a no: call %d, to which the person said %s, should get:", describe(call), yesNo(data.answers),
				k+1, said), expected, got) {
				return
			}
		}
		sameAsked(c, "Every call should be put to the person, however they answered the one before:", calls, p)
		checkkit.SameToolRuns(c, "Only the calls the person said yes to should run:", checkkit.RunsOf(ran...), s.runs)
		sameLog(c, "Every call put to a person is logged, with their answer:", want, s.g.Log())
		samePolicy(c, "The gate", d.policy(), s.g.Policy())
	})
}

// yesNo writes answers as "yes, no and yes".
func yesNo(answers []bool) string {
	words := make([]string, len(answers))
	for i, a := range answers {
		words[i] = "no"
		if a {
			words[i] = "yes"
		}
	}
	return checkkit.List(words)
}

func noAskMeansNo(c *checkkit.C) {
	checkkit.Scenarios(c, deployments, func(d deployment) {
		s := guarded(c, d, nil)
		if c.Failed() {
			return
		}
		calls := withIDs(1, d.sender, d.reader)
		got := s.run(c, calls[0])
		if !c.Equal(fmt.Sprintf("With no ask function (nil), there is nobody to say yes: the call %s should be refused as "+
			"if the person said no, and nothing should crash.", describe(calls[0])), declined(calls[0]), got) {
			return
		}
		got = s.run(c, calls[1])
		c.Equal(fmt.Sprintf("With no ask function, an allowed call such as %s still runs.", describe(calls[1])),
			worked(calls[1], d.output(calls[1])), got)
		checkkit.SameToolRuns(c, "Only the allowed call should run:", checkkit.RunsOf(calls[1]), s.runs)
		sameLog(c, "The refused call is logged, as a call put to a person who did not say yes:",
			[]Entry{logged(calls[0], ask, d.reason(calls[0]), false)}, s.g.Log())
	})
}

func onlyExternalAsks(c *checkkit.C) {
	type data struct {
		d       deployment
		history []lab.Message
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: deployments[0].Name, Data: data{deployments[0].Data, nil}},
		{Name: deployments[1].Name + ", after an earlier conversation", Data: data{deployments[1].Data,
			[]lab.Message{lab.User("Hello."), lab.Say("Hi. What shall I do?")}}},
	}, func(data data) {
		d := data.d
		p := &person{always: true}
		s := guarded(c, d, p)
		if c.Failed() {
			return
		}
		order := []lab.Block{d.reader, d.destroyer, d.writer, d.sender, d.unclassed, d.unlisted}
		question := "Do everything you can for " + d.name + "."
		model := reportingModel("Here goes.", order)
		asked, tools := s.record(c, "Chat through Gate, with a person to ask", model)
		messages, result := S.Chat(asked, lab.CloneMessages(data.history), question, tools)

		calls := withIDs(1, order...)
		var answers []lab.Message
		var ran []lab.Block
		var wantLog []Entry
		for _, call := range calls {
			switch r := d.reason(call); {
			case r == "":
				answers = append(answers, worked(call, d.output(call)))
				ran = append(ran, call)
			case call.Name == d.sender.Name:
				answers = append(answers, worked(call, d.output(call)))
				ran = append(ran, call)
				wantLog = append(wantLog, logged(call, ask, r, true))
			default:
				answers = append(answers, denied(call, r))
				wantLog = append(wantLog, logged(call, deny, r, false))
			}
		}
		answer := report(answers)
		if !sameAsked(c, fmt.Sprintf("One reply asked for %s, and the person says yes to everything. Only the external "+
			"call should be put to them: reads and writes run without asking, and a denied call is never asked about, "+
			"or a yes would turn a deny into an allow.", showCalls(calls)), calls[3:4], p) {
			return
		}
		want := append(lab.CloneMessages(data.history), lab.User(question), reply("Here goes.", calls))
		want = append(append(want, answers...), lab.Say(answer))
		if !checkkit.SameStory(c, checkkit.Story{What: "Every call should get its one result, in call order.", Want: want,
			Tools: d.tools(d.workspace()), From: len(data.history), System: system}, model, messages) {
			return
		}
		checkkit.SameToolRuns(c, "The reads, the writes and the approved external call should run, once each:",
			checkkit.RunsOf(ran...), s.runs)
		sameLog(c, "The log should hold the denied calls and the call put to the person, in call order:", wantLog, s.g.Log())
		c.Equal("The run should end with the model's answer.", Result{Status: answered, Text: answer, Steps: 2}, result)
	})
}
