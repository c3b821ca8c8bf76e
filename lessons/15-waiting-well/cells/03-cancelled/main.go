// Your RunLoopWithin. The model asks for three things in one reply; while
// the second runs, the person at the keyboard presses Ctrl-C (the program
// cancels the caller's context). Then the list goes to the lab's Validate,
// which refuses what a provider would refuse.
package main

import (
	"context"
	"fmt"
	"log"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	object := func(name string) lab.Schema {
		return lab.Schema{"type": "object", "properties": lab.Schema{name: lab.Schema{"type": "string"}}, "required": []string{name}}
	}
	jobs := []harness.Job{
		{Name: "lookup", Description: "Look up a setting.", Parameters: object("key"),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				return args["key"].(string) + " = 8080", nil
			}},
		{Name: "search", Description: "Search the logs.", Parameters: object("query"),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				cancel() // Ctrl-C, while this call runs
				<-ctx.Done()
				return "", ctx.Err()
			}},
	}
	model := lab.NewScriptedModel(
		lab.Reply(
			lab.Call("lookup", lab.Args{"key": "port"}),
			lab.Call("search", lab.Args{"query": "refused"}),
			lab.Call("lookup", lab.Args{"key": "admin_port"}),
		),
		lab.Say("(never asked)"),
	)
	question := []lab.Message{harness.UserMessage("Why is port 8080 refusing connections?")}
	rec := lab.NewRecorder("RunLoopWithin, stopped while search runs")
	messages, result := harness.RunLoopWithin(ctx, rec.Model(model), question, jobs, harness.MaxSteps, time.Second)
	fmt.Println(lab.Show(messages))
	fmt.Printf("\nThe run ended %q after %d step(s); the model was asked %d time(s).\n", result.Status, result.Steps, model.Asked())
	fmt.Printf("Problems a provider would refuse: %d\n", len(lab.Validate(messages)))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
