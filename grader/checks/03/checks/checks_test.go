package checks

import (
	"slices"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// loop is a plain correct loop, written here from the lesson's rules, so
// that the checks can be run without building a student's package.
func loop(model lab.Model, messages []lab.Message, tools []lab.Tool, budget int) ([]lab.Message, Result) {
	specs := checkkit.SpecsOf(tools)
	for step := 1; step <= budget; step++ {
		reply := model.Complete(system, messages, specs)
		messages = append(messages, reply)
		var calls []lab.Block
		words := ""
		for _, b := range reply.Blocks {
			if b.Type == lab.ToolCallBlock {
				calls = append(calls, b)
			} else {
				words += b.Text
			}
		}
		if len(calls) == 0 {
			return messages, Result{answered, words, step}
		}
		for _, call := range calls {
			i := slices.IndexFunc(tools, func(t lab.Tool) bool { return t.Name == call.Name })
			content, _ := tools[i].Execute(call.Arguments)
			messages = append(messages, checkkit.Result(call.ID, call.Name, content))
		}
	}
	return messages, Result{Status: gaveUp, Steps: budget}
}

// correct is a student whose code follows the lesson.
func correct() Student {
	return Student{
		RunLoop: loop,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
			return loop(model, append(messages, lab.User(text)), tools, maxSteps)
		},
		Answered: answered, GaveUp: gaveUp, MaxSteps: maxSteps,
	}
}

// run runs one check against student and returns its verdict.
func run(t *testing.T, student Student, name string) *checkkit.Verdict {
	t.Helper()
	S = student
	defer func() { S = Student{} }()
	return checkkit.Run(Checks[name], 10*time.Second)
}

func TestEveryCheckPassesACorrectLoop(t *testing.T) {
	for name := range Checks {
		if v := run(t, correct(), name); !v.Passed {
			t.Errorf("%s failed a correct loop:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestAConversationKeptBetweenCallsIsCaughtAndNamed(t *testing.T) {
	student := correct()
	var kept []lab.Message
	student.Chat = func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
		if messages == nil {
			messages = kept
		}
		var res Result
		kept, res = loop(model, append(messages, lab.User(text)), tools, maxSteps)
		return kept, res
	}
	v := run(t, student, "chat_starts_from_the_list_given")
	if v.Passed {
		t.Fatal("a Chat that carries on the last conversation when given nil passed chat_starts_from_the_list_given")
	}
	if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, "nothing of the conversation before it") {
		t.Errorf("the failure should say that the new conversation holds the old one; it says:\n%s", all)
	}
}

func TestTheStudentsConstantsAreNotTheExpectation(t *testing.T) {
	student := correct()
	student.GaveUp = answered // and its loop keeps saying "gave up": only the constants check may fail
	for name := range Checks {
		v := run(t, student, name)
		if want := name != "constants_keep_lesson_values"; v.Passed != want {
			t.Errorf("%s: passed %v with GaveUp set to %q, want %v:\n%s", name, v.Passed, answered, want,
				strings.Join(v.Failures, "\n"))
		}
	}
}

func TestAHiddenSecondRunOfEveryToolIsCaught(t *testing.T) {
	student := correct()
	student.RunLoop = func(model lab.Model, messages []lab.Message, tools []lab.Tool, budget int) ([]lab.Message, Result) {
		for _, tool := range tools { // a warm-up run of every tool, hidden from the list
			tool.Execute(lab.Args{"path": "main.go"})
		}
		return loop(model, messages, tools, budget)
	}
	if v := run(t, student, "each_call_runs_once"); v.Passed {
		t.Error("a loop that runs every tool once more than the model asked passed each_call_runs_once")
	}
}

func TestExpectationsAgreeWithTheirModels(t *testing.T) {
	// Playing each expected request to the scripted model must give back the
	// expected replies: the call ids, results and answer the checks expect
	// are the ones the model really writes.
	for _, d := range plays(story.follows) {
		p := d.Data
		want := append([]lab.Message{lab.User(p.s.Question)}, p.want()...)
		model := p.model()
		requests := wantRequests(p.s, want, 1)
		var replies []lab.Message
		for _, r := range requests {
			replies = append(replies, model.Complete(r.System, r.Messages, r.Tools))
		}
		var expected []lab.Message
		for _, m := range want[1:] {
			if m.Role == lab.RoleAssistant {
				expected = append(expected, m)
			}
		}
		if diff := checkkit.Differences(expected, replies, checkkit.AsSent...); len(diff) > 0 {
			t.Errorf("%s: the model's replies differ from the expected ones:\n%s", d.Name, strings.Join(diff, "\n"))
		}
		if refused := model.Refusals(); len(refused) > 0 {
			t.Errorf("%s: the model refused an expected request: %s", d.Name, refused[0])
		}
	}
}

func TestTheStoriesDifferInWhatACacheWouldKeep(t *testing.T) {
	a, b := lessonStory, otherStory
	if a.Question == b.Question || a.answer() == b.answer() {
		t.Error("the two stories should ask and answer differently")
	}
	shared := 0
	for path, text := range a.Files {
		if other, ok := b.Files[path]; ok {
			shared++
			if other == text {
				t.Errorf("%s holds the same text in both stories: a cache keyed by path would not show", path)
			}
		}
	}
	if shared == 0 {
		t.Error("the stories should share a path with different contents, so a cache keyed by path shows")
	}
}

func TestScribbleChangesWordsAndLeavesEmptyFieldsEmpty(t *testing.T) {
	messages := []lab.Message{lab.User("q"), lab.Reply(lab.Text("t"), lab.Call("read", lab.Args{"path": "a"}).WithID("c1"))}
	tools := lessonStory.tools(lab.NewWorkspace(nil))
	scribble(messages, tools)
	if messages[1].Content != "" {
		t.Errorf("an assistant message's Content should stay empty; it is %q", messages[1].Content)
	}
	if messages[0].Content == "q" || messages[1].Blocks[0].Text == "t" || messages[1].Blocks[1].Arguments["path"] == "a" {
		t.Errorf("scribble should change words and arguments: %s", lab.Show(messages))
	}
	if len(tools[0].Parameters) != 0 || tools[0].Description == lessonStory.tools(lab.NewWorkspace(nil))[0].Description {
		t.Errorf("scribble should change the tools it was handed: %+v", tools[0])
	}
}

// requestsIn counts the request events of transcripts.
func requestsIn(transcripts []lab.Transcript) int {
	n := 0
	for _, tr := range transcripts {
		for _, e := range tr.Events {
			if e.Kind == lab.EventRequest {
				n++
			}
		}
	}
	return n
}

func TestEveryRunIsRecorded(t *testing.T) {
	// Every check but the constants one hands a loop a model: its verdict
	// carries each run's transcript, titled by the run it belongs to.
	for name := range Checks {
		if name == "constants_keep_lesson_values" {
			continue
		}
		v := run(t, correct(), name)
		if requestsIn(v.Transcripts) == 0 {
			t.Errorf("%s recorded no request to the model", name)
		}
		for _, tr := range v.Transcripts {
			if !strings.HasPrefix(tr.Title, "run ") {
				t.Errorf("%s: transcript %q does not say which run of the scenario it belongs to", name, tr.Title)
			}
		}
	}
}

func TestAFailureCarriesTheRequestThatWentWrong(t *testing.T) {
	// A Chat that carries on the last conversation when given nil sends the
	// old messages in its first request: the transcript shows that request
	// as the model received it.
	student := correct()
	var kept []lab.Message
	student.Chat = func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
		if messages == nil {
			messages = kept
		}
		var res Result
		kept, res = loop(model, append(messages, lab.User(text)), tools, maxSteps)
		return kept, res
	}
	v := run(t, student, "chat_starts_from_the_list_given")
	for _, tr := range v.Transcripts {
		if !strings.Contains(tr.Title, "a second conversation") {
			continue
		}
		for _, e := range tr.Events {
			if e.Kind == lab.EventRequest {
				if len(e.Messages) < 2 {
					t.Errorf("the first request of the second conversation holds %d message(s); the transcript should show the old conversation it carried", len(e.Messages))
				}
				return
			}
		}
	}
	t.Errorf("no transcript of the second conversation holds a request; transcripts: %d", len(v.Transcripts))
}
