// Your ShowStream on a scripted streaming reply: some words, a read call
// whose arguments arrive in fragments, more words. Each text piece is
// printed with the stream's clock when it is shown; then the reply.
package main

import (
	"fmt"
	"time"

	"harnesslab/lab"
	harness "harnesslab/lessons/15-waiting-well"
)

func main() {
	reply := lab.Reply(
		lab.Text("Let me read the config first."),
		lab.Call("read", lab.Args{"path": "config.py"}).WithID("c1"),
		lab.Text(" Back in a moment."),
	)
	stream := lab.StreamOf(reply, 8, 40*time.Millisecond)
	fmt.Println("The stream:")
	for _, p := range stream.Pieces() {
		fmt.Printf("  %5v  %-8s block %d  %q\n", p.At, p.Kind, p.Block, p.Text)
	}

	fmt.Println("\nShown:")
	final, err := harness.ShowStream(stream, func(text string) {
		fmt.Printf("  %5v  %q\n", stream.Now(), text)
	})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println("\nThe reply ShowStream returned:")
	fmt.Println(lab.Show([]lab.Message{final}))
	fmt.Println("The same as the stream's own final message:", fmt.Sprint(final.Blocks) == fmt.Sprint(stream.Final().Blocks))
}
