package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLessonShape keeps every lesson's README in the one shape the course
// promises: the same opening, a "say it in your own words" section with a
// model answer, common answers and a principle, and the same closing card.
// A failure names the lesson and the part that is missing or out of place.
func TestLessonShape(t *testing.T) {
	_, lessons := testKit(t)
	for _, l := range lessons {
		data, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, problem := range readmeShape(l, string(data)) {
			t.Errorf("lesson %s: %s", l.Number, problem)
		}
	}
}

// The closing card's labels, in order.
var cardLabels = []string{"**You hit**", "**You built**", "**The principle**", "**Your harness now**", "**Still open**"}

var timeLine = regexp.MustCompile(`^~(\d+) min · (\d+) labs? · (builds on (\d\d) (.+)|the first lesson of "Harness from First Principles")$`)

// readmeShape returns what is out of shape in a lesson's README, in words.
func readmeShape(l *Lesson, readme string) []string {
	var problems []string
	lines := strings.Split(readme, "\n")
	line := func(i int) string {
		if i < len(lines) {
			return lines[i]
		}
		return ""
	}
	if want := "# " + l.Number + " · " + l.Title; line(0) != want {
		problems = append(problems, fmt.Sprintf("line 1 should be the title %q, from lesson.json; it is %q", want, line(0)))
	}
	if s := line(2); !(len(s) > 2 && strings.HasPrefix(s, "*") && strings.HasSuffix(s, "*") && !strings.HasPrefix(s, "**")) {
		problems = append(problems, fmt.Sprintf("line 3 should be the subtitle, one line in italics (*...*); it is %q", s))
	}
	// The scene: one paragraph of plain text, then the time line.
	i := 4
	if s := line(i); s == "" || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "~") {
		problems = append(problems, fmt.Sprintf("line 5 should open the scene, a plain paragraph; it is %q", s))
	}
	for i < len(lines) && line(i) != "" {
		i++
	}
	m := timeLine.FindStringSubmatch(line(i + 1))
	switch {
	case m == nil:
		problems = append(problems, fmt.Sprintf(`the line after the scene should read "~N min · N labs · builds on NN Title"; it is %q`, line(i+1)))
	case m[2] != fmt.Sprint(len(l.Labs)):
		problems = append(problems, fmt.Sprintf("the time line says %s labs; lesson.json has %d", m[2], len(l.Labs)))
	case m[4] != "" && m[4] != previousNumber(l.Number):
		problems = append(problems, fmt.Sprintf("the time line says it builds on %s; the lesson before is %s", m[4], previousNumber(l.Number)))
	}
	problems = append(problems, sayItShape(readme)...)
	problems = append(problems, cardShape(readme)...)
	return problems
}

func previousNumber(n string) string {
	var k int
	fmt.Sscanf(n, "%d", &k)
	return fmt.Sprintf("%02d", k-1)
}

// section returns the text under a "## " heading, up to the next one.
func section(readme, heading string) (string, bool) {
	at := strings.Index(readme, "\n"+heading+"\n")
	if at < 0 {
		return "", false
	}
	rest := readme[at+len(heading)+2:]
	if end := strings.Index(rest, "\n## "); end >= 0 {
		rest = rest[:end]
	}
	return rest, true
}

// sayItShape checks "Say it in your own words": the question to the student,
// a model answer, "Common answers, and what each one misses", and the
// principle in bold.
func sayItShape(readme string) []string {
	const common = "### Common answers, and what each one misses"
	body, ok := section(readme, "## Say it in your own words")
	if !ok {
		return []string{`there is no "## Say it in your own words" section`}
	}
	var problems []string
	before, after, found := strings.Cut(body, "\n"+common+"\n")
	if !found {
		return append(problems, fmt.Sprintf("%q should be a subsection of \"Say it in your own words\"", common))
	}
	if n := len(paragraphs(before)); n < 2 {
		problems = append(problems, `"Say it in your own words" should ask the student, then give a model answer: it has `+fmt.Sprint(n)+" paragraph(s) before the common answers")
	}
	if !strings.Contains(after, "\n- **") {
		problems = append(problems, "the common answers should be a list, each answer in bold")
	}
	paras := paragraphs(after)
	if len(paras) == 0 || !isPrinciple(paras[len(paras)-1]) {
		problems = append(problems, `"Say it in your own words" should end with the principle, one paragraph in bold`)
	}
	return problems
}

func isPrinciple(p string) bool {
	return strings.HasPrefix(p, "**") && strings.HasSuffix(p, "**") && !strings.HasPrefix(p, "- ")
}

func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// cardShape checks the closing card: after the last "---", the five labels in
// order, each on a line of its own with its text under it.
func cardShape(readme string) []string {
	at := strings.LastIndex(readme, "\n---\n")
	if at < 0 {
		return []string{`there is no closing card: a "---" line, then ` + strings.Join(cardLabels, ", ")}
	}
	card := strings.Split(strings.TrimSpace(readme[at+5:]), "\n")
	var labels []string
	for i, s := range card {
		if strings.HasPrefix(s, "**") && strings.HasSuffix(s, "**") && len(s) > 4 {
			labels = append(labels, s)
			if i+1 >= len(card) || strings.TrimSpace(card[i+1]) == "" {
				return []string{fmt.Sprintf("the card's %s should have its text on the next line", s)}
			}
		}
	}
	if strings.Join(labels, " ") != strings.Join(cardLabels, " ") {
		return []string{fmt.Sprintf("the closing card's labels are %s; they should be %s, in that order", strings.Join(labels, ", "), strings.Join(cardLabels, ", "))}
	}
	return nil
}
