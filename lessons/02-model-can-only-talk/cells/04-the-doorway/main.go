// Design C: the whole doorway to the model. Everything Complete accepts, and
// everything it gives back.
package main

import (
	"fmt"
	"log"
	"reflect"
	"strings"

	"harnesslab/lab"
)

func main() {
	model := lab.NewScriptedModel(lab.Say("I checked config.py: the port is 8080."))
	rec := lab.NewRecorder("one request through the doorway")

	// everything you can hand over: these three arguments, and no others
	reply := rec.Model(model).Complete(
		"You are a helpful assistant.",        // system
		[]lab.Message{lab.User("What port?")}, // messages
		nil,                                   // tools
	)

	// everything you get back: one lab.Message, every field of it
	v := reflect.ValueOf(reply)
	for i := range v.NumField() {
		name, value := v.Type().Field(i).Name, v.Field(i).Interface()
		switch value := value.(type) {
		case []lab.Block:
			var shown []string
			for _, b := range value {
				shown = append(shown, lab.ShowBlock(b))
			}
			fmt.Printf("%-12s [%s]\n", name+":", strings.Join(shown, ", "))
		case string:
			fmt.Printf("%-12s %q\n", name+":", value)
		default:
			fmt.Printf("%-12s %+v\n", name+":", value)
		}
	}

	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
