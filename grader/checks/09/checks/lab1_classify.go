package checks

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: try again, or not. What a failure calls for, and how long to wait.

// classified is an error and why it is the kind it is.
type classified struct {
	err  error
	want string
	why  string
}

func failuresClassified(c *checkkit.C) {
	status := func(v lab.Vendor, code int, kind string) *lab.ProviderError {
		return &lab.ProviderError{Vendor: v, Status: code, Type: kind, Message: "as the provider sent it"}
	}
	sets := []checkkit.Data[[]classified]{}
	for _, v := range []lab.Vendor{lab.Anthropic, lab.OpenAI} {
		sets = append(sets, checkkit.Data[[]classified]{Name: "the failures " + string(v) + " sends", Data: []classified{
			{lab.RateLimited(v, 0), transient, "a rate limit passes: wait and try again"},
			{lab.RateLimited(v, 20*time.Second), transient, "a rate limit passes, and the provider says when"},
			{lab.Overloaded(v), transient, "an overloaded provider has room again soon"},
			{lab.ServerError(v), transient, "a server error is the provider's, and it usually passes"},
			{status(v, 502, "bad_gateway"), transient, "every 5xx is the provider's side, and may pass"},
			{status(v, 408, "request_timeout"), transient, "the provider gave up waiting; a new try may get through"},
			{lab.NoReply(), transient, "no reply came before the deadline (status 0): the next try may get one"},
			{lab.Garbled(), malformed, "a reply came (status 200) and could not be read: ask again, once"},
			{cutOff(v), malformed, "a reply came (status 200) and could not be read, whatever its Type says: " +
				"the rule reads the status, not the words"},
			{lab.TooLong(v, 210000, 200000), permanent, "the prompt is too long, and it is just as long the next time"},
			{status(v, 401, "authentication_error"), permanent, "a wrong key is wrong every time"},
			{status(v, 404, "not_found_error"), permanent, "a model that does not exist does not appear by asking again"},
			{status(v, 413, "request_too_large"), permanent, "a request too large is as large the next time"},
			{fmt.Errorf("send to %s: %w", v, lab.Overloaded(v)), transient, "a provider's failure wrapped in words " +
				"(fmt.Errorf with %w) is still the provider's failure: errors.As finds it"},
			{fmt.Errorf("read notes.md: %w", fs.ErrNotExist), mistake, "a tool's own error is the model's mistake: " +
				"it goes back to the model as an error result"},
			{errors.New("no district called Tamsi"), mistake, "a tool's own error is the model's mistake"},
		}})
	}
	checkkit.Scenarios(c, sets, func(cases []classified) {
		for _, tc := range cases {
			got := S.Classify(tc.err)
			if got != tc.want {
				c.Errorf("Classify(%s) should be %q: %s. Your Classify said %q.", describeErr(tc.err), tc.want, tc.why, got)
			}
		}
	})
}

// describeErr writes an error for a student: its type and its text.
func describeErr(err error) string {
	var failure *lab.ProviderError
	if errors.As(err, &failure) && failure == err {
		return fmt.Sprintf("a *lab.ProviderError with Status %d: %q", failure.Status, err.Error())
	}
	if errors.As(err, &failure) {
		return fmt.Sprintf("an error wrapping a *lab.ProviderError with Status %d: %q", failure.Status, err.Error())
	}
	return fmt.Sprintf("a tool's error %q", err.Error())
}

func backoffDoublesWithJitter(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[uint64]{
		{Name: "a source seeded with 7", Data: 7},
		{Name: "a source seeded with 2026", Data: 2026},
	}, func(seed uint64) {
		retries := []int{1, 2, 3, 4, 5, 6, 7, 40, 70}
		rng := newRand(seed)
		var got []time.Duration
		for _, r := range retries {
			got = append(got, S.Backoff(r, rng))
		}
		want := newRand(seed)
		for i, r := range retries {
			step := baseDelay
			for n := 1; n < r && step < maxDelay; n++ {
				step *= 2
			}
			step = min(step, maxDelay)
			exp := backoff(r, want)
			if got[i] < step/2 || got[i] > step {
				c.Errorf("Backoff(%d, rng) should be between half the step and the step, %s and %s (the step doubles "+
					"from %s with each retry, and is never more than %s); it was %s.", r, step/2, step, baseDelay, maxDelay, got[i])
				return
			}
			if got[i] != exp {
				c.Errorf("Backoff(%d, rng) with %s, asked for retries %v in turn, should be %s: half the step, %s, plus "+
					"rng.Int64N(%d), one draw from the source it was handed. It was %s. Does it draw from that source, "+
					"once, and from nothing else?", r, "a source seeded with "+fmt.Sprint(seed), retries, exp, step/2, int64(step/2)+1, got[i])
				return
			}
		}
		// The same seed again: a wait that comes from anything but the source
		// differs from one run to the next.
		again := S.Backoff(3, newRand(seed))
		if first := backoff(3, newRand(seed)); again != first {
			c.Errorf("Backoff(3, rng) with a fresh source seeded with %d should be %s every time; it was %s. "+
				"The only randomness should be the source Backoff is handed.", seed, first, again)
		}
	})
}
