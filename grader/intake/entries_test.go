package intake

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestCleanEntry(t *testing.T) {
	for _, tc := range []struct {
		name, clean string
		isDir       bool
		refusal     string // a word of the refusal; "" means accepted
	}{
		{"harness.go", "harness.go", false, ""},
		{"./alice/harness.go", "alice/harness.go", false, ""},
		{"alice/", "alice", true, ""},
		{`alice\harness.go`, "alice/harness.go", false, ""},
		{"a//b", "a/b", false, ""},
		{"./", ".", true, ""},
		{"", "", false, "no name"},
		{"../x", "", false, "climbs out"},
		{"a/../b", "", false, "climbs out"},
		{"a/..", "", false, "climbs out"},
		{`..\x`, "", false, "climbs out"},
		{"/etc/passwd", "", false, "absolute"},
		{`\\server\share\x`, "", false, "absolute"},
		{"c:x", "", false, "absolute"},
		{"a\x00b", "", false, "NUL"},
	} {
		clean, isDir, refusal := cleanEntry(tc.name)
		if tc.refusal == "" && (refusal != "" || clean != tc.clean || isDir != tc.isDir) {
			t.Errorf("cleanEntry(%q) = %q, %v, %q; want %q, %v, accepted", tc.name, clean, isDir, refusal, tc.clean, tc.isDir)
		}
		if tc.refusal != "" && !strings.Contains(refusal, tc.refusal) {
			t.Errorf("cleanEntry(%q) refusal = %q, want one saying %q", tc.name, refusal, tc.refusal)
		}
	}
}

func TestDisplay(t *testing.T) {
	for in, want := range map[string]string{
		"harness (1).go":  "harness (1).go",
		"café.go":         "café.go",
		"\x1b[31mred":     `"\x1b[31mred"`,
		"caf\xe9.go":      `"caf\xe9.go"`,
		"line\nbreak.txt": `"line\nbreak.txt"`,
	} {
		if got := display(in); got != want {
			t.Errorf("display(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{100: "100 bytes", 1024: "1 KiB", 512 << 10: "512 KiB", 4 << 20: "4 MiB", 1536 << 10: "1.5 MiB"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestNearName(t *testing.T) {
	for _, tc := range []struct {
		name string
		near bool
	}{
		{"harnes.go", true}, {"harness.g", true}, {"harness (1).go", true}, {"harness.go.txt", true},
		{"my_harness.go", true}, {"main.go", false}, {"notes.txt", false}, {strings.Repeat("x", 1<<16), false},
	} {
		if got := nearName(tc.name, "harness.go"); got != tc.near {
			t.Errorf("nearName(%.20q, harness.go) = %v, want %v", tc.name, got, tc.near)
		}
	}
}

// TestCapReader checks the cap on a decompressed stream: a stream that ends
// at the cap is fine, one byte more is not, and the refusal names the cap.
func TestCapReader(t *testing.T) {
	if b, err := io.ReadAll(&capReader{r: strings.NewReader("12345"), left: 5}); err != nil || string(b) != "12345" {
		t.Errorf("a stream of exactly the cap: %q, %v; want all of it", b, err)
	}
	_, err := io.ReadAll(&capReader{r: strings.NewReader("123456"), left: 5})
	if !errors.Is(err, errStreamCap) {
		t.Fatalf("a stream over the cap: %v, want errStreamCap", err)
	}
	pr := tarReadProblem("a.tgz", "in entry x", err, Limits{}.withDefaults())
	if pr.Kind != ProblemBadArchive || !strings.Contains(pr.Message, "more than 32 MiB uncompressed") {
		t.Errorf("tarReadProblem = %+v, want bad_archive naming the 32 MiB cap", pr)
	}
}

func TestLimitsDefaults(t *testing.T) {
	got := Limits{MaxEntries: 5, MaxFileBytes: -1}.withDefaults()
	want := Limits{MaxEntries: 5, MaxFileBytes: DefaultMaxFileBytes, MaxTotalBytes: DefaultMaxTotalBytes, MaxSourceBytes: DefaultMaxSourceBytes}
	if got != want {
		t.Errorf("withDefaults = %+v, want %+v", got, want)
	}
}
