package checks

import (
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: try again, or not. One request through Send, against a provider
// that fails the way real ones do.

// sendCase is one request of a scenario: the provider's faults, and the
// answer it gives once they run out.
type sendCase struct {
	what   string
	vendor lab.Vendor
	seed   uint64
	faults []lab.Fault
	answer string
}

// sendCases runs every case of a scenario, twice over with other data.
func sendCases(c *checkkit.C, sets []checkkit.Data[[]sendCase]) {
	checkkit.Scenarios(c, sets, func(cases []sendCase) {
		for _, tc := range cases {
			sendOnce(c, tc.what, tc.seed, tc.vendor, tc.faults, tc.answer)
			if c.Failed() {
				return
			}
		}
	})
}

func transientFailuresRetried(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "Anthropic's failures", Data: []sendCase{
			{"Overloaded, then a server error, then a rate limit with no retry-after", a, 11,
				[]lab.Fault{lab.Fail(lab.Overloaded(a)), lab.Fail(lab.ServerError(a)), lab.Fail(lab.RateLimited(a, 0))}, "The port is 9090."},
			{"One overload", a, 12, []lab.Fault{lab.Fail(lab.Overloaded(a))}, "It listens on 9090."},
			{"No failure at all", a, 13, nil, "Port 9090."},
		}},
		{Name: "OpenAI's failures, other seeds", Data: []sendCase{
			{"A 503, then a rate limit, then a server error", o, 21,
				[]lab.Fault{lab.Fail(lab.Overloaded(o)), lab.Fail(lab.RateLimited(o, 0)), lab.Fail(lab.ServerError(o))}, "The port is 7070."},
			{"One server error", o, 22, []lab.Fault{lab.Fail(lab.ServerError(o))}, "It listens on 7070."},
			{"No failure at all", o, 23, nil, "Port 7070."},
		}},
	})
}

func retryAfterObeyed(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "Anthropic asks for 7 seconds", Data: []sendCase{
			{"A rate limit with retry-after 7s, then an overload", a, 31,
				[]lab.Fault{lab.Fail(lab.RateLimited(a, 7*time.Second)), lab.Fail(lab.Overloaded(a))}, "The port is 9090."},
			{"An overload, then a rate limit with retry-after 100ms (shorter than the backoff would be)", a, 32,
				[]lab.Fault{lab.Fail(lab.Overloaded(a)), lab.Fail(lab.RateLimited(a, 100*time.Millisecond))}, "Port 9090."},
		}},
		{Name: "OpenAI asks for 20 seconds", Data: []sendCase{
			{"A rate limit with retry-after 20s, then a server error", o, 41,
				[]lab.Fault{lab.Fail(lab.RateLimited(o, 20*time.Second)), lab.Fail(lab.ServerError(o))}, "The port is 7070."},
			{"A server error, then a rate limit with retry-after 250ms", o, 42,
				[]lab.Fault{lab.Fail(lab.ServerError(o)), lab.Fail(lab.RateLimited(o, 250*time.Millisecond))}, "Port 7070."},
		}},
	})
}

func attemptsCapped(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	many := func(f lab.Fault) []lab.Fault { return []lab.Fault{f, f, f, f, f, f} }
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "a provider that stays overloaded", Data: []sendCase{
			{"An overload on every try", a, 51, many(lab.Fail(lab.Overloaded(a))), "never said"},
			{"Three overloads: the fourth try, the last allowed, is answered", a, 52,
				[]lab.Fault{lab.Fail(lab.Overloaded(a)), lab.Fail(lab.Overloaded(a)), lab.Fail(lab.Overloaded(a))}, "Port 9090."},
		}},
		{Name: "a provider that never replies", Data: []sendCase{
			{"No reply on every try", o, 61, many(lab.Hang()), "never said"},
			{"A rate limit with retry-after 2s on every try", o, 62, many(lab.Fail(lab.RateLimited(o, 2*time.Second))), "never said"},
		}},
	})
}

func permanentNotRetried(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	key := &lab.ProviderError{Vendor: a, Status: 401, Type: "authentication_error", Message: "invalid x-api-key"}
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "Anthropic refuses", Data: []sendCase{
			{"A prompt too long for the model", a, 71, []lab.Fault{lab.Fail(lab.TooLong(a, 210000, 200000))}, "never said"},
			{"A key that is not valid", a, 72, []lab.Fault{lab.Fail(key)}, "never said"},
		}},
		{Name: "OpenAI refuses, after an overload", Data: []sendCase{
			{"A 503, then a prompt too long for the model", o, 81,
				[]lab.Fault{lab.Fail(lab.Overloaded(o)), lab.Fail(lab.TooLong(o, 130000, 128000))}, "never said"},
		}},
	})
}

func malformedAskedAgainOnce(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	g := lab.Fail(lab.Garbled())
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "one reply cut off", Data: []sendCase{
			{"A reply that cannot be read", a, 91, []lab.Fault{g}, "The port is 9090."},
			{"Two replies in a row that cannot be read", a, 92, []lab.Fault{g, g}, "never said"},
		}},
		{Name: "after an overload", Data: []sendCase{
			{"An overload, then a reply that cannot be read", o, 93, []lab.Fault{lab.Fail(lab.Overloaded(o)), g}, "Port 7070."},
			{"An overload, then two replies that cannot be read", o, 94, []lab.Fault{lab.Fail(lab.Overloaded(o)), g, g}, "never said"},
			{"A reply that cannot be read, then an overload", o, 95, []lab.Fault{g, lab.Fail(lab.Overloaded(o))}, "Port 7070."},
		}},
	})
}

func everyTryHasDeadline(c *checkkit.C) {
	a, o := lab.Anthropic, lab.OpenAI
	sendCases(c, []checkkit.Data[[]sendCase]{
		{Name: "no reply, twice", Data: []sendCase{
			{"No reply, then no reply again", a, 101, []lab.Fault{lab.Hang(), lab.Hang()}, "The port is 9090."},
		}},
		{Name: "no reply between other failures", Data: []sendCase{
			{"An overload, no reply, then a rate limit with retry-after 3s", o, 102,
				[]lab.Fault{lab.Fail(lab.Overloaded(o)), lab.Hang(), lab.Fail(lab.RateLimited(o, 3*time.Second))}, "Port 7070."},
		}},
	})
}
