package checks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// The lesson's rules, as the kit knows them. Checks build what they expect
// from these, after the student's code has returned.

// The lesson's values.
const (
	headLines  = 10
	tailLines  = 10
	outputsDir = "outputs"
	pageLines  = 50
	maxHits    = 20
)

// The lesson's texts, word for word as outputs.go gives them.
const (
	cutMarker     = "[... %d of %d lines cut (offsets %d to %d). Full output: %s. Read it with read_lines, or search it.]\n"
	itemsEnvelope = `{"items":%s,"total":%d,"dropped":%d}`
	pageMore      = "[offsets %d to %d of %d lines. Next offset: %d]\n"
	pageEnd       = "[offsets %d to %d of %d lines. End of file]\n"
	pageEmpty     = "[the file is empty]\n"
	hitLine       = "%s:%d: %s\n"
	hitsMore      = "[%d more matching lines not shown. Search for something narrower.]\n"
	hitsNone      = "no line contains %q\n"
)

// lines returns the lines of text, each with its own "\n" (the last may have
// none). An empty text has no lines.
func lines(text string) []string {
	all := strings.SplitAfter(text, "\n")
	if all[len(all)-1] == "" {
		all = all[:len(all)-1]
	}
	return all
}

// artifact returns the path of the nth full output kept.
func artifact(n int) string { return fmt.Sprintf("%s/%d.log", outputsDir, n) }

// preview is what the model should be sent instead of output.
func preview(output, path string) string {
	all := lines(output)
	if len(all) <= headLines+tailLines {
		return output
	}
	last := len(all) - tailLines
	return strings.Join(all[:headLines], "") +
		fmt.Sprintf(cutMarker, last-headLines, len(all), headLines, last-1, path) +
		strings.Join(all[last:], "")
}

// marker is the marker line a preview of output should hold.
func marker(output, path string) string {
	n := len(lines(output))
	return fmt.Sprintf(cutMarker, n-headLines-tailLines, n, headLines, n-tailLines-1, path)
}

// cutItems is what CutItems should return, and whether it should fail.
func cutItems(list string, maxChars int) (string, bool) {
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(list), &items); err != nil || items == nil {
		return "", false
	}
	kept, size := []string{}, 2
	for _, item := range items {
		var compact bytes.Buffer
		json.Compact(&compact, item)
		grow := compact.Len()
		if len(kept) > 0 {
			grow++
		}
		if size+grow > maxChars {
			break
		}
		kept = append(kept, compact.String())
		size += grow
	}
	return fmt.Sprintf(itemsEnvelope, "["+strings.Join(kept, ",")+"]", len(items), len(items)-len(kept)), true
}

// notArray is the error CutItems should give for list.
func notArray(list string) string {
	if len(list) > 40 {
		list = list[:40] + "..."
	}
	return fmt.Sprintf("not a JSON array: %q", list)
}

// page is what Page should return, or the error it should give.
func page(text string, offset, limit int) (string, string) {
	all := lines(text)
	switch {
	case offset < 0:
		return "", fmt.Sprintf("offset must be 0 or more, got %d", offset)
	case limit < 1:
		return "", fmt.Sprintf("limit must be 1 or more, got %d", limit)
	case len(all) == 0 && offset == 0:
		return pageEmpty, ""
	case offset >= len(all):
		return "", fmt.Sprintf("offset %d is past the end: the text has %d lines", offset, len(all))
	}
	end := min(offset+min(limit, pageLines), len(all))
	body := strings.Join(all[offset:end], "")
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	if end < len(all) {
		return body + fmt.Sprintf(pageMore, offset, end-1, len(all), end), ""
	}
	return body + fmt.Sprintf(pageEnd, offset, end-1, len(all)), ""
}

// search is what Search should return over files (path to text, visited in
// sorted order), or the error it should give.
func search(paths []string, files map[string]string, query string) (string, string) {
	if query == "" {
		return "", "the query is empty: say what to search for"
	}
	var b strings.Builder
	hits := 0
	for _, path := range paths {
		for offset, line := range lines(files[path]) {
			if !strings.Contains(line, query) {
				continue
			}
			if hits < maxHits {
				fmt.Fprintf(&b, hitLine, path, offset, strings.TrimSuffix(line, "\n"))
			}
			hits++
		}
	}
	if hits == 0 {
		return fmt.Sprintf(hitsNone, query), ""
	}
	if hits > maxHits {
		fmt.Fprintf(&b, hitsMore, hits-maxHits)
	}
	return b.String(), ""
}
