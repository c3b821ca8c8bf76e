package intake

import (
	"fmt"
	"slices"
	"strings"
)

// maxPlaces is how many places a "found in N places" message names.
const maxPlaces = 3

// deepMatch reports whether entry path p is student file sf at some depth:
// sf itself, or sf inside any folders. Noise (__MACOSX copies, "._" files)
// never is.
func deepMatch(p, sf string) bool {
	return !isNoise(p) && (p == sf || strings.HasSuffix(p, "/"+sf))
}

// placesOf lists, sorted, every entry of entries that is student file sf at
// some depth, folders aside.
func placesOf(entries []entry, sf string) []string {
	var out []string
	for _, e := range entries {
		if e.kind != entryDir && deepMatch(e.path, sf) {
			out = append(out, e.path)
		}
	}
	slices.Sort(out)
	return out
}

// foundDeep is the note a submission carries when student file sf was
// taken from p rather than where the lesson puts it.
func foundDeep(sf, p string) string {
	return fmt.Sprintf("%s was taken from %s, the one place the submission holds it", display(sf), display(p))
}

// twiceMessage says that student file sf is not where the lesson puts it
// and is found in several places, so which one to grade is unclear.
func twiceMessage(sf string, places []string) string {
	shown := make([]string, 0, maxPlaces)
	for _, p := range places[:min(len(places), maxPlaces)] {
		shown = append(shown, display(p))
	}
	list := strings.Join(shown, " and ")
	if len(places) > maxPlaces {
		list = strings.Join(shown, ", ") + fmt.Sprintf(" and %d more", len(places)-maxPlaces)
	}
	return fmt.Sprintf("%s is in %d places, %s, so which one to grade is unclear: hand in one copy, at the top of the submission", display(sf), len(places), list)
}
