// The failures real providers send, as the lab makes them: the status, the
// body that comes with it, and what your Classify says about each. Once lab 1
// passes, this runs against your code.
package main

import (
	"fmt"
	"io/fs"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/09-when-the-provider-fails"
)

func main() {
	for _, failure := range []*lab.ProviderError{
		lab.RateLimited(lab.Anthropic, 20*time.Second),
		lab.Overloaded(lab.Anthropic),
		lab.ServerError(lab.OpenAI),
		lab.NoReply(),
		lab.Garbled(),
		lab.TooLong(lab.Anthropic, 210000, 200000),
		lab.TooLong(lab.OpenAI, 130000, 128000),
	} {
		fmt.Printf("%-10s %s\n", harness.Classify(failure), failure)
		if body := failure.Body(); body != "" {
			fmt.Printf("%-10s body: %s\n", "", body)
		}
		if failure.RetryAfter > 0 {
			fmt.Printf("%-10s retry-after: %s\n", "", failure.RetryAfter)
		}
	}
	toolErr := fmt.Errorf("read notes.md: %w", fs.ErrNotExist)
	fmt.Printf("%-10s %s\n", harness.Classify(toolErr), toolErr)
}
