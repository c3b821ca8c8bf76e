// Design A: watch the model's prose for "I'll read <file>".
package main

import (
	"fmt"
	"regexp"
)

var willRead = regexp.MustCompile(`I'll read (\S+\.py)`)

// wantsToRead returns the file the model says it will read, and whether it
// said so.
func wantsToRead(prose string) (string, bool) {
	found := willRead.FindStringSubmatch(prose)
	if found == nil {
		return "", false
	}
	return found[1], true
}

func main() {
	replies := []string{
		"I'll read config.py and tell you the port.",
		"Let me open config.py first.",
		"I need to look at the contents of config.py.",
		"I could say I'll read config.py, but which server?",
	}
	for _, prose := range replies {
		file, ok := wantsToRead(prose)
		if !ok {
			file = "(nothing)"
		}
		fmt.Printf("%-10s <- %s\n", file, prose)
	}
}
