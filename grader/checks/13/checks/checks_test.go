package checks

import (
	"testing"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// allTasks is every scenario of the RunTask checks, by name.
func allTasks() map[string]task {
	out := map[string]task{}
	for _, sets := range [][]checkkit.Data[task]{plainTasks, repairTasks, twiceBroken, sideCallTasks, wordsTasks, claimTasks, backedTasks} {
		for _, d := range sets {
			out[d.Name] = d.Data
		}
	}
	return out
}

// TestExpectedRunsAreWhatAProviderTakes proves the lab 1 checks ask for
// something possible: every request and list they expect passes
// lab.Validate, and every call of the work keeps to its tool's schema.
func TestExpectedRunsAreWhatAProviderTakes(t *testing.T) {
	for name, tk := range allTasks() {
		requests, messages, _ := tk.expected()
		if problems := lab.Validate(messages); problems != nil {
			t.Errorf("%s: the expected list is refused: %v", name, problems)
		}
		for i, r := range requests {
			if problems := lab.Validate(r.Messages); problems != nil {
				t.Errorf("%s: expected request %d is refused: %v", name, i+1, problems)
			}
		}
		if last := requests[len(requests)-1]; last.Choice != forced {
			t.Errorf("%s: the last expected request should force submit_result, got %v", name, last.Choice)
		}
		_, tools := tk.setup()
		for _, reply := range tk.work {
			for _, b := range reply.Blocks {
				if b.Type == lab.ToolCallBlock && kitResult(tools, b).IsError && b.Name == "read" {
					t.Errorf("%s: the work's read of %v fails; the scenario's files should hold it", name, b.Arguments)
				}
			}
		}
	}
}

// TestClaimTranscriptsAreValid proves the lab 2 transcripts are lists a
// provider would take, so a verdict on them is about the claim alone.
func TestClaimTranscriptsAreValid(t *testing.T) {
	lists := [][]lab.Message{
		transcript("q", editOK, testsFail), transcript("q", testsPass, editOK, say("Polished.")),
		transcript("q", editOK, testsPass, editFailed), transcript("q", readOf("ok\n"), tell("they passed")),
	}
	for i, l := range lists {
		if problems := lab.Validate(l); problems != nil {
			t.Errorf("transcript %d is refused: %v", i, problems)
		}
	}
}
