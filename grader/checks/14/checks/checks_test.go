package checks

import (
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLinesFindsFramingMistakes proves the framing check names each mistake
// a side can make on the wire, and passes well-framed lines.
func TestLinesFindsFramingMistakes(t *testing.T) {
	cases := []struct {
		reason  string
		written string
		want    string // a word the problem must hold; "" for no problem
		count   int    // messages read
	}{
		{"two good lines", `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","method":"x"}` + "\n", "", 2},
		{"no newline at the end", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "newline", 1},
		{"two messages on one line", `{"jsonrpc":"2.0","id":1}{"jsonrpc":"2.0","id":2}` + "\n", "more than one", 1},
		{"not JSON", "hello\n", "not one JSON object", 0},
		{"no jsonrpc field", `{"id":1,"result":{}}` + "\n", "jsonrpc", 1},
	}
	for _, tc := range cases {
		got, problems := lines("a side", tc.written)
		if len(got) != tc.count {
			t.Errorf("%s: read %d messages, want %d", tc.reason, len(got), tc.count)
		}
		if tc.want == "" && len(problems) > 0 {
			t.Errorf("%s: problems %q, want none", tc.reason, problems)
		}
		if tc.want != "" && !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("%s: problems %q, want one saying %q", tc.reason, problems, tc.want)
		}
	}
}

// TestWantTextNamesOtherBlocks proves the kit's expected text of a result:
// texts joined by newlines, an empty text kept, an image named by its type.
func TestWantTextNamesOtherBlocks(t *testing.T) {
	got := wantText([]mcp.Content{text("a"), text(""), &mcp.ImageContent{Data: []byte{1}, MIMEType: "image/png"}})
	if want := "a\n\n[image content]"; got != want {
		t.Errorf("wantText = %q, want %q", got, want)
	}
	if got := wantText(nil); got != "" {
		t.Errorf("wantText(nil) = %q, want empty", got)
	}
}

// TestOtherIDDiffers proves the stale answer of the hand-written server never
// quotes the id it stands in front of, for numbers and strings alike.
func TestOtherIDDiffers(t *testing.T) {
	for _, id := range []string{"1", "0", "42", `"a-1"`, `"1"`} {
		other := otherID(id)
		if other == id || canonical([]byte(other)) == canonical([]byte(id)) {
			t.Errorf("otherID(%s) = %s, the same id", id, other)
		}
		if canonical([]byte(other)) == other && strings.HasPrefix(id, `"`) != strings.HasPrefix(other, `"`) {
			t.Errorf("otherID(%s) = %s: a number for a string or the other way round", id, other)
		}
	}
}

// TestServersShareSearch proves the client scenarios hold what they promise:
// both servers offer search, and their names and tools differ.
func TestServersShareSearch(t *testing.T) {
	sets := servers()
	if len(sets) < 2 {
		t.Fatalf("%d data sets, want at least 2", len(sets))
	}
	for _, set := range sets {
		if set.Data.Tools[len(set.Data.Tools)-1].Name != "search" {
			t.Errorf("%s: the last tool is %q; the checks call it as search", set.Name, set.Data.Tools[len(set.Data.Tools)-1].Name)
		}
	}
	if sets[0].Data.Name == sets[1].Data.Name || wantText(sets[0].Data.Tools[1].Answer) == wantText(sets[1].Data.Tools[1].Answer) {
		t.Errorf("the two servers should differ in name and in what search answers")
	}
}
