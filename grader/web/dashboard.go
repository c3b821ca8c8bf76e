package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"harnesslab/grader/report"
	"harnesslab/grader/results"
)

// LoadReport reads DIR/report.json, the report `labrun grade --out DIR`
// writes, and refuses one of another format or a newer version.
func LoadReport(dir string) (*report.Report, error) {
	path := filepath.Join(dir, "report.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the class report: %v (give --report the folder that labrun grade --out wrote)", err)
	}
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("read the class report %s: %v", path, err)
	}
	if r.Format != report.ReportFormat || r.Version > report.ReportVersion {
		return nil, fmt.Errorf("read the class report %s: it is %q version %d, and this kit reads %q up to version %d; grade again with this kit, or update it",
			path, r.Format, r.Version, report.ReportFormat, report.ReportVersion)
	}
	return &r, nil
}

// dashboardData is what the instructor's dashboard shows.
type dashboardData struct {
	Lesson       string
	Count        int
	Incomplete   bool
	Left         int
	Histogram    []bar
	Checks       []checkRate
	FirstFails   []bar
	Statuses     []statusGroup
	MaxScore     float64
	MeanScore    float64
	PassedWholly int
}

// bar is one bar of a chart: a label, a count and its share of the widest.
type bar struct {
	Label string
	Count int
	Width int // percent of the longest bar
}

// checkRate is how a class did on one check.
type checkRate struct {
	ID             string // "1.1", as labrun check and grades.csv number it
	Name, Sentence string
	Passed, Total  int
	Percent        int
}

// statusGroup is every submission with one status.
type statusGroup struct {
	Status string
	Subs   []report.Submission
}

// dashboard works the class's figures out of the report.
func dashboard(r *report.Report) dashboardData {
	d := dashboardData{Lesson: r.Lesson, Count: len(r.Submissions), Incomplete: r.Incomplete, Left: r.Left}
	scores := map[int]int{}
	rates := map[string]*checkRate{}
	var order []string
	firsts := map[string]int{}
	groups := map[string][]report.Submission{}
	total := 0.0
	for _, s := range r.Submissions {
		d.MaxScore = math.Max(d.MaxScore, s.MaxScore)
		total += s.Score
		scores[int(math.Floor(s.Score))]++
		if s.Status == results.StatusPassed {
			d.PassedWholly++
		}
		groups[string(s.Status)] = append(groups[string(s.Status)], s)
		first := ""
		for _, c := range s.Checks {
			cr, ok := rates[c.Name]
			if !ok {
				cr = &checkRate{Name: c.Name, Sentence: c.Sentence}
				rates[c.Name] = cr
				order = append(order, c.Name)
			}
			cr.Total++
			if c.Passed {
				cr.Passed++
			} else if first == "" {
				first = c.Name
			}
		}
		if first != "" && s.Status == results.StatusFailed { // a copy that did not run fails every check, and says nothing
			firsts[first]++
		}
	}
	if d.Count > 0 {
		d.MeanScore = math.Round(total/float64(d.Count)*10) / 10
	}
	for v := 0; v <= int(d.MaxScore); v++ {
		d.Histogram = append(d.Histogram, bar{Label: fmt.Sprint(v), Count: scores[v]})
	}
	widen(d.Histogram)
	ids := checkIDs(r)
	for _, name := range order {
		cr := rates[name]
		cr.ID = ids[name]
		cr.Percent = cr.Passed * 100 / max(cr.Total, 1)
		d.Checks = append(d.Checks, *cr)
	}
	sort.SliceStable(d.Checks, func(i, j int) bool { return d.Checks[i].Percent < d.Checks[j].Percent })
	for _, name := range order {
		if firsts[name] > 0 {
			d.FirstFails = append(d.FirstFails, bar{Label: strings.TrimSpace(ids[name] + " " + name), Count: firsts[name]})
		}
	}
	sort.SliceStable(d.FirstFails, func(i, j int) bool { return d.FirstFails[i].Count > d.FirstFails[j].Count })
	widen(d.FirstFails)
	var statuses []string
	for st := range groups {
		statuses = append(statuses, st)
	}
	sort.Strings(statuses)
	for _, st := range statuses {
		d.Statuses = append(d.Statuses, statusGroup{Status: st, Subs: groups[st]})
	}
	return d
}

// widen sets each bar's width as a share of the longest.
func widen(bars []bar) {
	most := 0
	for _, b := range bars {
		most = max(most, b.Count)
	}
	for i := range bars {
		bars[i].Width = bars[i].Count * 100 / max(most, 1)
	}
}

func (s *Site) serveReport(w http.ResponseWriter, r *http.Request) {
	if s.Report == nil {
		s.notFound(w, "No class report is loaded. Start the server with labrun serve --report DIR, where DIR is the folder labrun grade --out wrote.")
		return
	}
	s.write(w, "report.html", dashboard(s.Report))
}

// submissionData is what a submission's page shows.
type submissionData struct {
	Sub    report.Submission
	Checks []checkView
	Passed int
}

// submission returns the submission in folder, or nil.
func (s *Site) submission(folder string) *report.Submission {
	if s.Report == nil {
		return nil
	}
	for i := range s.Report.Submissions {
		if s.Report.Submissions[i].Folder == folder && folder != "" {
			return &s.Report.Submissions[i]
		}
	}
	return nil
}

func (s *Site) serveSubmission(w http.ResponseWriter, r *http.Request, folder string) {
	sub := s.submission(folder)
	if sub == nil {
		s.notFound(w, fmt.Sprintf("No submission %q is in the class report. The dashboard lists them all.", folder))
		return
	}
	d := submissionData{Sub: *sub}
	d.Checks, d.Passed = checkViews(&sub.Result)
	s.write(w, "submission.html", d)
}

// checkIDs numbers the checks of the class's longest check list as labrun
// check does ("1.1"), by name.
func checkIDs(r *report.Report) map[string]string {
	all := make([]results.Result, len(r.Submissions))
	for i, s := range r.Submissions {
		all[i] = s.Result
	}
	return report.CheckNumbers(all)
}
