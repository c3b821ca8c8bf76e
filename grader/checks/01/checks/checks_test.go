package checks

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The course's own proof is `labrun verify 01`, which builds every known
// version of harness.go. These tests check the checks' data and their
// verdicts directly, in process, with small harnesses written here.

// reference is the lesson's harness, written for the tests.
func reference() Student {
	textOf := func(m lab.Message) string {
		var words strings.Builder
		for _, b := range m.Blocks {
			if b.Type == lab.TextBlock {
				words.WriteString(b.Text)
			}
		}
		return words.String()
	}
	return Student{
		System:      System,
		UserMessage: lab.User,
		TextOf:      textOf,
		Chat: func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
			messages = append(messages, lab.User(text))
			reply := model.Complete(System, messages, nil)
			return append(messages, reply), textOf(reply)
		},
	}
}

// run runs the check called name against student and returns its verdict.
func run(t *testing.T, name string, student Student) *checkkit.Verdict {
	t.Helper()
	check, ok := Checks[name]
	if !ok {
		t.Fatalf("no check called %q", name)
	}
	S = student
	return checkkit.Run(check, 5*time.Second)
}

func TestReferencePassesEveryCheck(t *testing.T) {
	for name := range Checks {
		if v := run(t, name, reference()); !v.Passed {
			t.Errorf("%s failed the reference harness:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestWrongHarnessesFail(t *testing.T) {
	tests := []struct {
		reason string
		check  string
		wrong  func(s *Student)
		says   string // words the first failure must hold
	}{
		{"a package-level conversation is caught by the second run of a scenario",
			"first_turn_sends_system_and_words", func(s *Student) {
				var kept []lab.Message
				chat := s.Chat
				s.Chat = func(model lab.Model, _ []lab.Message, text string) ([]lab.Message, string) {
					var answer string
					kept, answer = chat(model, kept, text)
					return kept, answer
				}
			}, "it carried 3 messages; expected 1 message"},
		{"an answer cached by question is caught where the same question comes again",
			"remembers_name_at_turn_four", func(s *Student) {
				seen := map[string]string{}
				chat := s.Chat
				s.Chat = func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
					if answer, ok := seen[text]; ok {
						return append(messages, lab.User(text), lab.Say(answer)), answer
					}
					messages, answer := chat(model, messages, text)
					seen[text] = answer
					return messages, answer
				}
			}, `expected "Your name is Grace."`},
		{"a silent second request is counted",
			"one_request_per_turn", func(s *Student) {
				chat := s.Chat
				s.Chat = func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
					grown, answer := chat(model, messages, text)
					if answer == "" {
						return chat(model, messages, text)
					}
					return grown, answer
				}
			}, "asked it twice"},
		{"a System sent only at the first turn is seen in the second request",
			"every_request_carries_whole_list", func(s *Student) {
				s.Chat = func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
					system := ""
					if len(messages) == 0 {
						system = System
					}
					messages = append(messages, lab.User(text))
					reply := model.Complete(system, messages, nil)
					return append(messages, reply), s.TextOf(reply)
				}
			}, `System: expected "You are a helpful assistant.", got ""`},
		{"a changed System constant is named by its own check",
			"system_is_the_lessons", func(s *Student) { s.System = "You are helpful." }, `your harness.go says "You are helpful."`},
		{"TextOf remembering replies by shape is caught by an edit in place",
			"text_of_joins_text_blocks", func(s *Student) {
				seen := map[string]string{}
				textOf := s.TextOf
				s.TextOf = func(m lab.Message) string {
					if len(m.Blocks) == 0 {
						return ""
					}
					key := fmt.Sprint(len(m.Blocks), m.Blocks[0].Text)
					if w, ok := seen[key]; ok {
						return w
					}
					seen[key] = textOf(m)
					return seen[key]
				}
			}, "TextOf should read the reply it is given each time"},
		{"TextOf deleting calls in place changes the caller's reply",
			"text_of_skips_tool_calls", func(s *Student) {
				textOf := s.TextOf
				s.TextOf = func(m lab.Message) string {
					m.Blocks = slices.DeleteFunc(m.Blocks, func(b lab.Block) bool { return b.Type == lab.ToolCallBlock })
					return textOf(m)
				}
			}, "changed the reply it was given"},
		{"a Chat sending only the newest twenty messages loses a long saved conversation",
			"chat_sends_the_callers_list", func(s *Student) {
				s.Chat = func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
					messages = append(messages, lab.User(text))
					reply := model.Complete(System, messages[max(0, len(messages)-20):], nil)
					return append(messages, reply), s.TextOf(reply)
				}
			}, "it carried 20 messages; expected 25 messages"},
		{"an assistant reply kept with its words in Content is named as such",
			"list_grows_by_words_and_reply", func(s *Student) {
				s.Chat = func(model lab.Model, messages []lab.Message, text string) ([]lab.Message, string) {
					messages = append(messages, lab.User(text))
					reply := model.Complete(System, messages, nil)
					answer := s.TextOf(reply)
					return append(messages, lab.Message{Role: lab.RoleAssistant, Content: answer}), answer
				}
			}, "message 1 is an assistant message with its words in Content"},
	}
	for _, tt := range tests {
		student := reference()
		tt.wrong(&student)
		v := run(t, tt.check, student)
		if v.Passed {
			t.Errorf("%s: %s passed", tt.reason, tt.check)
			continue
		}
		if !strings.Contains(v.Failures[0], tt.says) {
			t.Errorf("%s: the first failure of %s does not say %q:\n%s", tt.reason, tt.check, tt.says, v.Failures[0])
		}
	}
}

func TestScenarioRunsDiffer(t *testing.T) {
	pairs := []struct {
		name string
		a, b any
	}{
		{"user words", userWords[0].Data, userWords[1].Data},
		{"stories", twoStories[0].Data(), twoStories[1].Data()},
		{"stories with a call", adaCallStory(), savedGraceCallStory()},
		{"names", twoNames[0].Data(), twoNames[1].Data()},
		{"introductions", twoIntroductions[0].Data, twoIntroductions[1].Data},
		{"callers", adaCaller(), graceCaller()},
	}
	for _, p := range pairs {
		if cmp.Equal(p.a, p.b, cmp.AllowUnexported(story{}, nameStory{}, introduction{}, callerStory{})) {
			t.Errorf("%s: the two runs of the scenario use the same data", p.name)
		}
	}
}

// The two sets of replies given to TextOf have the same shapes, block for
// block, and other words: a TextOf that remembers answers by shape fails.
func TestTextSetsShareShapes(t *testing.T) {
	for _, sets := range [][2][]textCase{{joinedTexts(), otherJoinedTexts()}, {callTexts(), otherCallTexts()}} {
		a, b := sets[0], sets[1]
		if len(a) != len(b) {
			t.Fatalf("%d replies and %d replies", len(a), len(b))
		}
		for i := range a {
			if got, want := kinds(b[i].reply), kinds(a[i].reply); !slices.Equal(got, want) {
				t.Errorf("reply %d: shapes %v and %v", i, want, got)
			}
			if a[i].want != "" && a[i].want == b[i].want {
				t.Errorf("reply %d: both sets have the words %q", i, a[i].want)
			}
		}
	}
}

func kinds(m lab.Message) []lab.BlockType {
	var out []lab.BlockType
	for _, b := range m.Blocks {
		out = append(out, b.Type)
	}
	return out
}

// Every request a check expects is one a strict provider accepts, so a
// check never asks for something the provider would refuse.
func TestExpectedRequestsAreAccepted(t *testing.T) {
	for _, s := range []story{adaStory(), graceStory(), adaCallStory(), savedGraceCallStory()} {
		for n := 1; n <= len(s.turns); n++ {
			if problems := lab.Validate(s.request(n).Messages); len(problems) > 0 {
				t.Errorf("request %d of %q: %v", n, s.turns[0], problems)
			}
		}
	}
	for _, c := range []callerStory{adaCaller(), graceCaller()} {
		if problems := lab.Validate(c.saved); len(problems) > 0 {
			t.Errorf("saved conversation: %v", problems)
		}
	}
}

func TestMisfiled(t *testing.T) {
	list := []lab.Message{
		lab.User("hi"),
		{Role: lab.RoleAssistant, Content: "hello"},
		{Role: lab.RoleUser, Blocks: []lab.Block{lab.Text("hi")}},
		lab.Say("fine"),
	}
	got := misfiled(list)
	if len(got) != 2 || !strings.HasPrefix(got[0], "message 1 ") || !strings.HasPrefix(got[1], "message 2 ") {
		t.Errorf("misfiled named %q; want messages 1 and 2", got)
	}
}

func TestEveryChatCheckRecordsItsTurns(t *testing.T) {
	// The checks of lab 2 hand Chat a model: each verdict carries the
	// transcript of the turns it played, one request for each model call.
	for _, name := range []string{"chat_sends_the_callers_list", "every_request_carries_whole_list",
		"first_turn_sends_system_and_words", "list_grows_by_words_and_reply", "model_words_stay_the_models",
		"one_request_per_turn", "provider_accepts_every_request", "remembers_name_at_turn_four"} {
		v := run(t, name, reference())
		requests, replies := 0, 0
		for _, tr := range v.Transcripts {
			for _, e := range tr.Events {
				switch e.Kind {
				case lab.EventRequest:
					requests++
				case lab.EventReply:
					replies++
				}
			}
		}
		if requests == 0 || requests != replies {
			t.Errorf("%s recorded %d requests and %d replies; want some, one reply for each request", name, requests, replies)
		}
	}
}
