package providers

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"harnesslab/lab"
)

// Failure is a request that got no usable reply, in the provider's terms.
type Failure struct {
	Status     int           // the HTTP status; 0 when no reply came at all
	Type       string        // the provider's error type: rate_limit_error, overloaded_error, timeout, ...
	Message    string        // the provider's own words
	RetryAfter time.Duration // what the retry-after header asked for; 0 when absent
}

// Error reads "STATUS TYPE: MESSAGE", as a refusal of the scripted model
// does, with the wait the provider asked for at the end.
func (f *Failure) Error() string {
	s := f.Type + ": " + f.Message
	if f.Status != 0 {
		s = strconv.Itoa(f.Status) + " " + s
	}
	if f.RetryAfter > 0 {
		s += fmt.Sprintf(" (retry after %s)", f.RetryAfter)
	}
	return s
}

// reply is the assistant message that carries the failure: StopReason
// "error" and Error set, as the scripted model refuses.
func (f *Failure) reply() lab.Message {
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: f.Error()}
}

// FailureOf reads a refused reply's Error back into a Failure, and reports
// whether reply was one. It reads the scripted model's refusals too
// ("400 invalid_request: ...").
func FailureOf(reply lab.Message) (*Failure, bool) {
	if reply.Error == "" {
		return nil, false
	}
	f := &Failure{}
	text := reply.Error
	if status, rest, ok := strings.Cut(text, " "); ok {
		if n, err := strconv.Atoi(status); err == nil {
			f.Status, text = n, rest
		}
	}
	f.Type, f.Message, _ = strings.Cut(text, ": ")
	if i := strings.LastIndex(f.Message, " (retry after "); i >= 0 && strings.HasSuffix(f.Message, ")") {
		if d, err := time.ParseDuration(f.Message[i+len(" (retry after ") : len(f.Message)-1]); err == nil {
			f.RetryAfter, f.Message = d, f.Message[:i]
		}
	}
	return f, true
}

// retryAfter reads a retry-after header: seconds, or an HTTP date.
func retryAfter(value string, now time.Time) time.Duration {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(value, 64); err == nil && secs > 0 {
		return time.Duration(secs * float64(time.Second))
	}
	if t, err := time.Parse(time.RFC1123, value); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}
