// Five clients hit the same rate limit at the same moment. When does each
// try again: first with a wait that is the same for everyone, then with
// your Backoff, each client with a source of its own.
package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	harness "harnesslab/lessons/09-when-the-provider-fails"
)

// timeline writes when a client's first three retries go out, counting
// from the moment they all failed together.
func timeline(wait func(retry int) time.Duration) string {
	var at time.Duration
	var out []string
	for retry := 1; retry <= 3; retry++ {
		at += wait(retry)
		out = append(out, fmt.Sprintf("%5.2fs", at.Seconds()))
	}
	return strings.Join(out, "  ")
}

func main() {
	fmt.Println("the same wait for everyone (0.5s, 1s, 2s):")
	for client := 1; client <= 5; client++ {
		fmt.Printf("  client %d retries at %s\n", client, timeline(func(retry int) time.Duration {
			return harness.BaseDelay << (retry - 1)
		}))
	}
	fmt.Println("Backoff, with jitter:")
	for client := 1; client <= 5; client++ {
		rng := rand.New(rand.NewPCG(uint64(client)*7919, uint64(client)*104729))
		fmt.Printf("  client %d retries at %s\n", client, timeline(func(retry int) time.Duration {
			return harness.Backoff(retry, rng)
		}))
	}
}
