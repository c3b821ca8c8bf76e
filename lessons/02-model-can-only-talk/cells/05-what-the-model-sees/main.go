// What does the model get to see of a tool? Two requests, tools only in the
// first.
package main

import (
	"fmt"
	"log"
	"reflect"

	"harnesslab/lab"
	harness "harnesslab/lessons/02-model-can-only-talk"
)

func main() {
	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
	read := harness.MakeReadTool(ws)
	fmt.Println("your tool has:")
	for _, field := range reflect.VisibleFields(reflect.TypeOf(read)) {
		fmt.Printf("    %-12s %s\n", field.Name, field.Type)
	}

	model := lab.NewScriptedModel(lab.Say("Ok."), lab.Say("Ok."))
	first := []lab.Message{lab.User("What port does the server use?")}
	second := []lab.Message{lab.User("And the backup?")}
	specs := harness.ToolSpecs([]lab.Tool{read})
	rec := lab.NewRecorder("two requests, tools only in the first")
	rec.Model(model).Complete(harness.System, first, specs)
	rec.Model(model).Complete(harness.System, second, nil) // no tools this time

	for number, request := range model.Calls() {
		var names []string
		for _, spec := range request.Tools {
			names = append(names, spec.Name)
		}
		fmt.Printf("request %d described to the model: %q\n", number+1, names)
		for _, spec := range request.Tools {
			fmt.Println("    Name:       ", spec.Name)
			fmt.Println("    Description:", spec.Description)
			fmt.Println("    Parameters: ", lab.EncodeJSON(spec.Parameters))
		}
	}

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
