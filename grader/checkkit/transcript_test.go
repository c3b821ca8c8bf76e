package checkkit

import (
	"encoding/json"
	"harnesslab/grader/results"
	"strings"
	"testing"
	"time"

	"harnesslab/lab"
)

// TestVerdictCarriesRecordedRuns: a check that records each scenario run
// gets one transcript per run in its verdict, titled with the run, holding
// what the model was really sent.
func TestVerdictCarriesRecordedRuns(t *testing.T) {
	sets := []Data[string]{{Name: "first data", Data: "Ada"}, {Name: "second data", Data: "Bo"}}
	v := Run(func(c *C) {
		Scenarios(c, sets, func(name string) {
			rec := c.Record("Chat")
			model := rec.Model(lab.NewScriptedModel(lab.Say("hi " + name)))
			model.Complete("sys", []lab.Message{lab.User("I am " + name)}, nil)
		})
	}, time.Second)
	if len(v.Transcripts) != 2 {
		t.Fatalf("got %d transcripts, want one per run", len(v.Transcripts))
	}
	for i, name := range []string{"Ada", "Bo"} {
		tr := v.Transcripts[i]
		if !strings.Contains(tr.Title, sets[i].Name) || !strings.HasSuffix(tr.Title, ": Chat") {
			t.Errorf("transcript %d is titled %q, want its run and Chat", i, tr.Title)
		}
		if len(tr.Events) != 2 || tr.Events[0].Messages[0].Content != "I am "+name {
			t.Errorf("transcript %d = %+v, want the request sent and its reply", i, tr.Events)
		}
	}
}

// TestLogConversationAttaches: logging a conversation under a failure
// attaches it once, however often it is logged.
func TestLogConversationAttaches(t *testing.T) {
	msgs := []lab.Message{lab.User("q"), lab.Say("a")}
	v := Run(func(c *C) {
		LogConversation(c, "the list Chat returned", msgs)
		LogConversation(c, "the list Chat returned", msgs)
		c.Errorf("wrong")
	}, time.Second)
	if len(v.Transcripts) != 1 {
		t.Fatalf("got %d transcripts, want 1", len(v.Transcripts))
	}
	e := v.Transcripts[0].Events[0]
	if e.Kind != lab.EventConversation || len(e.Messages) != 2 || e.Messages[1].Blocks[0].Text != "a" {
		t.Errorf("event = %+v, want the two messages as a conversation", e)
	}
}

// TestTimedOutCheckKeepsItsTranscript: a check stopped by its time limit
// still reports what it recorded before it hung.
func TestTimedOutCheckKeepsItsTranscript(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	v := Run(func(c *C) {
		c.Record("before the hang").Model(lab.NewScriptedModel(lab.Say("x"))).Complete("", []lab.Message{lab.User("q")}, nil)
		<-block
	}, 50*time.Millisecond)
	if v.Kind != results.KindTimeout || len(v.Transcripts) != 1 || len(v.Transcripts[0].Events) != 2 {
		t.Errorf("verdict = kind %q with %d transcripts, want a timeout with its one transcript", v.Kind, len(v.Transcripts))
	}
}

// TestScrubRemovesTheSecret: the nonce never leaves in a transcript, even
// when the words of a message hold it.
func TestScrubRemovesTheSecret(t *testing.T) {
	secret := "n0nce-1234"
	in := []lab.Transcript{lab.ConversationTranscript("t", []lab.Message{lab.User("the secret is " + secret)})}
	out := Scrub(in, secret)
	data, _ := json.Marshal(out)
	if strings.Contains(string(data), secret) || !strings.Contains(string(data), "the secret is [secret]") {
		t.Errorf("scrubbed = %s, want the secret replaced", data)
	}
	if got := Scrub(in, ""); len(got) != 1 {
		t.Error("an empty secret dropped the transcripts")
	}
}

// TestHugeTranscriptIsCutInTheVerdict: however much student code sends, a
// transcript in a verdict stays under MaxTranscriptBytes and says it was cut.
func TestHugeTranscriptIsCutInTheVerdict(t *testing.T) {
	v := Run(func(c *C) {
		model := c.Record("flood").Model(lab.NewScriptedModel(lab.Always(lab.Say("ok"))))
		for range 100 {
			model.Complete("", []lab.Message{lab.User(strings.Repeat("x", 10000))}, nil)
		}
	}, 5*time.Second)
	tr := v.Transcripts[0]
	data, _ := json.Marshal(tr)
	if !tr.Cut || len(data) > MaxTranscriptBytes {
		t.Errorf("transcript of %d bytes, cut %v; want under %d and marked as cut", len(data), tr.Cut, MaxTranscriptBytes)
	}
}
