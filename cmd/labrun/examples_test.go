package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// labrunCall finds each labrun command in a text: "labrun NAME ARGS" or
// "go run ./cmd/labrun NAME ARGS", up to the end of the shell command.
var labrunCall = regexp.MustCompile(`(?:^|[\s/])labrun\s+([a-z]+)([^\n;&|]*)`)

// ghExpr is a GitHub Actions expression, "${{ matrix.shard }}".
var ghExpr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// flagsOf returns the flags command name takes, from its own parsing.
func flagsOf(t *testing.T, name string) *flag.FlagSet {
	t.Helper()
	c, ok := commands[name]
	if !ok {
		t.Fatalf("labrun has no command %q", name)
	}
	var help *helpRequested
	if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &help) {
		t.Fatalf("labrun %s --help did not ask for help: %v", name, err)
	}
	return help.fs
}

// checkCalls checks every labrun command in text: the command exists and
// takes every flag given. It returns the calls found, each as its words.
func checkCalls(t *testing.T, where, text string) [][]string {
	t.Helper()
	var calls [][]string
	text = ghExpr.ReplaceAllString(text, "$${{$1}}") // one word each, as the shell gets them
	for _, m := range labrunCall.FindAllStringSubmatch(text, -1) {
		name, words := m[1], strings.Fields(m[2])
		if _, ok := commands[name]; !ok {
			t.Errorf("%s runs labrun %s, which is no labrun command", where, name)
			continue
		}
		fs := flagsOf(t, name)
		for _, w := range words {
			if !strings.HasPrefix(w, "-") {
				continue
			}
			flagName, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
			if fs.Lookup(flagName) == nil {
				t.Errorf("%s gives labrun %s the flag %s, which it does not take", where, name, w)
			}
		}
		calls = append(calls, append([]string{name}, words...))
	}
	return calls
}

// allStrings walks a parsed document and returns every string in it.
func allStrings(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, allStrings(x)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, x := range v {
			out = append(out, allStrings(x)...)
		}
		return out
	}
	return nil
}

// at follows keys (a string for a map, an int for a list) into v.
func at(v any, path ...any) any {
	for _, k := range path {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

// loadExample parses the example manifest name.
func loadExample(t *testing.T, name string) (string, any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("examples", name))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseYAML(string(data))
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	return string(data), doc
}

// shardOf returns the --shard value of a call, or "".
func shardOf(call []string) string {
	for i, w := range call {
		if w == "--shard" && i+1 < len(call) {
			return call[i+1]
		}
	}
	return ""
}

// TestExampleGitHubActions: the workflow parses, its matrix has as many
// parts as --shard says, and the merge waits for the parts.
func TestExampleGitHubActions(t *testing.T) {
	_, doc := loadExample(t, "grade-github-actions.yml")
	matrix, _ := at(doc, "jobs", "grade", "strategy", "matrix", "shard").([]any)
	if len(matrix) == 0 {
		t.Fatal("jobs.grade.strategy.matrix.shard is not a list of parts")
	}
	if needs := at(doc, "jobs", "merge", "needs"); needs != "grade" {
		t.Errorf("jobs.merge.needs = %v, want grade", needs)
	}
	var grades, merges int
	for _, s := range allStrings(doc) {
		for _, call := range checkCalls(t, "the workflow", s) {
			switch call[0] {
			case "grade":
				grades++
				if want := "${{matrix.shard}}/" + itoa(len(matrix)); shardOf(call) != want {
					t.Errorf("labrun grade --shard %q, want %q for a matrix of %d", shardOf(call), want, len(matrix))
				}
			case "merge":
				merges++
			}
		}
	}
	if grades != 1 || merges != 1 {
		t.Errorf("the workflow runs labrun grade %d times and labrun merge %d times, want once each", grades, merges)
	}
}

// TestExampleKubernetes: the Indexed Job parses, is Indexed, has as many
// completions as --shard auto/N says, and the merge Job merges.
func TestExampleKubernetes(t *testing.T) {
	_, job := loadExample(t, "grade-kubernetes-job.yml")
	for key, want := range map[string]string{"apiVersion": "batch/v1", "kind": "Job"} {
		if got := at(job, key); got != want {
			t.Errorf("the grading Job's %s = %v, want %s", key, got, want)
		}
	}
	if got := at(job, "spec", "completionMode"); got != "Indexed" {
		t.Errorf("spec.completionMode = %v, want Indexed (it is what sets JOB_COMPLETION_INDEX)", got)
	}
	completions, _ := at(job, "spec", "completions").(string)
	container := at(job, "spec", "template", "spec", "containers", 0)
	if at(container, "image") == nil || at(container, "volumeMounts", 0, "mountPath") != "/grading" {
		t.Errorf("the grading container names no image or does not mount /grading: %v", container)
	}
	calls := checkCalls(t, "the grading Job", strings.Join(allStrings(at(container, "args")), "\n"))
	if len(calls) != 1 || calls[0][0] != "grade" || shardOf(calls[0]) != "auto/"+completions {
		t.Errorf("the grading Job runs %q; want one labrun grade with --shard auto/%s", calls, completions)
	}

	_, merge := loadExample(t, "grade-kubernetes-merge.yml")
	if at(merge, "kind") != "Job" {
		t.Errorf("the merge manifest is a %v, want a Job", at(merge, "kind"))
	}
	calls = checkCalls(t, "the merge Job", strings.Join(allStrings(at(merge, "spec", "template", "spec", "containers", 0, "args")), "\n"))
	if len(calls) != 1 || calls[0][0] != "merge" {
		t.Errorf("the merge Job runs %q; want one labrun merge", calls)
	}
}

// TestExampleSlurm: the job array has as many tasks as --shard auto/N
// says.
func TestExampleSlurm(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("examples", "grade-slurm.sh"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	calls := checkCalls(t, "the Slurm script", text)
	if !strings.Contains(text, "#SBATCH --array=1-4") {
		t.Fatal("the Slurm script does not ask for an array of 4 tasks")
	}
	var grade []string
	for _, c := range calls {
		if c[0] == "grade" {
			grade = c
		}
	}
	if shardOf(grade) != "auto/4" {
		t.Errorf("the Slurm script runs labrun grade with --shard %q, want auto/4", shardOf(grade))
	}
}

// TestExamplesInREADME: the README shows each example whole, as it is in
// the repository, so the two never drift apart.
func TestExamplesInREADME(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir("examples")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("examples", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(readme), string(data)) {
			t.Errorf("README.md does not show cmd/labrun/examples/%s as it is", e.Name())
		}
	}
}

// TestParseYAMLRefuses: the reader the example tests rest on refuses what
// it cannot read rather than guessing.
func TestParseYAMLRefuses(t *testing.T) {
	for _, bad := range []string{
		"a: 1\n\tb: 2\n",        // a tab
		"a: 1\n  b: 2\n",        // indented under a scalar
		"a: 1\na: 2\n",          // a key twice
		"a: [1, 2\n",            // an unclosed flow list
		"a: {b: 1}\n",           // a flow map
		"- a\nb: 1\n",           // a map after a list at the top
		"a:\n  - b\n   - c\n",   // a list item out of line
		"just words\nmore: 1\n", // a scalar where a key must be
	} {
		if _, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q) took it", bad)
		}
	}
	doc, err := parseYAML("a:\n  - x: 1\n    y: [2, 3]\n  - |\n    line one\n    line two\n")
	if err != nil {
		t.Fatal(err)
	}
	if at(doc, "a", 0, "y", 1) != "3" || at(doc, "a", 1) != "line one\nline two\n" {
		t.Errorf("parseYAML read %#v", doc)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
