// stop_reason is a label on the reply. The calls are in its content.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/03-the-loop"
)

// mislabelled is the scripted model with one change: it writes "stop" on
// every reply, whatever the reply holds.
type mislabelled struct{ *lab.ScriptedModel }

func (m mislabelled) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	reply := m.ScriptedModel.Complete(system, messages, tools)
	reply.StopReason = "stop"
	return reply
}

// trustingLoop is RunLoop with one change: it goes by the label.
func trustingLoop(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, harness.Result) {
	for step := 1; step <= maxSteps; step++ {
		reply := model.Complete(harness.System, messages, harness.ToolSpecs(tools))
		messages = append(messages, reply)
		if reply.StopReason != "toolUse" {
			return messages, harness.Result{Status: harness.Answered, Text: harness.TextOf(reply), Steps: step}
		}
		for _, call := range harness.ToolCalls(reply) {
			messages = append(messages, harness.RunTool(tools, call))
		}
	}
	return messages, harness.Result{Status: harness.GaveUp, Steps: maxSteps}
}

type loop func(lab.Model, []lab.Message, []lab.Tool, int) ([]lab.Message, harness.Result)

func main() {
	script := func() *lab.ScriptedModel {
		return lab.NewScriptedModel(
			lab.Reply(lab.Text("Let me read config.go."), lab.Call("read", lab.Args{"path": "config.go"})),
			lab.Say("config.go falls back to defaultPort."),
		)
	}
	question := []lab.Message{harness.UserMessage("Where does the port come from?")}
	files := map[string]string{
		"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
	}

	// the labels as this lab's model writes them
	model := script()
	ws := lab.NewWorkspace(files)
	recs := []*lab.Recorder{lab.NewRecorder("RunLoop, the labels as the model writes them")}
	recs[0].Watch(ws)
	messages, _ := harness.RunLoop(recs[0].Model(model), question, recs[0].Tools(harness.MakeReadTool(ws)), harness.MaxSteps)
	for _, m := range messages {
		if m.Role == lab.RoleAssistant {
			fmt.Printf("%-8s <- %s\n", m.StopReason, lab.Show([]lab.Message{m}))
		}
	}

	// the same replies, every one labelled "stop"
	for _, run := range []struct {
		name string
		loop loop
	}{{"a loop that trusts the label", trustingLoop}, {"RunLoop", harness.RunLoop}} {
		ws := lab.NewWorkspace(files)
		rec := lab.NewRecorder(run.name + ", every reply labelled stop")
		rec.Watch(ws)
		recs = append(recs, rec)
		messages, result := run.loop(rec.Model(mislabelled{script()}), question, rec.Tools(harness.MakeReadTool(ws)), harness.MaxSteps)
		fmt.Println()
		fmt.Printf("%s: %s %q after %d step(s); ws.Reads(): %v\n", run.name, result.Status, result.Text, result.Steps, ws.Reads())
		fmt.Println("  problems a provider would find:", lab.Validate(messages))
	}
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
