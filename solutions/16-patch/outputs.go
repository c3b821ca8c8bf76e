package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"harnesslab/lab"
)

// KeepBigOutputs returns copies of tools whose Execute keeps every big output
// whole in ws, at the next artifact path that holds no file yet (counting
// from outputs/1.log for this set of tools), and returns its Preview instead.
// Small outputs and failures come back exactly as the tool returned them.
// The caller's tools are left as they were. The copies may run at the same
// time (Patch's RunCalls runs the reads of a reply side by side): they share
// the count of artifacts, so choosing a path and writing it happen under one
// lock.
func KeepBigOutputs(tools []lab.Tool, ws *lab.Workspace) []lab.Tool {
	var mu sync.Mutex // guards saved, and the path chosen until it is written
	saved := 0
	nextPath := func() string {
		taken := map[string]bool{}
		for _, path := range ws.Paths() {
			taken[path] = true
		}
		for {
			saved++
			if path := artifactPath(saved); !taken[path] {
				return path
			}
		}
	}
	wrapped := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		execute := tool.Execute
		tool.Execute = func(args lab.Args) (string, error) {
			output, err := execute(args)
			if err != nil || !isBig(output) {
				return output, err
			}
			mu.Lock()
			path := nextPath()
			ws.WriteText(path, output)
			mu.Unlock()
			return Preview(output, path), nil
		}
		wrapped[i] = tool
	}
	return wrapped
}
