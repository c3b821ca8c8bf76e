package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: Chat runs the loop.

// earlier is a conversation held before the question, one for each story.
func earlier(s story) []lab.Message {
	if s.Question == lessonStory.Question {
		return []lab.Message{lab.User("Hi, I'm Ada."), lab.Say("Hello, Ada.")}
	}
	return []lab.Message{lab.User("Good morning."), lab.Say("Morning! What shall I look at?"),
		lab.User("The logs say :7070."), lab.Say("Noted.")}
}

// chatAppendsQuestionOnce: Chat appends the question once, after the earlier
// messages, runs the loop, and returns the grown list and how the run ended.
func chatAppendsQuestionOnce(c *checkkit.C) {
	checkkit.Scenarios(c, plays(story.follows), func(p play) {
		before := earlier(p.s)
		h := newHarness(c, p.s, "Chat after an earlier conversation")
		model := p.model()
		messages, res := S.Chat(h.model(model), lab.CloneMessages(before), p.s.Question, h.tools)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list Chat returned", messages, model)()

		asked := append(lab.CloneMessages(before), lab.User(p.s.Question))
		if !firstRequestHolds(c, "The first request should hold the earlier messages, then the question, once.", asked, model) {
			return
		}
		want := append(asked, p.want()...)
		if !sameRequests(c, wantRequests(p.s, want, len(asked)), model) || !sameList(c, "Chat", want, messages) {
			return
		}
		steps := len(p.asks) + 1
		sameOutcome(c, fmt.Sprintf("Chat should return how the run ended: answered, with the model's last words, after %d steps:", steps),
			outcome{answered, p.s.answer(), steps}, res)
	})
}

// chatBudgetIsMaxSteps: Chat gives the loop a budget of MaxSteps: a model
// that never stops asking is called exactly MaxSteps times, and Chat reports
// that the run gave up.
func chatBudgetIsMaxSteps(c *checkkit.C) {
	type chat struct {
		s      story
		before []lab.Message
	}
	sets := []checkkit.Data[chat]{
		{Name: "the lesson's files, after a short conversation", Data: chat{lessonStory, earlier(lessonStory)}},
		{Name: "other files, after a longer conversation", Data: chat{otherStory, earlier(otherStory)}},
	}
	checkkit.Scenarios(c, sets, func(d chat) {
		s := d.s
		h := newHarness(c, s, "Chat with a model that never stops asking")
		model := newEndless(c, maxSteps, s.stillAsking())
		messages, res := S.Chat(h.model(model), lab.CloneMessages(d.before), s.Question, h.tools)
		defer scribble(messages, h.tools)
		defer showIfFails(c, "the list Chat returned", messages, model.model)()

		asked := append(lab.CloneMessages(d.before), lab.User(s.Question))
		if !firstRequestHolds(c, "The first request should hold the earlier messages, then the question, once.", asked, model.model) {
			return
		}
		if n := model.model.Asked(); n != maxSteps {
			c.Errorf("Chat should run the loop with a budget of MaxSteps, %d, however long the list it was given: "+
				"a model that never stops asking should be called exactly %d times. It was called %s.",
				maxSteps, maxSteps, checkkit.Asked(model.model))
			return
		}
		want := append(asked, gaveUpList(s, s.stillAsking(), maxSteps)...)
		if !sameRequests(c, wantRequests(s, want, len(asked)), model.model) || !sameList(c, "Chat", want, messages) {
			return
		}
		sameOutcome(c, fmt.Sprintf("Chat should report that the run gave up after %d steps, with no Text:", maxSteps),
			outcome{Status: gaveUp, Steps: maxSteps}, res)
	})
}

// pair is two stories: a conversation about the first, then one about the
// second, then the first carried on.
type pair struct{ first, second story }

// chatStartsFromTheListGiven: Chat starts from the list it is given and
// nothing else: nil starts a new conversation, and a list it returned, edited
// by the caller, carries on as edited.
func chatStartsFromTheListGiven(c *checkkit.C) {
	sets := []checkkit.Data[pair]{
		{Name: "the lesson's files, then other files", Data: pair{lessonStory, otherStory}},
		{Name: "other files, then the lesson's files", Data: pair{otherStory, lessonStory}},
	}
	checkkit.Scenarios(c, sets, func(p pair) {
		// the first conversation, from nil
		first := play{p.first, p.first.follows()}
		h1 := newHarness(c, p.first, "the first conversation, from a nil list")
		m1 := first.model()
		list1, _ := S.Chat(h1.model(m1), nil, p.first.Question, h1.tools)
		show := showIfFails(c, "the list the first Chat returned", list1, m1)
		want1 := append([]lab.Message{lab.User(p.first.Question)}, first.want()...)
		if !sameRequests(c, wantRequests(p.first, want1, 1), m1) || !sameList(c, "the first Chat", want1, list1) {
			show()
			return
		}

		// a second conversation, from nil: nothing of the first may show
		second := play{p.second, p.second.follows()}
		h2 := newHarness(c, p.second, "a second conversation, from a nil list")
		m2 := second.model()
		list2, _ := S.Chat(h2.model(m2), nil, p.second.Question, h2.tools)
		show = showIfFails(c, "the list the second Chat returned", list2, m2)
		want2 := append([]lab.Message{lab.User(p.second.Question)}, second.want()...)
		if !firstRequestHolds(c, "Chat was then given a nil list: a new conversation. Its first request should "+
			"hold its question alone, and nothing of the conversation before it.", want2[:1], m2) ||
			!sameRequests(c, wantRequests(p.second, want2, 1), m2) {
			show()
			return
		}
		scribble(list2, h2.tools)

		// the caller corrects its first question, keeping the number of
		// messages, and carries the first conversation on
		edited := lab.CloneMessages(want1)
		edited[0] = lab.User(p.first.Question + " This is on the staging server.")
		list1[0] = edited[0]
		followUp := "Thanks. Which file should I change?"
		says := "Change " + p.first.Chain[len(p.first.Chain)-1] + "."
		h3 := newHarness(c, p.first, "the first conversation carried on, its question corrected")
		m3 := lab.NewScriptedModel(lab.Say(says))
		list3, res := S.Chat(h3.model(m3), list1, followUp, h3.tools)
		defer scribble(list3, h3.tools)
		defer showIfFails(c, "the list the third Chat returned", list3, m3)()
		asked := append(edited, lab.User(followUp))
		if !firstRequestHolds(c, "The caller then edited the first question in the list the first Chat returned, "+
			"and handed that list back with a follow-up. The request should carry the list exactly as handed back, "+
			"edit included, then the follow-up.", asked, m3) {
			return
		}
		want3 := append(asked, lab.Say(says))
		if !sameRequests(c, wantRequests(p.first, want3, len(asked)), m3) || !sameList(c, "the third Chat", want3, list3) {
			return
		}
		sameOutcome(c, "The follow-up is answered at once: answered, after 1 step:", outcome{answered, says, 1}, res)
	})
}
