package web

import (
	"fmt"
	"html/template"
	"net/http"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// courseData is what the course page shows.
type courseData struct {
	Lessons   []courseRow
	HasReport bool
	Lesson    string // the lesson of the report, if any
	Static    bool   // an exported site: no one's progress is shown
}

// courseRow is one lesson on the course page.
type courseRow struct {
	Number, Title, Progress string
	Checks                  int
	Labs                    []string
}

func (s *Site) courseData() courseData {
	d := courseData{HasReport: s.Report != nil, Static: s.Static}
	if s.Report != nil {
		d.Lesson = s.Report.Lesson
	}
	for _, l := range s.Lessons {
		p, ok := s.Progress[l.Number]
		if !ok {
			p = "not checked yet"
		}
		d.Lessons = append(d.Lessons, courseRow{Number: l.Number, Title: l.Title, Progress: p, Checks: len(l.Checks), Labs: l.Labs})
	}
	return d
}

func (s *Site) serveCourse(w http.ResponseWriter, r *http.Request) {
	s.write(w, "course.html", s.courseData())
}

// lessonData is what a lesson page shows.
type lessonData struct {
	Number, Title string
	Parts         []lessonPart
	Static        bool
}

// lessonPart is text, or a cell with its code and output.
type lessonPart struct {
	HTML   template.HTML
	Cell   *grader.Cell
	Quiz   bool             // a question comes before the cell: its output waits until asked for
	Answer template.HTML    // a quiz's answer, which waits with the output
	Drawn  []transcriptView // the transcripts the cell recorded, drawn
}

// lessonData lays the page out from the README and the reference cells as
// recorded: nothing is built or run.
func (s *Site) lessonData(l *grader.Lesson) (*lessonData, error) {
	text, err := readme(l)
	if err != nil {
		return nil, err
	}
	parts, err := splitReadme(text)
	if err != nil {
		return nil, err
	}
	cells, err := s.referenceCells(l)
	if err != nil {
		return nil, fmt.Errorf("read the cells of lesson %s: %v", l.Number, err)
	}
	byName := map[string]*grader.Cell{}
	for i := range cells {
		byName[cells[i].Name] = &cells[i]
	}
	d := &lessonData{Number: l.Number, Title: l.Title, Static: s.Static}
	for _, p := range parts {
		if p.Cell == "" {
			d.Parts = append(d.Parts, lessonPart{HTML: p.HTML})
			continue
		}
		c, ok := byName[p.Cell]
		if !ok {
			return nil, fmt.Errorf("lesson %s: the README names a cell %q that does not exist", l.Number, p.Cell)
		}
		d.Parts = append(d.Parts, lessonPart{Cell: c, Quiz: p.Quiz, Answer: p.Answer, Drawn: drawTranscripts(c.Transcripts)})
	}
	return d, nil
}

func (s *Site) serveLesson(w http.ResponseWriter, r *http.Request, number string) {
	l := s.lesson(number)
	if l == nil {
		s.notFound(w, fmt.Sprintf("There is no lesson %q. The course page lists them all.", number))
		return
	}
	d, err := s.lessonData(l)
	if err != nil {
		s.fail(w, err)
		return
	}
	s.write(w, "lesson.html", d)
}

// checkData is what the page of a check shows.
type checkData struct {
	Number, Title string
	Ran           bool // false: the form only
	Result        *results.Result
	Passed        int
	Checks        []checkView
	Cells         []cellComparison
	CellsError    string
	CellsRan      bool // the student asked for the cells to run on their code
}

// checkView is one check of a result, with its transcripts drawn.
type checkView struct {
	ID          string // "1.2", as labrun check numbers it
	C           results.CheckResult
	Transcripts []transcriptView
}

// checkViews numbers and draws every check of r.
func checkViews(r *results.Result) ([]checkView, int) {
	var out []checkView
	passed := 0
	for _, c := range r.Checks {
		if c.Passed {
			passed++
		}
		out = append(out, checkView{ID: c.Number, C: c, Transcripts: drawTranscripts(c.Transcripts)})
	}
	return out, passed
}

func (s *Site) serveCheckForm(w http.ResponseWriter, r *http.Request, number string) {
	l := s.lesson(number)
	if l == nil || s.Static {
		s.notFound(w, fmt.Sprintf("There is no lesson %q to check here. The course page lists them all.", number))
		return
	}
	s.write(w, "check.html", checkData{Number: l.Number, Title: l.Title})
}

// serveCheck runs `labrun check NN` on the student's own copy of the lesson
// and shows every check, so it costs what labrun check costs. With the form
// field cells=1 it also runs the lesson's cells on the student's code and
// lines each output up with the reference's.
func (s *Site) serveCheck(w http.ResponseWriter, r *http.Request) {
	// A page on another site could post to this one through the student's
	// browser; a check runs code, so only this site's own pages may ask.
	if origin := r.Header.Get("Origin"); origin != "" && origin != "http://"+r.Host {
		w.WriteHeader(http.StatusForbidden)
		s.render(w, "problem.html", problemData{Title: "Not allowed", Why: "Only the pages of this site can run a check. Open the lesson from the course page and press Check my work there."})
		return
	}
	name, _ := stringsCut(r.PathValue("page"), "check-", ".html")
	l := s.lesson(name)
	if l == nil || s.Static || s.Engine == nil {
		s.notFound(w, fmt.Sprintf("There is nothing to check at %q. Use the Check my work button on a lesson page.", r.PathValue("page")))
		return
	}
	res := s.Engine.Check(r.Context(), l, grader.Source{})
	if s.OnCheck != nil {
		s.OnCheck(l, res)
	}
	d := checkData{Number: l.Number, Title: l.Title, Ran: true, Result: res}
	d.Checks, d.Passed = checkViews(res)
	if r.FormValue("cells") == "1" {
		d.CellsRan = true
		d.Cells, d.CellsError = s.compareCells(r.Context(), l)
	}
	s.write(w, "check.html", d)
}

// stringsCut returns s without prefix and suffix, and whether it had both.
func stringsCut(s, prefix, suffix string) (string, bool) {
	if len(s) < len(prefix)+len(suffix) || s[:len(prefix)] != prefix || s[len(s)-len(suffix):] != suffix {
		return "", false
	}
	return s[len(prefix) : len(s)-len(suffix)], true
}
