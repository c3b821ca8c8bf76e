package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"harnesslab/lab"
)

// The limits of this lesson.
const (
	HeadLines  = 10        // lines a preview keeps from the start of a big output
	TailLines  = 10        // lines a preview keeps from the end
	OutputsDir = "outputs" // the workspace folder where full outputs are kept
	PageLines  = 50        // the most lines one page of read_lines holds
	MaxHits    = 20        // the most matching lines one search returns
)

// cutMarker is the line a preview puts where it cut: how many lines were cut
// out of how many, the offsets of the first and last line cut, and the file
// that holds them all.
const cutMarker = "[... %d of %d lines cut (offsets %d to %d). Full output: %s. Read it with read_lines, or search it.]\n"

// splitLines returns the lines of text, each with its own "\n" (the last one
// may have none). An empty text has no lines.
func splitLines(text string) []string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// isBig reports whether output has more lines than a preview keeps.
func isBig(output string) bool {
	return len(splitLines(output)) > HeadLines+TailLines
}

// artifactPath returns the path of the nth full output kept: outputs/1.log,
// outputs/2.log, ...
func artifactPath(n int) string {
	return fmt.Sprintf("%s/%d.log", OutputsDir, n)
}

// Preview returns what the model is sent instead of a big output: its first
// HeadLines lines, one marker line (cutMarker) that says what was cut and
// that artifact holds all of it, and its last TailLines lines, each exactly
// as the output has it. An output that is not big comes back unchanged.
func Preview(output, artifact string) string {
	lines := splitLines(output)
	if len(lines) <= HeadLines+TailLines {
		return output
	}
	last := len(lines) - TailLines
	cut := last - HeadLines
	var b strings.Builder
	b.WriteString(strings.Join(lines[:HeadLines], ""))
	fmt.Fprintf(&b, cutMarker, cut, len(lines), HeadLines, last-1, artifact)
	b.WriteString(strings.Join(lines[last:], ""))
	return b.String()
}

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

// itemsEnvelope is how CutItems writes what it kept: the kept items as a
// compact JSON array, how many items the list had, and how many were dropped.
const itemsEnvelope = `{"items":%s,"total":%d,"dropped":%d}`

// CutItems cuts a JSON array down to whole items. It keeps the first items,
// in order, each written compactly (json.Compact), for as long as the kept
// items written as one compact array stay within maxChars characters (as len
// counts them: bytes), and
// stops at the first item that does not fit. It returns them in
// itemsEnvelope. A text that is not a JSON array is an error that says so.
func CutItems(list string, maxChars int) (string, error) {
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(list), &items); err != nil || items == nil {
		return "", fmt.Errorf("not a JSON array: %q", clip(list))
	}
	kept := make([]string, 0, len(items))
	size := 2 // the brackets
	for _, item := range items {
		var compact bytes.Buffer
		if err := json.Compact(&compact, item); err != nil {
			return "", fmt.Errorf("not a JSON array: %q", clip(list))
		}
		grow := compact.Len()
		if len(kept) > 0 {
			grow++ // the comma before it
		}
		if size+grow > maxChars {
			break
		}
		kept = append(kept, compact.String())
		size += grow
	}
	array := "[" + strings.Join(kept, ",") + "]"
	return fmt.Sprintf(itemsEnvelope, array, len(items), len(items)-len(kept)), nil
}

// clip returns the first 40 characters of text, for an error message.
func clip(text string) string {
	if len(text) > 40 {
		return text[:40] + "..."
	}
	return text
}

// The footers of a page.
const (
	pageMore  = "[offsets %d to %d of %d lines. Next offset: %d]\n"
	pageEnd   = "[offsets %d to %d of %d lines. End of file]\n"
	pageEmpty = "[the file is empty]\n"
)

// Page returns at most limit lines of text starting at line offset (counting
// from 0), exactly as the text has them, then a footer line: pageMore with
// the next offset when lines are left, pageEnd when the page reaches the end,
// pageEmpty for a text with no lines. A page that does not end with "\n" gets
// one before its footer. A limit above PageLines is read as PageLines. These
// are errors: an offset below 0 ("offset must be 0 or more, got -1"), a limit
// below 1 ("limit must be 1 or more, got 0"), and an offset at or past the
// end of a text that has lines ("offset 40 is past the end: the text has 40
// lines").
func Page(text string, offset, limit int) (string, error) {
	lines := splitLines(text)
	switch {
	case offset < 0:
		return "", fmt.Errorf("offset must be 0 or more, got %d", offset)
	case limit < 1:
		return "", fmt.Errorf("limit must be 1 or more, got %d", limit)
	case len(lines) == 0 && offset == 0:
		return pageEmpty, nil
	case offset >= len(lines):
		return "", fmt.Errorf("offset %d is past the end: the text has %d lines", offset, len(lines))
	}
	end := min(offset+min(limit, PageLines), len(lines))
	page := strings.Join(lines[offset:end], "")
	if !strings.HasSuffix(page, "\n") {
		page += "\n"
	}
	if end < len(lines) {
		return page + fmt.Sprintf(pageMore, offset, end-1, len(lines), end), nil
	}
	return page + fmt.Sprintf(pageEnd, offset, end-1, len(lines)), nil
}

// The lines of a search result.
const (
	hitLine  = "%s:%d: %s\n" // path, offset of the line, the line without its "\n"
	hitsMore = "[%d more matching lines not shown. Search for something narrower.]\n"
	hitsNone = "no line contains %q\n"
)

// Search returns the lines of the workspace's files that contain query
// (case matters), file by file in the order ws.Paths gives, each line as
// hitLine: where it is and what it says, never more of the file. It returns
// at most MaxHits such lines, then hitsMore if there were more; hitsNone if
// there were none. An empty query is an error ("the query is empty: say what
// to search for"). Each file is read once.
func Search(ws *lab.Workspace, query string) (string, error) {
	if query == "" {
		return "", fmt.Errorf("the query is empty: say what to search for")
	}
	var b strings.Builder
	hits := 0
	for _, path := range ws.Paths() {
		text, err := ws.ReadText(path)
		if err != nil {
			return "", err
		}
		for offset, line := range splitLines(text) {
			if !strings.Contains(line, query) {
				continue
			}
			if hits < MaxHits {
				fmt.Fprintf(&b, hitLine, path, offset, strings.TrimSuffix(line, "\n"))
			}
			hits++
		}
	}
	switch {
	case hits == 0:
		return fmt.Sprintf(hitsNone, query), nil
	case hits > MaxHits:
		fmt.Fprintf(&b, hitsMore, hits-MaxHits)
	}
	return b.String(), nil
}

// wholeNumber returns the argument called name as an int: a Go int, or a
// float64 with nothing after the point (JSON numbers arrive as float64).
// A missing argument is fallback.
func wholeNumber(args lab.Args, name string, fallback int) (int, error) {
	switch v := args[name].(type) {
	case nil:
		return fallback, nil
	case int:
		return v, nil
	case float64:
		if v == float64(int(v)) {
			return int(v), nil
		}
	}
	return 0, fmt.Errorf("%s must be a whole number, got %v", name, args[name])
}

// MakeReadLinesTool returns the read_lines tool, over ws: a page of a file at
// a time, with the totals and the next offset.
func MakeReadLinesTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "read_lines",
		Description: "Read a page of a text file: at most 50 lines from offset (counting from 0). The page ends with the file's line count and the next offset.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"path":   lab.Schema{"type": "string", "description": "Path of the file to read."},
				"offset": lab.Schema{"type": "integer", "description": "First line to read, counting from 0. Default 0."},
				"limit":  lab.Schema{"type": "integer", "description": "How many lines to read, at most 50. Default 50."},
			},
			"required": []string{"path"},
		},
		Execute: func(args lab.Args) (string, error) {
			path, _ := args["path"].(string)
			offset, err := wholeNumber(args, "offset", 0)
			if err != nil {
				return "", err
			}
			limit, err := wholeNumber(args, "limit", PageLines)
			if err != nil {
				return "", err
			}
			text, err := ws.ReadText(path)
			if err != nil {
				return "", err
			}
			return Page(text, offset, limit)
		},
	}
}

// MakeSearchTool returns the search tool, over ws: where a text occurs, not
// the files it occurs in.
func MakeSearchTool(ws *lab.Workspace) lab.Tool {
	return lab.Tool{
		Name:        "search",
		Description: "Find the lines of the workspace's files that contain a text (case matters). Each hit is path:offset: line; read around it with read_lines.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"query": lab.Schema{"type": "string", "description": "The text to find, not a pattern."},
			},
			"required": []string{"query"},
		},
		Execute: func(args lab.Args) (string, error) {
			query, _ := args["query"].(string)
			return Search(ws, query)
		},
	}
}
