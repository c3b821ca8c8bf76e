// Command 15 plays lesson 15's scenario against a real model: it asks for a
// status page that never answers and for a file, and the student's harness
// must give the page the timed-out result at its limit and carry on.
package main

import (
	"context"
	"time"

	"harnesslab/grader/runs/runkit"
	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

// limit is how long the harness waits for each call.
const limit = 3 * time.Second

func main() {
	runkit.Main(runkit.Scenario{
		Lesson: "15",
		Files:  map[string]string{"config.py": "PORT = 8080\nHOST = \"0.0.0.0\"\n"},
		Run: func(model lab.Model, ws *lab.Workspace, tools func(...lab.Tool) []lab.Tool) []lab.Message {
			fetch := lab.Tool{
				Name:        "fetch",
				Description: "Fetch a web page and return its text.",
				Parameters: lab.Schema{
					"type":       "object",
					"properties": lab.Schema{"url": lab.Schema{"type": "string", "description": "The page's address."}},
					"required":   []string{"url"},
				},
				Execute: func(lab.Args) (string, error) {
					select {} // the page never answers, and this tool never looks at a context
				},
			}
			recorded := tools(fetch, harness.MakeReadTool(ws))
			jobs := make([]harness.Job, len(recorded))
			for i, t := range recorded {
				jobs[i] = harness.Job{
					Name: t.Name, Description: t.Description, Parameters: t.Parameters,
					Execute: func(_ context.Context, args lab.Args) (string, error) { return t.Execute(args) },
				}
			}
			question := []lab.Message{harness.UserMessage("Is https://status.example.com up, and which port does config.py set? Ask for both at once.")}
			messages, _ := harness.RunLoopWithin(context.Background(), model, question, jobs, harness.MaxSteps, limit)
			return messages
		},
	})
}
