// What a tight schema costs in every request, against what one mistake costs
// once: the same scripted model, offered a loose schema and a tight one.
package main

import (
	"fmt"
	"log"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

// search returns a search tool over sectors, with the schema given.
func search(parameters lab.Schema) lab.Tool {
	return lab.Tool{
		Name:        "search_reports",
		Description: "Search this week's field reports by sector. Returns how many match.",
		Parameters:  parameters,
		Execute: func(args lab.Args) (string, error) {
			counts := map[string]int{"health": 6, "shelter": 4, "WASH": 9, "food": 2}
			sector, _ := args["sector"].(string)
			return fmt.Sprintf("%d reports", counts[sector]), nil
		},
	}
}

var loose = lab.Schema{"type": "object", "properties": lab.Schema{"sector": lab.Schema{"type": "string"}}}

var tight = lab.Schema{
	"type":                 "object",
	"properties":           lab.Schema{"sector": lab.Schema{"type": "string", "enum": []string{"health", "shelter", "WASH", "food"}}},
	"required":             []string{"sector"},
	"additionalProperties": false,
}

// model asks about water and sanitation. It picks from an enum when its
// request shows one, and otherwise writes the words it thinks of; an error
// that lists the allowed values gets a second try.
func model() *lab.ScriptedModel {
	return lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		last := r.Messages[len(r.Messages)-1]
		switch {
		case last.Role == lab.RoleUser && r.Tools[0].Parameters["additionalProperties"] == false:
			return lab.Reply(lab.Call("search_reports", lab.Args{"sector": "WASH"}))
		case last.Role == lab.RoleUser:
			return lab.Reply(lab.Call("search_reports", lab.Args{"sector": "sanitation"}))
		case last.IsError:
			return lab.Reply(lab.Call("search_reports", lab.Args{"sector": "WASH"}))
		}
		return lab.Say("This week: " + last.Content + " on water and sanitation.")
	})))
}

func main() {
	question := "How many reports this week are about water and sanitation?"
	var recs []*lab.Recorder
	for _, run := range []struct {
		label  string
		schema lab.Schema
	}{{"loose schema", loose}, {"tight schema", tight}} {
		tools := []lab.Tool{search(run.schema)}
		spec := lab.RenderRequest("", nil, harness.ToolSpecs(tools))
		m := model()
		rec := lab.NewRecorder("Chat with the " + run.label)
		recs = append(recs, rec)
		_, result := harness.Chat(rec.Model(m), nil, question, rec.Tools(tools...))
		fmt.Printf("%s: the tools cost %d tokens in every request\n", run.label, lab.CountTokens(spec))
		fmt.Printf("   answer after %d steps, %d input tokens in all: %q\n", result.Steps, m.Bill(), result.Text)
	}
	// The loose schema again, with Validate holding the tool to the tight
	// contract: the mistake now costs a round trip instead of a wrong answer.
	m := model()
	checked := search(loose)
	checked.Execute = func(args lab.Args) (string, error) {
		if err := harness.Validate(tight, args); err != nil {
			return "", fmt.Errorf("%v; the sectors are health, shelter, WASH and food", err)
		}
		return search(tight).Execute(args)
	}
	rec := lab.NewRecorder("Chat with the loose schema, checked in code")
	recs = append(recs, rec)
	_, result := harness.Chat(rec.Model(m), nil, question, rec.Tools(checked))
	fmt.Printf("loose schema, checked in code: answer after %d steps, %d input tokens in all: %q\n", result.Steps, m.Bill(), result.Text)
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
