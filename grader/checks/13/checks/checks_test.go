package checks

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/13/play"
	"harnesslab/lab"
)

// allTasks is every hand-written scenario of the RunTask checks, by name.
func allTasks() map[string]task {
	out := map[string]task{}
	for _, sets := range [][]checkkit.Data[task]{plainTasks, repairTasks, twiceBroken, sideCallTasks, wordsTasks, claimTasks, backedTasks} {
		for _, d := range sets {
			out[d.Name] = d.Data
		}
	}
	return out
}

// TestTaskReadsFindTheirFiles proves the work of the hand-written tasks reads
// files the scenario holds, so a failed read is never the kit's doing.
func TestTaskReadsFindTheirFiles(t *testing.T) {
	for name, tk := range allTasks() {
		ws := lab.NewWorkspace(tk.files)
		for _, reply := range tk.work {
			for _, b := range reply.Blocks {
				if b.Type != lab.ToolCallBlock || b.Name != "read" {
					continue
				}
				if _, ok := ws.Peek(b.Arguments["path"].(string)); !ok {
					t.Errorf("%s: the work's read of %v fails; the scenario's files should hold it", name, b.Arguments)
				}
			}
		}
	}
}

// TestClaimTranscriptsAreValid proves the hand-written transcripts are lists
// a provider would take, and that the kit's rule reads each as the check
// says, so a verdict on them is about the claim alone.
func TestClaimTranscriptsAreValid(t *testing.T) {
	for _, sets := range [][]checkkit.Data[[]claimCase]{lastRunFailedClaims, runBeforeEditClaims, backedClaims, wordsClaims} {
		for _, set := range sets {
			for _, cc := range set.Data {
				if problems := lab.Validate(cc.messages); problems != nil {
					t.Errorf("%s: the transcript is refused: %v", cc.what, problems)
				}
				if backs(cc.messages) != cc.backed {
					t.Errorf("%s: the kit's rule says backed=%v, the check says %v", cc.what, backs(cc.messages), cc.backed)
				}
			}
		}
	}
}

// TestScenariosDecode proves every check's scenario reaches the player: it
// encodes, and decodes strictly into the type its play function reads, the
// same on every call.
func TestScenariosDecode(t *testing.T) {
	for name, j := range Judges {
		first, err := json.Marshal(j.Scenario())
		if err != nil {
			t.Fatalf("%s: the scenario does not encode: %v", name, err)
		}
		if again, _ := json.Marshal(j.Scenario()); string(again) != string(first) {
			t.Errorf("%s: the scenario differs from call to call", name)
		}
		if len(first) > checkkit.MaxObservation/4 {
			t.Errorf("%s: the scenario takes %d bytes", name, len(first))
		}
		var tasks []checkkit.Data[[]play.Task]
		var claims []checkkit.Data[[]play.Claim]
		if json.Unmarshal(first, &tasks) != nil && json.Unmarshal(first, &claims) != nil {
			t.Errorf("%s: the scenario is neither tasks nor transcripts", name)
		}
	}
}

// TestGeneratedTranscripts proves the generated transcripts are what the
// check says: smallest first, valid lists except those cut short, holding
// claims both backed and not, and lists that start with a test run.
func TestGeneratedTranscripts(t *testing.T) {
	sets := generatedClaims().([]checkkit.Data[[]play.Claim])
	backed, cutAtRun := 0, 0
	for _, set := range sets {
		for i, cl := range set.Data {
			if i > 0 && len(cl.Messages) < len(set.Data[i-1].Messages) {
				t.Errorf("%s: not sorted smallest first", cl.What)
			}
			if cl.Messages[0].Role == lab.RoleUser {
				if problems := lab.Validate(cl.Messages); problems != nil {
					t.Errorf("%s: refused: %v", cl.What, problems)
				}
			} else if cl.Messages[0].ToolName == testTool {
				cutAtRun++
			}
			if backs(cl.Messages) {
				backed++
			}
		}
	}
	if backed < generatedClaimCount/10 || backed > generatedClaimCount*9/10 {
		t.Errorf("%d of %d generated transcripts back the claim: too lopsided to tell anything", backed, generatedClaimCount)
	}
	if cutAtRun == 0 {
		t.Errorf("no generated transcript starts with a test run")
	}
}

// TestGeneratedTasks proves the generated runs reach what the check says:
// past MaxSteps, a model that takes no choice, an earlier conversation,
// broken results and calls after submit_result.
func TestGeneratedTasks(t *testing.T) {
	sets := generatedTasks().([]checkkit.Data[[]play.Task])
	var long, plain, history, after, words bool
	for _, set := range sets {
		for _, tk := range set.Data {
			long = long || len(tk.Work)-1 > 8
			plain = plain || tk.Plain
			history = history || tk.History != nil
			for _, a := range tk.Attempts {
				after = after || len(a.After) > 0
				words = words || a.ID == ""
			}
			if tk.History != nil {
				if problems := lab.Validate(tk.History); problems != nil {
					t.Errorf("%s: the earlier conversation is refused: %v", tk.What, problems)
				}
			}
		}
	}
	if !long || !plain || !history || !after || !words {
		t.Errorf("the generated tasks miss a shape: past MaxSteps %v, plain model %v, history %v, calls after submit_result %v, words only %v",
			long, plain, history, after, words)
	}
}

// TestWrongMessages proves the comparison of CheckClaim's words finds a
// message counted from 0, or off by one, and lets other wording pass.
func TestWrongMessages(t *testing.T) {
	ref := "tests_passed is claimed, but an edit (message 9) came after the last test run (message 7)"
	for words, wrong := range map[string]string{
		ref: "",
		"the last test run (Message #7) came before an edit (message 9)": "",
		"an edit came after the last test run":                           "",
		"an edit came after the 14 tests passed":                         "",
		"an edit (message 8) came after the last test run (message 6)":   "8 6",
		"an edit (message 10) came after the last test run (message 7)":  "10",
		"an edit (message 9) came after the last test run (message 8)":   "8",
	} {
		if got := strings.Join(wrongMessages(ref, words), " "); got != wrong {
			t.Errorf("wrongMessages(%q) = %q, want %q", words, got, wrong)
		}
	}
	if wrong := wrongMessages("there is no test run in the transcript", "no test run (message 1 is the question)"); len(wrong) != 1 {
		t.Errorf("a message named where the reference names none should be wrong, got %v", wrong)
	}
}

// TestToolRunsRebuilt proves toolRuns holds the runs it is given.
func TestToolRunsRebuilt(t *testing.T) {
	runs := []checkkit.ToolRun{{Tool: "read", Args: lab.Args{"path": "a"}}, {Tool: testTool, Args: lab.Args{}}}
	if got := toolRuns(runs).Runs(); !reflect.DeepEqual(got, runs) {
		t.Errorf("toolRuns gave %v, want %v", got, runs)
	}
}
