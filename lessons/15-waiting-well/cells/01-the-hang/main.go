// The harness as lesson 14 left it: RunLoop runs each call and waits for it.
// The model asks for a status page and a setting in one reply; the page
// never answers. The program looks at the run after 200ms, then lets the
// page answer so that it can end.
package main

import (
	"fmt"
	"log"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	release := make(chan struct{})
	fetch := lab.Tool{
		Name:        "fetch",
		Description: "Fetch a web page.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{"url": lab.Schema{"type": "string"}}, "required": []string{"url"}},
		Execute: func(args lab.Args) (string, error) {
			<-release // the page never answers until the program lets it
			return "status: all systems normal", nil
		},
	}
	lookup := lab.Tool{
		Name:        "lookup",
		Description: "Look up a setting by its key.",
		Parameters:  lab.Schema{"type": "object", "properties": lab.Schema{"key": lab.Schema{"type": "string"}}, "required": []string{"key"}},
		Execute:     func(args lab.Args) (string, error) { return "port = 8080", nil },
	}
	model := lab.NewScriptedModel(
		lab.Reply(
			lab.Call("fetch", lab.Args{"url": "https://status.example.com"}),
			lab.Call("lookup", lab.Args{"key": "port"}),
		),
		lab.Say("The site is up, on port 8080."),
	)

	rec := lab.NewRecorder("Chat with a fetch that hangs until it is let go")
	done := make(chan []lab.Message)
	go func() {
		messages, _ := harness.Chat(rec.Model(model), nil, "Is the site up, and on which port?", rec.Tools(fetch, lookup))
		done <- messages
	}()

	select {
	case <-done:
		fmt.Println("The run ended by itself.")
	case <-time.After(200 * time.Millisecond):
		fmt.Println("After 200ms the run is still waiting.")
		fmt.Printf("The model has been asked %d time(s); the lookup has not run yet.\n", model.Asked())
	}
	close(release)
	messages := <-done
	fmt.Println("\nOnce the page answers, the run goes on:")
	fmt.Println(lab.Show(messages))
	if err := lab.WriteTranscript(rec); err != nil {
		log.Fatal(err)
	}
}
