// The model runs the tests, they pass, and then it makes one more edit
// before it claims tests_passed. RunTask checks the claim against the
// transcript.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/13-ending-with-data"
)

// testsTool runs the suite of this cell: it always passes.
func testsTool() lab.Tool {
	return lab.Tool{
		Name:        harness.TestToolName,
		Description: "Run the test suite and report the outcome.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "additionalProperties": false},
		Execute:     func(lab.Args) (string, error) { return "ok  auth  14 tests passed", nil },
	}
}

func main() {
	ws := lab.NewWorkspace(map[string]string{"auth/session.go": "const grace = 10 * time.Minute // was 5\n"})
	edits := harness.NewEdits(ws)
	tools := []lab.Tool{edits.Track(harness.MakeReadTool(ws)), edits.EditTool(), testsTool()}
	model := lab.NewScriptedModel(
		lab.Reply(lab.Call("read", lab.Args{"path": "auth/session.go"})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "auth/session.go", "old_text": "10 * time.Minute", "new_text": "0"})),
		lab.Reply(lab.Call(harness.TestToolName, lab.Args{})),
		lab.Reply(lab.Call("edit", lab.Args{"path": "auth/session.go", "old_text": " // was 5", "new_text": ""})),
		lab.Say("Done, and the tests pass."),
		lab.Reply(lab.Call(harness.SubmitName, lab.Args{"summary": "Removed the grace period and a stale comment.",
			"files_changed": []any{"auth/session.go"}, "tests_passed": true})),
	)
	rec := lab.NewRecorder("RunTask: the claim is checked against the run")
	rec.Watch(ws)
	messages, final := harness.RunTask(rec.Model(model), nil, "Sessions expire 10 minutes late. Fix it.", rec.Tools(tools...))
	fmt.Println(lab.Show(messages))
	fmt.Printf("\nEnding:  %s\nProblem: %s\n", final.Ending, final.Problem)
	fmt.Printf("CheckClaim before the last edit: %v\n", harness.CheckClaim(messages[:7]))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
