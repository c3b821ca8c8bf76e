package checks

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// newRand returns the seeded source a scenario hands the student's code; a
// second call with the same seed returns a fresh source that draws the same
// numbers, from which the check works out what it expects.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5eed)) }

// backoff is the lesson's rule, written here so that no expectation comes
// from the student's file: the step doubles from baseDelay up to maxDelay,
// and the wait is half the step plus rng.Int64N(half+1).
func backoff(retry int, rng *rand.Rand) time.Duration {
	step := baseDelay
	for n := 1; n < retry && step < maxDelay; n++ {
		step *= 2
	}
	half := min(step, maxDelay) / 2
	return half + time.Duration(rng.Int64N(int64(half)+1))
}

// classify is the lesson's rule for what a failure calls for.
func classify(err error) string {
	var failure *lab.ProviderError
	if !errors.As(err, &failure) {
		return mistake
	}
	switch s := failure.Status; {
	case s == 0, s == 408, s == 429, s >= 500:
		return transient
	case s == 200:
		return malformed
	}
	return permanent
}

// tries is what happened to one request: the deadline of every try sent,
// and every wait asked of the clock.
type tries struct {
	Deadlines []time.Time
	Sleeps    []time.Duration
}

// plan works out what the lesson's rules do with a request that meets
// faults, from start, with a source seeded with seed: the tries, and the
// failure it ends with (nil when a try is answered).
func plan(start time.Time, seed uint64, faults []lab.Fault) (tries, *lab.ProviderError) {
	want, failure, _ := planFrom(start, newRand(seed), faults)
	return want, failure
}

// planFrom is plan with the source handed in, for requests that share one,
// and with the clock's reading when the request is done.
func planFrom(start time.Time, rng *rand.Rand, faults []lab.Fault) (tries, *lab.ProviderError, time.Time) {
	var want tries
	now, reasked := start, false
	for attempt := 1; ; attempt++ {
		fault := lab.Answer
		if attempt <= len(faults) {
			fault = faults[attempt-1]
		}
		deadline := now.Add(timeout)
		want.Deadlines = append(want.Deadlines, deadline)
		var failure *lab.ProviderError
		switch {
		case fault.Err != nil:
			copied := *fault.Err
			failure = &copied
		case fault.Hang || fault.Lost:
			now, failure = deadline, lab.NoReply()
		default:
			return want, nil, now
		}
		kind := classify(failure)
		if attempt == maxAttempts || (kind == malformed && reasked) || (kind != transient && kind != malformed) {
			return want, failure, now
		}
		if kind == malformed {
			reasked = true
			continue
		}
		wait := failure.RetryAfter
		if wait <= 0 {
			wait = backoff(attempt, rng)
		}
		want.Sleeps = append(want.Sleeps, wait)
		now = now.Add(wait)
	}
}

// cutOff is a real reply of status 200 whose body was cut off half way, read
// by lab.ParseProviderError: its Type is "unknown", not lab.Garbled's
// "malformed_response", because the body says nothing about what went wrong.
// Only its status says it is a reply that could not be read.
func cutOff(v lab.Vendor) *lab.ProviderError {
	body := `{"id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "role": "assistant", "content": [{"type": "te`
	if v == lab.OpenAI {
		body = `{"id": "chatcmpl-9pQ2", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assis`
	}
	return lab.ParseProviderError(v, 200, "", body)
}

// start is the time every scenario's clock starts at.
var start = time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)

// showFaults writes a script of faults the way a student reads it:
// "529 overloaded_error, no reply, then an answer".
func showFaults(faults []lab.Fault) string {
	var out []string
	for _, f := range faults {
		out = append(out, showFault(f))
	}
	return strings.Join(append(out, "then answers"), ", ")
}

// showFault writes one fault.
func showFault(f lab.Fault) string {
	switch {
	case f.Err != nil && f.Err.RetryAfter > 0:
		return fmt.Sprintf("%d %s with retry-after %s", f.Err.Status, f.Err.Type, f.Err.RetryAfter)
	case f.Err != nil && f.Err.Status == 200:
		return "a reply that cannot be read"
	case f.Err != nil:
		return fmt.Sprintf("%d %s", f.Err.Status, f.Err.Type)
	case f.Hang:
		return "no reply"
	case f.Lost:
		return "the work done and the reply lost"
	}
	return "an answer"
}

// showErr writes an error, or says there was none.
func showErr(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("the error %q", err.Error())
}

// sameFailure records a failure unless got is the failure want (nil: no
// failure at all), compared field by field.
func sameFailure(c *checkkit.C, sentence string, want *lab.ProviderError, got error) bool {
	if want == nil {
		if got != nil {
			c.Errorf("%s It should have returned no error; it returned %s.", sentence, showErr(got))
			return false
		}
		return true
	}
	var failure *lab.ProviderError
	if !errors.As(got, &failure) {
		c.Errorf("%s It should have returned the provider's last failure, %q, as the *lab.ProviderError it was "+
			"given (wrap it with %%w if you add words); it returned %s.", sentence, want.Error(), showErr(got))
		return false
	}
	return c.Equal(sentence+" It should have returned the provider's last failure, as it was:", *want, *failure)
}

// sameTries records a failure unless the tries of a request went as want
// says: how many were sent to who ("the provider", "the outbox"), the
// deadline of each, and every wait.
func sameTries(c *checkkit.C, sentence, who string, want, got tries) bool {
	if len(want.Deadlines) != len(got.Deadlines) {
		c.Errorf("%s %s should have been sent the request %s; it was sent it %s.", sentence, capital(who),
			checkkit.Times(len(want.Deadlines)), checkkit.Times(len(got.Deadlines)))
		c.Logf("the waits your code asked of the clock: %s (expected %s)", showSleeps(got.Sleeps), showSleeps(want.Sleeps))
		return false
	}
	if !sameSleeps(c, sentence, want.Sleeps, got.Sleeps) {
		return false
	}
	for i := range want.Deadlines {
		if got.Deadlines[i].IsZero() {
			c.Errorf("%s Try %d was sent with no deadline (a zero time.Time). Every try needs one: Timeout after "+
				"the clock's Now, read just before that try is sent.", sentence, i+1)
			return false
		}
		if !got.Deadlines[i].Equal(want.Deadlines[i]) {
			c.Errorf("%s Try %d should have been given until %s to answer (Timeout, %s, after the clock read %s "+
				"just before it was sent); it was given until %s.", sentence, i+1, clockTime(want.Deadlines[i]), timeout,
				clockTime(want.Deadlines[i].Add(-timeout)), clockTime(got.Deadlines[i]))
			return false
		}
	}
	return true
}

// capital returns s with its first letter in upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sameSleeps records a failure unless the clock was asked for exactly want.
func sameSleeps(c *checkkit.C, sentence string, want, got []time.Duration) bool {
	if len(want) == len(got) && showSleeps(want) == showSleeps(got) {
		return true
	}
	c.Errorf("%s The waits asked of the clock should be %s; they were %s.", sentence, showSleeps(want), showSleeps(got))
	return false
}

// showSleeps writes a list of waits: "[1.2s 350ms]", or "none".
func showSleeps(sleeps []time.Duration) string {
	if len(sleeps) == 0 {
		return "none"
	}
	return fmt.Sprint(sleeps)
}

// clockTime writes a time of a scenario's clock.
func clockTime(t time.Time) string { return t.Format("15:04:05.000") }

// sendOnce runs the student's Send once against a provider that meets faults
// and then answers with reply, and compares everything that happened with
// what the lesson's rules say: the reply or the failure, the tries and the
// waits, and the request that got through, whole.
func sendOnce(c *checkkit.C, what string, seed uint64, vendor lab.Vendor, faults []lab.Fault, answer string) {
	clock := lab.NewFakeClock(start)
	model := lab.NewScriptedModel(lab.Say(answer))
	p := lab.NewFlakyModel(string(vendor), clock, model, faults...)
	messages := []lab.Message{lab.User("Which port does the server use?")}
	specs := checkkit.SpecsOf([]lab.Tool{checkkit.ReadTool(lab.NewWorkspace(nil))})
	rec := c.Record(what + ": every try Send made")
	got, err := S.Send(rec.Provider(p), clock, newRand(seed), system, messages, specs)
	sentence := fmt.Sprintf("%s: the provider meets %s.", what, showFaults(faults))
	want, failure := plan(start, seed, faults)
	if !sameTries(c, sentence, "the provider", want, tries{Deadlines: p.Deadlines(), Sleeps: clock.Sleeps()}) {
		c.Logf("Send returned %s", showErr(err))
		return
	}
	if !sameFailure(c, sentence, failure, err) {
		return
	}
	if failure != nil {
		c.Equal(sentence+" With no reply, Send should return an empty lab.Message with its error:", lab.Message{}, got)
		return
	}
	c.Equal(sentence+" Send should return the reply exactly as the provider sent it:", lab.Say(answer), got, checkkit.AsSent...)
	pristine := []lab.Message{lab.User("Which port does the server use?")}
	sent := model.Calls()
	if len(sent) == 1 {
		c.Equal(sentence+" The request that got through should be the one Send was handed, whole:",
			lab.Request{System: system, Messages: pristine, Tools: checkkit.SpecsOf([]lab.Tool{checkkit.ReadTool(lab.NewWorkspace(nil))})},
			sent[0], checkkit.AsSent...)
	}
	checkkit.SameMessages(c, sentence+" Send should leave the caller's messages as they were:", pristine, messages, 0)
}
