package lab

import (
	"errors"
	"testing"
	"time"
)

func TestProviderErrorRoundTrip(t *testing.T) {
	for _, e := range []*ProviderError{
		RateLimited(Anthropic, 0), RateLimited(OpenAI, 0), Overloaded(Anthropic), Overloaded(OpenAI),
		ServerError(Anthropic), ServerError(OpenAI), TooLong(Anthropic, 210000, 200000), TooLong(OpenAI, 130000, 128000),
	} {
		got := ParseProviderError(e.Vendor, e.Status, "", e.Body())
		if *got != *e {
			t.Errorf("ParseProviderError(%s) = %+v, want %+v", e.Body(), *got, *e)
		}
	}
}

func TestParseProviderErrorRetryAfterAndUnknownBody(t *testing.T) {
	got := ParseProviderError(Anthropic, 502, "7", "<html>bad gateway</html>")
	want := ProviderError{Vendor: Anthropic, Status: 502, Type: "unknown", Message: "<html>bad gateway</html>", RetryAfter: 7 * time.Second}
	if *got != want {
		t.Errorf("ParseProviderError = %+v, want %+v", *got, want)
	}
}

func TestProviderErrorWords(t *testing.T) {
	for _, tc := range []struct {
		err  *ProviderError
		want string
	}{
		{Overloaded(Anthropic), "529 overloaded_error: Overloaded"},
		{TooLong(OpenAI, 9, 8), "400 invalid_request_error (context_length_exceeded): This model's maximum context length is 8 tokens. However, your messages resulted in 9 tokens. Please reduce the length of the messages."},
		{NoReply(), "timeout: Request timed out."},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
	if got := Overloaded(Anthropic).Body(); got != `{"error": {"message": "Overloaded", "type": "overloaded_error"}, "type": "error"}` {
		t.Errorf("Body() = %s", got)
	}
}

func TestFlakyModelPlaysFaultsThenAnswers(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	start := clock.Now()
	p := NewFlakyModel("main", clock, NewScriptedModel(Say("hi")), Fail(Overloaded(Anthropic)), Hang())
	msgs := []Message{User("hello")}
	_, err := p.Send("s", msgs, nil, start.Add(time.Minute))
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.Status != 529 {
		t.Fatalf("first request: got %v, want a 529", err)
	}
	pe.Status = 1 // changing the returned error must not change the script
	_, err = p.Send("s", msgs, nil, start.Add(30*time.Second))
	if !errors.As(err, &pe) || pe.Type != "timeout" || !clock.Now().Equal(start.Add(30*time.Second)) {
		t.Fatalf("second request: got %v at %v, want a timeout at the deadline", err, clock.Now())
	}
	reply, err := p.Send("s", msgs, nil, start.Add(time.Hour))
	if err != nil || reply.Blocks[0].Text != "hi" {
		t.Fatalf("third request: got %v, %v", reply, err)
	}
	if len(p.Deadlines()) != 3 || len(clock.Sleeps()) != 0 {
		t.Errorf("deadlines %v, sleeps %v: want 3 deadlines and no sleeps", p.Deadlines(), clock.Sleeps())
	}
	if p2 := NewFlakyModel("again", clock, NewScriptedModel(), Fail(Overloaded(Anthropic))); p2.faults[0].Err.Status != 529 {
		t.Errorf("a new model's faults were changed through an earlier error")
	}
}

func TestFlakyModelRefusalIsAProviderError(t *testing.T) {
	p := NewFlakyModel("main", NewFakeClock(time.Time{}), NewScriptedModel(Say("hi")))
	_, err := p.Send("s", nil, nil, time.Now())
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.Status != 400 || pe.Type != "invalid_request_error" {
		t.Fatalf("got %v, want a 400 invalid_request_error", err)
	}
}

func TestHangWithoutDeadlinePanics(t *testing.T) {
	defer func() {
		var w *WaitedForever
		if r, _ := recover().(error); !errors.As(r, &w) {
			t.Errorf("recovered %v, want a *WaitedForever", r)
		}
	}()
	p := NewFlakyModel("main", NewFakeClock(time.Time{}), NewScriptedModel(), Hang())
	p.Send("s", []Message{User("hi")}, nil, time.Time{})
}

func TestOutboxHonoursKeys(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC))
	o := NewOutbox(clock, LostReply(), Answer, LostReply(), Fail(Overloaded(OpenAI)))
	deadline := clock.Now().Add(time.Second)
	if _, err := o.Send("k1", "ops", "draft", deadline); err == nil {
		t.Fatal("a lost reply came back")
	}
	if got, err := o.Send("k1", "ops", "draft", deadline.Add(time.Second)); got != "sent draft d1 to ops" || err != nil {
		t.Fatalf("the retry got %q, %v", got, err)
	}
	o.Send("", "ops", "draft", deadline.Add(time.Hour)) // lost, and no key
	o.Send("", "ops", "draft", deadline.Add(time.Hour)) // fails, no work
	if got, _ := o.Send("", "ops", "draft", deadline.Add(time.Hour)); got != "sent draft d3 to ops" {
		t.Errorf("a request with no key got %q, want new work (d3)", got)
	}
	if n := len(o.Drafts()); n != 3 || len(o.Requests()) != 5 {
		t.Errorf("%d drafts and %d requests, want 3 and 5", n, len(o.Requests()))
	}
}
