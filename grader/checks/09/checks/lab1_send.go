package checks

import (
	"fmt"
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

// vendors are the two runs of every scenario: the same story with
// Anthropic's failures, then with OpenAI's, other seeds and other answers.
var vendors = []checkkit.Data[run]{
	{Name: "Anthropic's failures", Data: run{lab.Anthropic, 10, "9090"}},
	{Name: "OpenAI's failures, other seeds, another port", Data: run{lab.OpenAI, 500, "7070"}},
}

// run is the data of one run of a scenario.
type run struct {
	v    lab.Vendor
	seed uint64
	port string
}

// sendCases runs, for each vendor in turn, every case cases gives.
func sendCases(c *checkkit.C, cases func(r run) []sendCase) {
	checkkit.Scenarios(c, vendors, func(r run) {
		for _, tc := range cases(r) {
			sendOnce(c, tc.what, tc.seed, tc.vendor, tc.faults, tc.answer)
			if c.Failed() {
				return
			}
		}
	})
}

func transientFailuresRetried(c *checkkit.C) {
	sendCases(c, func(r run) []sendCase {
		v := r.v
		return []sendCase{
			{"An overload, then a server error, then a rate limit with no retry-after", v, r.seed + 1,
				[]lab.Fault{lab.Fail(lab.Overloaded(v)), lab.Fail(lab.ServerError(v)), lab.Fail(lab.RateLimited(v, 0))}, "The port is " + r.port + "."},
			{"One overload", v, r.seed + 2, []lab.Fault{lab.Fail(lab.Overloaded(v))}, "It listens on " + r.port + "."},
			{"No failure at all", v, r.seed + 3, nil, "Port " + r.port + "."},
		}
	})
}

func retryAfterObeyed(c *checkkit.C) {
	sendCases(c, func(r run) []sendCase {
		v, long, secs := r.v, 7*time.Second, 10
		if v == lab.OpenAI {
			long, secs = 20*time.Second, 3
		}
		return []sendCase{
			{"A rate limit that asks for " + long.String() + ", then an overload (whose wait is the source's first draw: " +
				"the retry-after's wait drew nothing)", v, r.seed + 11,
				[]lab.Fault{lab.Fail(lab.RateLimited(v, long)), lab.Fail(lab.Overloaded(v))}, "The port is " + r.port + "."},
			{"An overload, then a rate limit that asks for 100ms, shorter than the backoff would be", v, r.seed + 12,
				[]lab.Fault{lab.Fail(lab.Overloaded(v)), lab.Fail(lab.RateLimited(v, 100*time.Millisecond))}, "Port " + r.port + "."},
			{"An overload whose reply says retry-after: " + fmt.Sprint(secs) + " (read by lab.ParseProviderError), then a " +
				"server error", v, r.seed + 13, []lab.Fault{lab.Fail(busyFor(v, secs)), lab.Fail(lab.ServerError(v))}, "It is " + r.port + "."},
		}
	})
}

// busyFor is an overload (Anthropic's 529, OpenAI's 503) whose reply carried
// a retry-after header of secs seconds, read as lab.ParseProviderError reads
// a real provider's reply.
func busyFor(v lab.Vendor, secs int) *lab.ProviderError {
	busy := lab.Overloaded(v)
	return lab.ParseProviderError(v, busy.Status, fmt.Sprint(secs), busy.Body())
}

func attemptsCapped(c *checkkit.C) {
	many := func(f lab.Fault) []lab.Fault { return []lab.Fault{f, f, f, f, f, f} }
	sendCases(c, func(r run) []sendCase {
		v := r.v
		busy := lab.Fail(lab.Overloaded(v))
		return []sendCase{
			{"An overload on every try", v, r.seed + 21, many(busy), "never said"},
			{"Three overloads: the fourth try, the last allowed, is answered", v, r.seed + 22, many(busy)[:3], "Port " + r.port + "."},
			{"Three overloads, then a reply that cannot be read: the fourth try is the last, even for a reply that is asked " +
				"for again", v, r.seed + 25, []lab.Fault{busy, busy, busy, lab.Fail(lab.Garbled())}, "never said"},
			{"No reply on every try", v, r.seed + 23, many(lab.Hang()), "never said"},
			{"A rate limit that asks for 2s on every try", v, r.seed + 24, many(lab.Fail(lab.RateLimited(v, 2*time.Second))), "never said"},
		}
	})
}

func permanentNotRetried(c *checkkit.C) {
	sendCases(c, func(r run) []sendCase {
		v := r.v
		key := &lab.ProviderError{Vendor: v, Status: 401, Type: "authentication_error", Message: "invalid x-api-key"}
		return []sendCase{
			{"A prompt too long for the model", v, r.seed + 31, []lab.Fault{lab.Fail(lab.TooLong(v, 210000, 200000))}, "never said"},
			{"A key that is not valid", v, r.seed + 32, []lab.Fault{lab.Fail(key)}, "never said"},
			{"An overload, then a prompt too long for the model", v, r.seed + 33,
				[]lab.Fault{lab.Fail(lab.Overloaded(v)), lab.Fail(lab.TooLong(v, 130000, 128000))}, "never said"},
		}
	})
}

func malformedAskedAgainOnce(c *checkkit.C) {
	g := lab.Fail(lab.Garbled())
	sendCases(c, func(r run) []sendCase {
		v := r.v
		busy := lab.Fail(lab.Overloaded(v))
		return []sendCase{
			{"A reply that cannot be read", v, r.seed + 41, []lab.Fault{g}, "The port is " + r.port + "."},
			{"Two replies in a row that cannot be read", v, r.seed + 42, []lab.Fault{g, g}, "never said"},
			{"An overload, then a reply that cannot be read", v, r.seed + 43, []lab.Fault{busy, g}, "Port " + r.port + "."},
			{"An overload, then two replies that cannot be read", v, r.seed + 44, []lab.Fault{busy, g, g}, "never said"},
			{"A reply that cannot be read, then an overload", v, r.seed + 45, []lab.Fault{g, busy}, "Port " + r.port + "."},
			{"A reply cut off half way, whose Type is \"unknown\" (only its status, 200, says it could not be read)", v, r.seed + 46,
				[]lab.Fault{lab.Fail(cutOff(v))}, "It listens on " + r.port + "."},
		}
	})
}

func everyTryHasDeadline(c *checkkit.C) {
	sendCases(c, func(r run) []sendCase {
		v := r.v
		return []sendCase{
			{"No reply, then no reply again", v, r.seed + 51, []lab.Fault{lab.Hang(), lab.Hang()}, "The port is " + r.port + "."},
			{"An overload, no reply, then a rate limit that asks for 3s", v, r.seed + 52,
				[]lab.Fault{lab.Fail(lab.Overloaded(v)), lab.Hang(), lab.Fail(lab.RateLimited(v, 3*time.Second))}, "Port " + r.port + "."},
		}
	})
}
