// Your RunCallsWithin: three calls of one reply, a limit of 50ms each. The
// page hangs and ignores its context; the search stops when its context
// ends; the lookup answers at once.
package main

import (
	"context"
	"fmt"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	object := func(name string) lab.Schema {
		return lab.Schema{"type": "object", "properties": lab.Schema{name: lab.Schema{"type": "string"}}, "required": []string{name}}
	}
	jobs := []harness.Job{
		{Name: "fetch", Description: "Fetch a web page.", Parameters: object("url"),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				select {} // hangs, and never looks at ctx
			}},
		{Name: "search", Description: "Search the logs.", Parameters: object("query"),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				<-ctx.Done() // far too slow: stops only when told to
				return "", ctx.Err()
			}},
		{Name: "lookup", Description: "Look up a setting.", Parameters: object("key"),
			Execute: func(ctx context.Context, args lab.Args) (string, error) {
				return "port = 8080", nil
			}},
	}
	calls := []lab.Block{
		lab.Call("fetch", lab.Args{"url": "https://status.example.com"}).WithID("c1"),
		lab.Call("search", lab.Args{"query": "connection refused"}).WithID("c2"),
		lab.Call("lookup", lab.Args{"key": "port"}).WithID("c3"),
	}
	results := harness.RunCallsWithin(context.Background(), jobs, calls, 50*time.Millisecond)
	fmt.Println(lab.Show(results))
}
