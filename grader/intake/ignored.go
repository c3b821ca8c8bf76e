package intake

import (
	"fmt"
	"slices"
)

// maxIgnored is how many ignored files a Submission lists before its last
// line, "... and N more".
const maxIgnored = 200

// ignored lists every file of the submission but the student files, sorted,
// capped at maxIgnored lines plus a last one saying how many more. A student
// file is where the lesson puts it, or where it was found (where, by student
// file); one that was found but refused is not listed: its Problem tells of
// it.
func ignored(sc *scan, files []string, where map[string]string) []string {
	prefix := rootPrefix(sc.entries)
	student := make(map[string]bool, len(files))
	for _, sf := range files {
		student[prefix+sf] = true
		if p, ok := where[sf]; ok {
			student[p] = true
		}
	}
	var list []string
	for _, e := range sc.entries {
		if e.kind == entryDir || student[e.path] {
			continue
		}
		list = append(list, display(e.path))
	}
	slices.Sort(list)
	if len(list) <= maxIgnored && !sc.unlisted {
		return list
	}
	more := len(list) - min(len(list), maxIgnored)
	list = list[:min(len(list), maxIgnored)]
	switch {
	case sc.unlisted && more > 0:
		return append(list, fmt.Sprintf("... and %d more, and others not listed (the listing stops after %d entries inside folders)", more, sc.listCap))
	case sc.unlisted:
		return append(list, fmt.Sprintf("... and others not listed (the listing stops after %d entries inside folders)", sc.listCap))
	}
	return append(list, fmt.Sprintf("... and %d more", more))
}
