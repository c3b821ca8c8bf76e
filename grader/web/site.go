package web

import (
	"context"
	"embed"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static/style.css
var styleCSS []byte

// Engine is what the pages need of the check engine: running a lesson's
// checks on the student's own folder, and a lesson's cells. labrun passes
// one backed by package engine; this package only draws what they return.
type Engine interface {
	Check(ctx context.Context, l *grader.Lesson, src grader.Source) *results.Result
	RunCells(ctx context.Context, l *grader.Lesson, src grader.Source, timeout time.Duration) ([]grader.Cell, error)
}

// Site is the web view of one kit. Its zero value is not useful: set Kit and
// Lessons, and Engine unless the site is Static. The other fields are
// optional.
type Site struct {
	// Kit is the kit whose lessons are shown.
	Kit *grader.Kit
	// Lessons are the lessons shown, in order.
	Lessons []*grader.Lesson
	// Engine runs checks, and the cells on the student's code when asked.
	// Without one there is nothing to check; lessons still show their cells,
	// which are read from the files that record them.
	Engine Engine
	// Progress says, for a lesson number, how far the student got, in
	// words ("3 of 13 checks pass"). A lesson it lacks is "not checked yet".
	Progress map[string]string
	// Report is a graded class (a `labrun grade` report.json); nil shows no
	// dashboard.
	Report *report.Report
	// Static leaves out what needs the server: the "Check my work" button.
	Static bool
	// Addr is the address the server listens on (127.0.0.1:PORT). When it
	// is set, a request must name that port as well as a loopback host name;
	// unset, any port of 127.0.0.1, localhost or [::1] is taken.
	Addr string
	// CellTimeout is how long one cell may run; zero means 10 seconds.
	CellTimeout time.Duration
	// OnCheck, when set, is told the result of every check a student runs
	// from the page (labrun remembers it for `labrun list`).
	OnCheck func(l *grader.Lesson, r *results.Result)

	once  sync.Once
	pages *template.Template
	err   error

	mu    sync.Mutex
	cells map[string][]grader.Cell // the reference cells of each lesson, read once
}

// templates parses the embedded templates once.
func (s *Site) templates() (*template.Template, error) {
	s.once.Do(func() {
		s.pages, s.err = template.New("").Funcs(funcs).ParseFS(templateFiles, "templates/*.html")
		if s.err != nil {
			s.err = fmt.Errorf("parse the page templates: %v", s.err)
		}
	})
	return s.pages, s.err
}

// render writes the page named name with data.
func (s *Site) render(w io.Writer, name string, data any) error {
	t, err := s.templates()
	if err != nil {
		return err
	}
	if err := t.ExecuteTemplate(w, name, data); err != nil {
		return fmt.Errorf("draw the page %s: %v", name, err)
	}
	return nil
}

// lesson returns the lesson numbered number, or nil.
func (s *Site) lesson(number string) *grader.Lesson {
	for _, l := range s.Lessons {
		if l.Number == number {
			return l
		}
	}
	return nil
}

// referenceCells returns the lesson's cells as the reference solution ran
// them, read from the files that record them (the README's outputs and
// cells/transcripts.json, kept current by a test), so a page draws at once.
// They are read once per Site.
func (s *Site) referenceCells(l *grader.Lesson) ([]grader.Cell, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.cells[l.Number]; ok {
		return c, nil
	}
	cells, err := l.RecordedCells()
	if err != nil {
		return nil, err
	}
	if s.cells == nil {
		s.cells = map[string][]grader.Cell{}
	}
	s.cells[l.Number] = cells
	return cells, nil
}

func (s *Site) cellTimeout() time.Duration {
	if s.CellTimeout > 0 {
		return s.CellTimeout
	}
	return 10 * time.Second
}

// readme returns the lesson's README with its lists of checks filled in.
func readme(l *grader.Lesson) (string, error) {
	data, err := os.ReadFile(filepath.Join(l.Dir, "README.md"))
	if err != nil {
		return "", fmt.Errorf("read the README of lesson %s: %v", l.Number, err)
	}
	text, err := l.SpliceChecks(string(data))
	if err != nil {
		return "", fmt.Errorf("lesson %s: %v", l.Number, err)
	}
	return text, nil
}

// Page file names. Every page sits at the top of the site, so the same
// relative links work from the server and from exported files.
func lessonPage(number string) string { return "lesson-" + number + ".html" }
func checkPage(number string) string  { return "check-" + number + ".html" }
func submissionPage(folder string) string {
	return "submission-" + folder + ".html"
}

const reportPage = "report.html"

var funcs = template.FuncMap{
	"lessonPage":     lessonPage,
	"checkPage":      checkPage,
	"submissionPage": submissionPage,
	"add":            func(a, b int) int { return a + b },
	"why":            report.Why,
	"lines":          func(s string) []string { return strings.Split(strings.TrimRight(s, "\n"), "\n") },
}

// Handler returns the site's pages:
//
//	/ and /index.html      the course
//	/lesson-NN.html        a lesson, with its cells as the reference ran them
//	/check-NN.html         POST: check the student's copy and show the result;
//	                       with the form field cells=1, run the cells on it too
//	/report.html           the dashboard of Report
//	/submission-NAME.html  one submission of Report
//	/style.css             the style sheet
//
// Every response carries a Content-Security-Policy, X-Frame-Options: DENY
// and X-Content-Type-Options: nosniff, and a request whose Host header is
// not this machine's loopback name is refused with 421 (see Addr).
func (s *Site) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.serveCourse)
	mux.HandleFunc("GET /index.html", s.serveCourse)
	mux.HandleFunc("GET /style.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Write(styleCSS)
	})
	mux.HandleFunc("GET /{page}", s.servePage)
	mux.HandleFunc("POST /{page}", s.serveCheck)
	return s.guard(mux)
}

// servePage serves the pages named by a prefix and a key.
func (s *Site) servePage(w http.ResponseWriter, r *http.Request) {
	page := r.PathValue("page")
	name, ok := strings.CutSuffix(page, ".html")
	switch {
	case !ok:
	case strings.HasPrefix(name, "lesson-"):
		s.serveLesson(w, r, strings.TrimPrefix(name, "lesson-"))
		return
	case strings.HasPrefix(name, "check-"):
		s.serveCheckForm(w, r, strings.TrimPrefix(name, "check-"))
		return
	case name == "report":
		s.serveReport(w, r)
		return
	case strings.HasPrefix(name, "submission-"):
		s.serveSubmission(w, r, strings.TrimPrefix(name, "submission-"))
		return
	}
	s.notFound(w, fmt.Sprintf("There is no page %q here. Start from the course page.", page))
}

// notFound answers 404 with a page that says what to do.
func (s *Site) notFound(w http.ResponseWriter, why string) {
	w.WriteHeader(http.StatusNotFound)
	s.render(w, "problem.html", problemData{Title: "Not found", Why: why})
}

// fail answers 500 with the error, in words.
func (s *Site) fail(w http.ResponseWriter, err error) {
	w.WriteHeader(http.StatusInternalServerError)
	s.render(w, "problem.html", problemData{Title: "Something went wrong", Why: err.Error()})
}

// problemData is what the problem page shows.
type problemData struct {
	Title string
	Why   string
}

// write renders a page into a buffer first, so a template error becomes a
// clear 500 rather than half a page.
func (s *Site) write(w http.ResponseWriter, name string, data any) {
	var b strings.Builder
	if err := s.render(&b, name, data); err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, b.String())
}
