package mutate

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"harnesslab/grader/results"
)

const sample = `package harness

// Given is handed to the student: nothing in it is mutated.
func Given(n int) bool { return n < 3 && true }

func Count(xs []int, limit int) (n int) {
	// --- your code ---
	for _, x := range xs {
		if x >= limit {
			break
		}
		if !(x == 0) {
			n += 2
		} else {
			continue
		}
	}
	// --- end ---
	return n
}

func Log(lines *[]string) {
	// --- your code ---
	*lines = append(*lines, "done")
	// --- end ---
}
`

func TestGenerateMutatesOnlyTheGaps(t *testing.T) {
	ms, err := Generate("harness.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.ID+" | "+m.Now)
		if m.Line < 7 {
			t.Errorf("mutant %s changes line %d, outside every gap", m.ID, m.Line)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "m.go", m.Source, 0); err != nil {
			t.Errorf("mutant %s is not Go: %v\n%s", m.ID, err, m.Source)
		}
	}
	want := []string{
		"harness.go:Count:remove-if#1 | _ = 0",
		"harness.go:Count:negate-if#1 | if !(x >= limit) {",
		"harness.go:Count:>=to>#1 | if x > limit {",
		"harness.go:Count:>=to<#1 | if x < limit {",
		"harness.go:Count:breaktocontinue#1 | continue",
		"harness.go:Count:remove-if#2 | _ = 0",
		"harness.go:Count:negate-if#2 | if !(!(x == 0)) {",
		"harness.go:Count:swap-if-else#1 | if !(x == 0) {",
		"harness.go:Count:drop-not#1 | if (x == 0) {",
		"harness.go:Count:==to!=#1 | if !(x != 0) {",
		"harness.go:Count:const+1#1 | if !(x == 1) {",
		"harness.go:Count:remove-assign#1 | _ = 0",
		"harness.go:Count:const+1#2 | n += 3",
		"harness.go:Count:const-1#1 | n += 1",
		"harness.go:Count:continuetobreak#1 | break",
		"harness.go:Log:early-return#1 | func Log(lines *[]string) { return;",
		"harness.go:Log:remove-assign#1 | _ = 0",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mutants (-want +got):\n%s", diff)
	}
	swap := ms[7]
	if !strings.Contains(string(swap.Source), "{\n\t\t\tcontinue\n\t\t} else {\n\t\t\tn += 2\n\t\t}") {
		t.Errorf("swap-if-else should swap the two branches:\n%s", swap.Source)
	}
}

func TestMutantNamesSurviveUnrelatedEdits(t *testing.T) {
	before, err := Generate("harness.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(sample, "func Log(", "func Other() {\n\t// --- your code ---\n\tprintln(1 + 2)\n\t// --- end ---\n}\n\nfunc Log(", 1)
	after, err := Generate("harness.go", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range after {
		if ids[m.ID] {
			t.Errorf("two mutants are named %s", m.ID)
		}
		ids[m.ID] = true
	}
	for _, m := range before {
		if !ids[m.ID] {
			t.Errorf("mutant %s lost its name when another function was added", m.ID)
		}
	}
	if len(after) <= len(before) {
		t.Errorf("the new function's gap gave no mutants: %d before, %d after", len(before), len(after))
	}
}

func TestReadEquivalent(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		path := filepath.Join(dir, EquivalentFile)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	got, err := ReadEquivalent(write("# why these behave the same\n\nharness.go:F:<to<=#1   the index never reaches the length\n"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"harness.go:F:<to<=#1": "the index never reaches the length"}, got); diff != "" {
		t.Errorf("read (-want +got):\n%s", diff)
	}
	for text, words := range map[string]string{
		"harness.go:F:<to<=#1\n":                         "has no reason",
		"harness.go:F:a#1 same\nharness.go:F:a#1 same\n": "listed twice",
	} {
		if _, err := ReadEquivalent(write(text)); err == nil || !strings.Contains(err.Error(), words) {
			t.Errorf("ReadEquivalent(%q) = %v, want an error saying %q", text, err, words)
		}
	}
	if got, err := ReadEquivalent(filepath.Join(dir, "none.txt")); err != nil || len(got) != 0 {
		t.Errorf("a missing list should be empty, got %v, %v", got, err)
	}
}

func TestRunJudgesEachMutant(t *testing.T) {
	ms, err := Generate("harness.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	ms = ms[:5]
	outcome := map[string]Outcome{
		ms[0].ID: {Status: results.StatusFailed, Failed: []string{"stops_at_limit"}},
		ms[1].ID: {Status: results.StatusPassed},
		ms[2].ID: {Status: results.StatusPassed},
		ms[3].ID: {Status: results.StatusNoCompile},
		ms[4].ID: {Status: results.StatusKitError, Message: "the sandbox refused"},
	}
	check := func(_ context.Context, dir string) Outcome {
		src, err := os.ReadFile(filepath.Join(dir, "harness.go"))
		if err != nil {
			t.Error(err)
		}
		other, err := os.ReadFile(filepath.Join(dir, "schema.go"))
		if err != nil || string(other) != "package harness\n" {
			t.Errorf("the other student file should be copied as it is: %q, %v", other, err)
		}
		for _, m := range ms {
			if string(m.Source) == string(src) {
				return outcome[m.ID]
			}
		}
		t.Errorf("the checker got a file that is no mutant:\n%s", src)
		return Outcome{}
	}
	base := map[string][]byte{"harness.go": []byte(sample), "schema.go": []byte("package harness\n")}
	equivalent := map[string]string{ms[2].ID: "no difference", ms[0].ID: "wrongly listed", "harness.go:Gone:x#1": "removed"}
	r, err := Run(context.Background(), t.TempDir(), base, ms, check, equivalent, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fates []Fate
	for _, j := range r.Judged {
		fates = append(fates, j.Fate)
	}
	if diff := cmp.Diff([]Fate{Killed, Survived, Equivalent, Stillborn, KitError}, fates); diff != "" {
		t.Errorf("fates (-want +got):\n%s", diff)
	}
	if killed, counted := r.Score(); killed != 1 || counted != 2 || r.Percent() != 50 {
		t.Errorf("score %d/%d (%.0f%%), want 1/2 (50%%)", killed, counted, r.Percent())
	}
	if diff := cmp.Diff([]string{ms[0].ID, "harness.go:Gone:x#1"}, r.Stale); diff != "" {
		t.Errorf("stale entries (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"stops_at_limit"}, r.Judged[0].By); diff != "" {
		t.Errorf("killed by (-want +got):\n%s", diff)
	}
}
