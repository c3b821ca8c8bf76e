package intake

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// maxFound is how many files a "found ..." list names.
const maxFound = 5

// missingMessage says that student file sf is not at prefix+sf, and what the
// submission holds instead that looks close: the file in a folder, the file
// named with other letter case or a near name, or else the files it holds.
func missingMessage(sf, prefix string, entries []entry) string {
	var files []entry
	for _, e := range entries {
		if e.kind != entryDir && !isNoise(e.path) {
			files = append(files, e)
		}
	}
	slices.SortFunc(files, func(a, b entry) int {
		if d := strings.Count(a.path, "/") - strings.Count(b.path, "/"); d != 0 {
			return d
		}
		return strings.Compare(a.path, b.path)
	})
	return fmt.Sprintf("%s is missing; %s", display(sf), found(sf, prefix, files))
}

// found says what files holds that looks like sf.
func found(sf, prefix string, files []entry) string {
	want := path.Base(sf)
	for _, e := range files {
		if path.Base(e.path) == want {
			if strings.Contains(sf, "/") {
				return fmt.Sprintf("found %s: the file must be at %s in the submission", display(e.path), display(prefix+sf))
			}
			return fmt.Sprintf("found %s: the file must be at the top of the submission, not inside a folder", display(e.path))
		}
	}
	for _, close := range []func(a, b string) bool{strings.EqualFold, nearName} {
		for _, e := range files {
			if close(path.Base(e.path), want) {
				return fmt.Sprintf("found %s: the file must be named exactly %s", display(e.path), display(want))
			}
		}
	}
	if len(files) == 0 {
		return "found no files, only folders"
	}
	names := make([]string, 0, maxFound)
	for _, e := range files[:min(len(files), maxFound)] {
		names = append(names, display(e.path)+kindNote(e.kind))
	}
	list := "found " + strings.Join(names, ", ")
	if more := len(files) - len(names); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return list
}

// kindNote describes an entry that is not a regular file.
func kindNote(k entryKind) string {
	switch k {
	case entryLink:
		return " (a link, not followed)"
	case entryOther:
		return " (not a regular file)"
	}
	return ""
}

// nearName reports whether name looks like a misspelling or a decorated copy
// of want: "harnes.go", "harness (1).go", "harness.go.txt", "my_harness.go".
func nearName(name, want string) bool {
	n, w := strings.ToLower(name), strings.ToLower(want)
	stem := strings.TrimSuffix(w, path.Ext(w))
	close := len(n) <= len(w)+2 && len(w) <= len(n)+2 && editDistance(n, w) <= 2
	return close || (len(stem) >= 3 && strings.Contains(n, stem))
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
