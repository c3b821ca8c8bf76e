package checks

import (
	"fmt"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: once, however many tries. The send_draft tool and its idempotency
// key.

// keys hands out idempotency keys k1, k2, ... and counts them.
type keys struct{ n int }

// next returns a new key.
func (k *keys) next() string {
	k.n++
	return fmt.Sprintf("k%d", k.n)
}

// sendDraft is a call to send_draft.
func sendDraft(id, to, text string) lab.Block {
	return lab.Call("send_draft", lab.Args{"to": to, "text": text}).WithID(id)
}

// toolCase is one call to send_draft against an outbox that meets faults.
type toolCase struct {
	seed   uint64
	to     string
	text   string
	faults []lab.Fault
}

// notWritten stops the check when a tool's result says that a gap is not
// written yet: RunTool turned the gap's panic into an error result, and that
// is the one thing to say.
func notWritten(c *checkkit.C, results ...lab.Message) {
	for _, r := range results {
		if fn, ok := strings.CutSuffix(r.Content, ": not written yet"); ok && strings.HasPrefix(fn, "Error: ") {
			c.Fatalf("%s is not written yet: fill in its gap in retry.go, between // --- your code --- and // --- end ---. "+
				"(RunTool turned the gap's panic into the result %q.)", strings.TrimPrefix(fn, "Error: "), r.Content)
		}
	}
}

// toolOnce makes the student's send_draft tool over a fresh outbox, runs one
// call through the student's RunTool, and compares what happened with the
// lesson's rules: the result, the drafts sent, the requests and the waits.
func toolOnce(c *checkkit.C, tc toolCase) {
	clock := lab.NewFakeClock(start)
	outbox := lab.NewOutbox(clock, tc.faults...)
	var k keys
	tool := S.MakeSendTool(outbox, clock, newRand(tc.seed), k.next)
	call := sendDraft("c1", tc.to, tc.text)
	got := S.RunTool(c.Record("RunTool with your send_draft tool").Tools(tool), call)
	notWritten(c, got)
	sentence := fmt.Sprintf("The call %s, with the outbox meeting %s.", lab.ShowBlock(call), showFaults(tc.faults))
	want, failure := plan(start, tc.seed, tc.faults)
	var deadlines []lab.OutboxRequest
	var gotTries tries
	for _, r := range outbox.Requests() {
		gotTries.Deadlines = append(gotTries.Deadlines, r.Deadline)
		deadlines = append(deadlines, r)
	}
	gotTries.Sleeps = clock.Sleeps()
	if k.n != 1 {
		c.Errorf("%s The tool should ask for a new idempotency key once per call, and keep it for every try; it "+
			"asked newKey %s.", sentence, checkkit.Times(k.n))
		return
	}
	if !sameTries(c, sentence, "the outbox", want, gotTries) {
		return
	}
	for i, r := range deadlines {
		if r.Key != "k1" || r.To != tc.to || r.Text != tc.text {
			c.Errorf("%s Try %d should send the key newKey gave, k1, with to %q and text %q as the model wrote them; "+
				"it sent the key %q, to %q and text %q.", sentence, i+1, tc.to, tc.text, r.Key, r.To, r.Text)
			return
		}
	}
	if failure != nil {
		c.Equal(sentence+" The tool gives up with the outbox's last failure as its error, so the result says so:",
			checkkit.ErrorResult("c1", "send_draft", "Error: "+failure.Error()), got)
		return
	}
	c.Equal(sentence+" The result should be what the outbox answered:",
		checkkit.Result("c1", "send_draft", "sent draft d1 to "+tc.to), got)
	c.Equal(sentence+" The outbox should have sent exactly one draft, with the call's key:",
		[]lab.Draft{{ID: "d1", Key: "k1", To: tc.to, Text: tc.text}}, outbox.Drafts())
}

// toolCases runs, for each vendor in turn, every case cases gives, then the
// scenario then holds (nil for none), with the same vendor.
func toolCases(c *checkkit.C, then func(c *checkkit.C, r run), cases func(r run) []toolCase) {
	checkkit.Scenarios(c, vendors, func(r run) {
		for _, tc := range cases(r) {
			toolOnce(c, tc)
			if c.Failed() {
				return
			}
		}
		if then != nil {
			then(c, r)
		}
	})
}

func lostReplySentOnce(c *checkkit.C) {
	toolCases(c, nil, func(r run) []toolCase {
		to := map[lab.Vendor]string{lab.Anthropic: "ops", lab.OpenAI: "release"}[r.v]
		return []toolCase{
			{r.seed + 71, to, "The nightly build failed on port " + r.port + ".", []lab.Fault{lab.LostReply()}},
			{r.seed + 72, to, "The nightly build is green again.", nil},
			{r.seed + 73, to, "Version 2.4 is tagged.", []lab.Fault{lab.Fail(lab.Overloaded(r.v)), lab.LostReply(), lab.Hang()}},
		}
	})
}

func sendToolGivesUp(c *checkkit.C) {
	toolCases(c, twoCallsOneTool, func(r run) []toolCase {
		busy := lab.Fail(lab.Overloaded(r.v))
		empty := &lab.ProviderError{Vendor: r.v, Status: 400, Type: "invalid_request_error", Message: "text must not be empty"}
		to := map[lab.Vendor]string{lab.Anthropic: "ops", lab.OpenAI: "support"}[r.v]
		return []toolCase{
			{r.seed + 81, to, "The disk on build-2 is full.", []lab.Fault{busy, busy, busy, busy, busy}},
			{r.seed + 82, to, "", []lab.Fault{lab.Fail(empty)}},
			{r.seed + 83, to, "Tickets are answered again.", []lab.Fault{lab.Fail(lab.RateLimited(r.v, 4*time.Second)), lab.Hang()}},
		}
	})
}

func eachCallOwnKey(c *checkkit.C) {
	type data struct {
		to, text string
		faults   []lab.Fault
	}
	checkkit.Scenarios(c, []checkkit.Data[data]{
		{Name: "two identical calls, the first reply lost", Data: data{"ops", "Deploy at 15:00.", []lab.Fault{lab.LostReply()}}},
		{Name: "two identical calls, both replies lost", Data: data{"release", "Freeze starts Friday.", []lab.Fault{lab.LostReply(), lab.Answer, lab.LostReply()}}},
	}, func(d data) {
		clock := lab.NewFakeClock(start)
		outbox := lab.NewOutbox(clock, d.faults...)
		var k keys
		tool := S.MakeSendTool(outbox, clock, newRand(161), k.next)
		calls := []lab.Block{sendDraft("c1", d.to, d.text), sendDraft("c2", d.to, d.text)}
		model := lab.NewScriptedModel(lab.Reply(calls...), lab.Say("Sent twice, as asked."))
		rec := c.Record("Chat with the send tool: one reply asks for the same draft twice")
		messages, _ := S.Chat(rec.Model(model), nil, "Send it twice, please: once for each shift.", rec.Tools(tool))
		notWritten(c, messages...)
		what := fmt.Sprintf("One reply asks for the same draft twice (%s), and the outbox meets %s.", d.text, showFaults(d.faults))
		want := []lab.Message{lab.User("Send it twice, please: once for each shift."), lab.Reply(calls...),
			checkkit.Result("c1", "send_draft", "sent draft d1 to "+d.to), checkkit.Result("c2", "send_draft", "sent draft d2 to "+d.to),
			lab.Say("Sent twice, as asked.")}
		c.Equal(what+" The model asked for two drafts, so the outbox should send two, each with its own key:",
			[]lab.Draft{{ID: "d1", Key: "k1", To: d.to, Text: d.text}, {ID: "d2", Key: "k2", To: d.to, Text: d.text}}, outbox.Drafts())
		if k.n != 2 {
			c.Errorf("%s newKey should be asked once per call, twice in all; it was asked %s.", what, checkkit.Times(k.n))
		}
		if !checkkit.SameMessages(c, what+" The list should hold one result per call:", want, messages, 0) {
			checkkit.LogConversation(c, "the list your code returned", messages)
		}
	})
}

// twoCallsOneTool runs two calls through one send_draft tool: the first is
// answered after three overloads, the second meets an overload on every
// try. Each call counts its own tries: the second gives up after four, and
// its waits start again at the first backoff.
func twoCallsOneTool(c *checkkit.C, r run) {
	busy := lab.Fail(lab.Overloaded(r.v))
	to := map[lab.Vendor]string{lab.Anthropic: "ops", lab.OpenAI: "support"}[r.v]
	first := []lab.Fault{busy, busy, busy}
	second := []lab.Fault{busy, busy, busy, busy, busy, busy}
	clock := lab.NewFakeClock(start)
	outbox := lab.NewOutbox(clock, append(append(append([]lab.Fault{}, first...), lab.Answer), second...)...)
	var k keys
	tool := S.MakeSendTool(outbox, clock, newRand(r.seed+84), k.next)
	calls := []lab.Block{sendDraft("c1", to, "Build-2 is back up."), sendDraft("c2", to, "Build-3 is down.")}
	recorded := c.Record("RunTool with your send_draft tool, two calls").Tools(tool)
	got := []lab.Message{S.RunTool(recorded, calls[0]), S.RunTool(recorded, calls[1])}
	notWritten(c, got...)
	// One source for both calls, as the tool has; the second call starts
	// where the first left the clock.
	rng := newRand(r.seed + 84)
	want1, _, now := planFrom(start, rng, first)
	want2, failure, _ := planFrom(now, rng, second)
	var all tries
	for _, req := range outbox.Requests() {
		all.Deadlines = append(all.Deadlines, req.Deadline)
	}
	all.Sleeps = clock.Sleeps()
	what := fmt.Sprintf("One send_draft tool gets two calls: %s, with the outbox meeting %s; then %s, with the outbox "+
		"meeting an overload on every try. Each call counts its own tries from 1, so the second gives up after %d "+
		"and its waits start again at the first backoff.", lab.ShowBlock(calls[0]), showFaults(first), lab.ShowBlock(calls[1]), maxAttempts)
	n1, w1 := min(len(want1.Deadlines), len(all.Deadlines)), min(len(want1.Sleeps), len(all.Sleeps))
	if !sameTries(c, what+" The first call:", "the outbox", want1, tries{all.Deadlines[:n1], all.Sleeps[:w1]}) ||
		!sameTries(c, what+" The second call:", "the outbox", want2, tries{all.Deadlines[n1:], all.Sleeps[w1:]}) {
		return
	}
	c.Equal(what+" The first result should be what the outbox answered, and the second should say why the tool gave up:",
		[]lab.Message{checkkit.Result("c1", "send_draft", "sent draft d1 to "+to),
			checkkit.ErrorResult("c2", "send_draft", "Error: "+failure.Error())}, got)
}
