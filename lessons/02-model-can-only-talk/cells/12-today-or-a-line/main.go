// Today's date: a tool, or one line of text?
package main

import (
	"fmt"
	"log"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	today := lab.Tool{
		Name:        "today",
		Description: "Return today's date.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{}, "required": []string{}},
		Execute:     func(lab.Args) (string, error) { return "2026-09-19", nil },
	}
	line := "Today is 2026-09-19.\n"

	// it can only report a date it was shown
	tell := lab.Respond(func(r lab.Request) lab.Message {
		shown, _ := r.ResultFor("c1")
		return lab.Say("It is " + shown.Content + ".")
	})

	byTool := lab.NewRecorder("the date from a tool")
	withTool := lab.NewScriptedModel(lab.Reply(lab.Call("today", lab.Args{})), tell)
	harness.Chat(byTool.Model(withTool), nil, "What is the date?", byTool.Tools(today))

	byLine := lab.NewRecorder("the date in a line of the question")
	withLine := lab.NewScriptedModel(lab.Say("It is 2026-09-19."))
	harness.Chat(byLine.Model(withLine), nil, line+"What is the date?", nil)

	// the tool's spec as every request carries it: the line after "tools:"
	request := lab.RenderRequest(harness.System, nil, harness.ToolSpecs([]lab.Tool{today}))
	_, after, _ := strings.Cut(request, "tools:\n")
	spec, _, _ := strings.Cut(after, "\n")

	for _, way := range []struct {
		name  string
		model *lab.ScriptedModel
		extra string
	}{
		{"a tool", withTool, spec},
		{"a line", withLine, line},
	} {
		fmt.Printf("%s: %d model call(s), %d input tokens to learn the date, %d tokens in every request\n",
			way.name, len(way.model.Calls()), way.model.Bill(), lab.CountTokens(way.extra))
	}

	if err := lab.WriteTranscript(byTool, byLine); err != nil {
		log.Fatal(err)
	}
}
