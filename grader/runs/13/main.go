// Command 13 plays lesson 13's scenario against a real model: fix a session
// that expires late, with read, edit and a test suite over the workspace,
// then end the run with submit_result, its tests claim checked against the
// transcript. The request for the result goes out with the provider's own
// tool_choice forcing submit_result.
package main

import (
	"errors"
	"fmt"
	"strings"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/13-ending-with-data"
)

// session is the file the task is about; the test suite passes once its
// grace period is gone.
const session = "auth/session.go"

// testsTool returns a test suite over ws: it fails while session.go still
// holds the 10-minute grace period, and passes once it does not.
func testsTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        harness.TestToolName,
		Description: "Run the test suite of the repository and report the outcome.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "additionalProperties": false},
		Execute: func(lab.Args) (string, error) {
			text, err := ws.ReadText(session)
			if err != nil {
				return "", fmt.Errorf("run the tests: %v", err)
			}
			if strings.Contains(text, "10 * time.Minute") {
				return "", errors.New("FAIL auth: TestSessionExpiresOnTime: session still valid 9m after expiry (1 of 14 tests failed)")
			}
			return "ok  auth  14 tests passed", nil
		},
	}
}

func main() {
	runkit.Main(runkit.Scenario{
		Lesson: "13",
		Files: map[string]string{
			session: "package auth\n\nimport \"time\"\n\n// grace is how long a session stays valid after it expires.\n" +
				"const grace = 10 * time.Minute\n\nfunc valid(left time.Duration) bool { return left > -grace }\n",
		},
		Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			edits := harness.NewEdits(ws)
			messages, final := harness.RunTask(model, nil,
				"Sessions stay valid 10 minutes after they expire; they should end on time. Fix it in "+session+
					" and run the tests.", tools(edits.Track(harness.MakeReadTool(ws)), edits.EditTool(), testsTool(ws)))
			fmt.Printf("The run ended %s.\n  summary: %q\n  files changed: %q\n  tests passed (claimed): %t\n",
				final.Ending, final.Summary, final.FilesChanged, final.TestsPassed)
			if final.Problem != "" {
				fmt.Printf("  problem: %s\n", final.Problem)
			}
			fmt.Println()
			return messages
		},
	})
}
