package grader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const quizPage = `Intro.

<!-- question -->
**What comes back?**

- **A.** Ada.
- **B.** Nothing.
- **C.** An error.
<!-- end question -->

<!-- cell 01-a -->
` + "```text\nhi\n```" + `
<!-- end cell -->

<!-- answer B -->
**B** comes back.

<!-- if A -->
If you picked **A**, no.

<!-- if C -->
If you picked **C**, no either.
<!-- end answer -->

<!-- checks lab 1 -->
- 1.1 A check.
<!-- end checks -->
Done.
`

func TestParsePage(t *testing.T) {
	page, err := ParsePage(quizPage)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []PartKind
	for _, p := range page {
		kinds = append(kinds, p.Kind)
	}
	wantKinds := []PartKind{PartText, PartQuestion, PartText, PartCell, PartText, PartAnswer, PartText, PartText, PartText}
	if diff := cmp.Diff(wantKinds, kinds); diff != "" {
		t.Fatalf("the page's parts (-want +got):\n%s", diff)
	}
	q := page[1].Question
	want := &Question{Line: 3, Options: []string{"A", "B", "C"}, Cell: "01-a", Answer: "B",
		Verdict: "**B** comes back.",
		Picks:   []Pick{{"A", "If you picked **A**, no."}, {"C", "If you picked **C**, no either."}}}
	if diff := cmp.Diff(want, q); diff != "" {
		t.Errorf("the question (-want +got):\n%s", diff)
	}
	if page[5].Question != q {
		t.Errorf("the answer part should carry the question it answers")
	}
	if text, ok := q.Explain("C"); !ok || text != "If you picked **C**, no either." {
		t.Errorf(`Explain("C") = %q, %v; want the C explanation`, text, ok)
	}
	if _, ok := q.Explain("B"); ok {
		t.Errorf(`Explain("B") found words for a pick the page does not explain`)
	}
}

func TestPagePlainDropsMarkers(t *testing.T) {
	page, err := ParsePage(quizPage)
	if err != nil {
		t.Fatal(err)
	}
	plain := page.Plain()
	if strings.Contains(plain, "<!--") {
		t.Errorf("plain text keeps a marker:\n%s", plain)
	}
	// Everything a reader needs is there, in the order it is written.
	order := []string{"Intro.", "**What comes back?**", "- **C.** An error.", "hi", "**B** comes back.",
		"If you picked **A**", "If you picked **C**", "- 1.1 A check.", "Done."}
	at := 0
	for _, s := range order {
		i := strings.Index(plain[at:], s)
		if i < 0 {
			t.Fatalf("plain text lacks %q after offset %d:\n%s", s, at, plain)
		}
		at += i + len(s)
	}
	if got := page[5].Markdown("A"); strings.Contains(got, "picked **A**") || !strings.Contains(got, "picked **C**") {
		t.Errorf("Markdown(\"A\") should leave out only A's explanation, got:\n%s", got)
	}
}

func TestParsePageRefusals(t *testing.T) {
	q := "<!-- question -->\n- **A.** x\n- **B.** y\n<!-- end question -->\n"
	cell := "<!-- cell 01-a -->\nout\n<!-- end cell -->\n"
	for _, tc := range []struct {
		reason, readme, want string
	}{
		{"a question needs its answer", q + cell, "has no answer after its cell"},
		{"the answer comes after the cell", q + "<!-- answer A -->\n<!-- if B -->\nno\n<!-- end answer -->\n" + cell, "before the question's cell"},
		{"the answer is an option", q + cell + "<!-- answer C -->\n<!-- end answer -->\n", "one of the question's options A, B"},
		{"every wrong option is explained", q + cell + "<!-- answer A -->\nyes\n<!-- end answer -->\n", "does not explain option B"},
		{"options in order", "<!-- question -->\n- **A.** x\n- **C.** y\n<!-- end question -->\n", "option C where B belongs"},
		{"an answer needs a question", "<!-- answer A -->\n<!-- end answer -->\n", "answers no question"},
		{"markers close", "<!-- cell 01-a -->\nout\n", "never closed"},
		{"markers do not nest", "<!-- cell 01-a -->\n<!-- question -->\n", "inside <!-- cell 01-a -->"},
		{"a pick lives in an answer", "<!-- if A -->\n", "outside an answer"},
		{"an open question's answer names no letter", "<!-- question -->\nHow many?\n<!-- end question -->\n" + cell + "<!-- answer A -->\n<!-- end answer -->\n", "names no letter"},
		{"a pick is explained once", q + cell + "<!-- answer A -->\n<!-- if B -->\nno\n<!-- if B -->\nno\n<!-- end answer -->\n", "appears twice"},
	} {
		_, err := ParsePage(tc.readme)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParsePage error = %v, want one saying %q", tc.reason, err, tc.want)
		}
	}
	open := "<!-- question -->\nHow many?\n<!-- end question -->\n" + cell + "<!-- answer -->\nNone.\n<!-- end answer -->\n"
	page, err := ParsePage(open)
	if err != nil {
		t.Fatalf("an open question: %v", err)
	}
	if q := page[0].Question; len(q.Options) != 0 || q.Answer != "" || q.Verdict != "None." {
		t.Errorf("an open question read as %+v", q)
	}
}

// TestLessonQuestions keeps every lesson's questions well formed, so that
// labrun show can stop at each one.
func TestLessonQuestions(t *testing.T) {
	_, lessons := testKit(t)
	for _, l := range lessons {
		data, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParsePage(string(data)); err != nil {
			t.Errorf("lesson %s: %v", l.Number, err)
		}
	}
}
