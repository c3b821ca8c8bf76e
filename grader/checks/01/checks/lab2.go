package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: Chat, and the list that is the conversation's only memory.

// extra answers a request the script did not plan for, so that it is
// counted and named instead of stopping the check.
var extra = lab.Say("An extra reply: this request was one too many.")

func systemIsTheLessons(c *checkkit.C) {
	if S.System != System {
		c.Errorf("System should hold the lesson's standing instruction, %s; your harness.go says %s. "+
			"Put it back as it was: the checks expect the lesson's text in every request. "+
			"(What the model knows comes from the list Chat sends, not from the instruction.)",
			checkkit.Quote(System), checkkit.Quote(S.System))
	}
}

func firstTurnSendsSystemAndWords(c *checkkit.C) {
	checkkit.Scenarios(c, twoStories, func(play func() story) {
		model := play().model(extra)
		turns := converse(c, model, nil, play().turns[:1])
		requests, ok := onceEach(c, model, turns)
		if !ok {
			return
		}
		want := play()
		if !sameRequest(c, "The first request should carry System and, starting from an empty list, exactly one message: your words, as a user message; no tools.",
			want.request(1), requests[0]) {
			return
		}
		if turns[0].answer != want.answers[0] {
			c.Errorf("Chat returned the answer %s; expected %s, the words of the reply: %s.",
				checkkit.Quote(turns[0].answer), checkkit.Quote(want.answers[0]), lab.Show(want.replies[:1]))
		}
	})
}

func listGrowsByWordsAndReply(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[func() story]{
		{Name: "a new conversation", Data: adaCallStory},
		{Name: "a conversation saved earlier, with other words and replies", Data: savedGraceCallStory},
	}, func(play func() story) {
		given := play()
		model := given.model(extra)
		turns := converse(c, model, given.saved, given.turns)
		if !askedOnceEach(c, turns) {
			return
		}
		want := play()
		from := "from an empty list"
		if len(want.saved) > 0 {
			from = fmt.Sprintf("carrying on from a list of %s", checkkit.Plural(len(want.saved), "message"))
		}
		for i, t := range turns {
			if !sameList(c, fmt.Sprintf("After turn %d, %s, the list Chat returns should hold %s: the list it was given, then for each turn your words and the reply exactly as the model wrote it.",
				i+1, from, checkkit.Plural(len(want.conversation(i+1)), "message")), want.conversation(i+1), t.list) {
				return
			}
			if t.answer != want.answers[i] {
				c.Errorf("At turn %d Chat returned the answer %s; expected %s, the words of the reply: %s.",
					i+1, checkkit.Quote(t.answer), checkkit.Quote(want.answers[i]), lab.Show(want.replies[i:i+1]))
				return
			}
		}
		onceEach(c, model, turns)
	})
}

func everyRequestCarriesWholeList(c *checkkit.C) {
	checkkit.Scenarios(c, twoStories, func(play func() story) {
		model := play().model(extra)
		turns := converse(c, model, nil, play().turns)
		requests, ok := onceEach(c, model, turns)
		if !ok {
			return
		}
		want := play()
		for i, request := range requests {
			w := want.request(i + 1)
			if !sameRequest(c, fmt.Sprintf("Request %d should carry System, then the whole conversation so far, oldest first (%s), and no tools.",
				i+1, checkkit.Plural(len(w.Messages), "message")), w, request) {
				checkkit.LogConversation(c, fmt.Sprintf("request %d carried", i+1), request.Messages)
				return
			}
		}
	})
}

func remembersNameAtTurnFour(c *checkkit.C) {
	checkkit.Scenarios(c, twoNames, func(play func() nameStory) {
		model := lab.NewScriptedModel(lab.Forgetful())
		turns := converse(c, model, nil, play().turns)
		want := play()
		last := len(want.turns) - 1
		if got := turns[last].answer; got != want.answers[last] {
			c.Errorf("Four turns, kept the way a caller should (messages, answer = Chat(model, messages, text)), ended with the answer %s; expected %s. %s",
				checkkit.Quote(got), checkkit.Quote(want.answers[last]), whereFrom(turns[last]))
			if requests := model.Calls(); len(requests) > 0 {
				checkkit.LogConversation(c, "the last request carried", requests[len(requests)-1].Messages)
			}
			checkkit.LogRefusals(c, model)
			return
		}
		for i, t := range turns {
			if t.answer != want.answers[i] {
				c.Errorf("Turn %d (%s) got the answer %s; expected %s.",
					i+1, checkkit.Quote(want.turns[i]), checkkit.Quote(t.answer), checkkit.Quote(want.answers[i]))
				return
			}
		}
	})
}

func modelWordsStayTheModels(c *checkkit.C) {
	checkkit.Scenarios(c, twoIntroductions, func(in introduction) {
		model := lab.NewScriptedModel(in.reply(), lab.Forgetful())
		turns := converse(c, model, nil, []string{"My name is " + in.user + ".", "What is my name?"})
		want := "Your name is " + in.user + "."
		switch got := turns[1].answer; got {
		case want:
		case "Your name is " + in.model + ".":
			c.Errorf("Asked \"What is my name?\", Chat returned the answer %s: the model read its own words, \"My name is %s\", as yours. "+
				"Its reply has to go back into the list as an assistant message, blocks and all, not as something you said.",
				checkkit.Quote(got), in.model)
			checkkit.LogConversation(c, "the list Chat returned", turns[1].list)
		default:
			c.Errorf("Asked \"What is my name?\", Chat returned the answer %s; expected %s. %s",
				checkkit.Quote(got), checkkit.Quote(want), whereFrom(turns[1]))
			if requests := model.Calls(); len(requests) > 0 {
				checkkit.LogConversation(c, "the last request carried", requests[len(requests)-1].Messages)
			}
			checkkit.LogRefusals(c, model)
		}
	})
}

// whereFrom says where a wrong answer can have come from: a turn that did
// not ask the model once answered from something else; otherwise the model
// answered from the request it was sent.
func whereFrom(t turn) string {
	if t.asked != 1 {
		return fmt.Sprintf("That turn asked the model %s, so the answer was not the reply to its own request: "+
			"every answer Chat returns comes from one request made for that turn.", checkkit.Times(t.asked))
	}
	return "The model knows only what the request in front of it carries: see what the last one held, below."
}

func oneRequestPerTurn(c *checkkit.C) {
	checkkit.Scenarios(c, twoStories, func(play func() story) {
		given := play()
		model := given.model(extra)
		turns := converse(c, model, nil, given.turns)
		want := play()
		for i, t := range turns {
			if t.asked != 1 {
				c.Errorf("Each turn should ask the model once, whatever the reply; turn %d (%s) asked it %s. The model's first reply to that turn was %s. %s",
					i+1, checkkit.Quote(want.turns[i]), checkkit.Times(t.asked), lab.Show(want.replies[i:i+1]), onceAdvice(t.asked))
				return
			}
		}
		if n := model.Asked(); n != len(want.turns) {
			c.Errorf("%s should ask the model %s; Chat asked it %s.",
				checkkit.Plural(len(want.turns), "turn"), checkkit.Times(len(want.turns)), checkkit.Asked(model))
		}
	})
}

func providerAcceptsEveryRequest(c *checkkit.C) {
	checkkit.Scenarios(c, twoNames, func(play func() nameStory) {
		model := lab.NewScriptedModel(lab.Forgetful())
		converse(c, model, nil, play().turns)
		if refusals := model.Refusals(); len(refusals) > 0 {
			c.Errorf("A strict provider refused %d of the requests of four turns; Chat asked the model %s. The first refusal:\n  %s",
				len(refusals), checkkit.Times(model.Asked()), refusals[0])
		}
	})
}
