package web

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// Export writes every page of the site into dir as static files: the
// course, each lesson (its cells as the reference solution ran them, read
// from the files that record them), and,
// with a Report, the dashboard and every submission. Links are relative, so
// the folder works opened from disk or put on a course website as it is.
// Export leaves out the "Check my work" button, which needs the server.
func (s *Site) Export(dir string) error {
	s.Static = true
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("export the site: %v", err)
	}
	put := func(name, page string, data any) error {
		var buf bytes.Buffer
		if err := s.render(&buf, page, data); err != nil {
			return fmt.Errorf("export %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("export %s: %v", name, err)
		}
		return nil
	}
	if err := os.WriteFile(filepath.Join(dir, "style.css"), styleCSS, 0o644); err != nil {
		return fmt.Errorf("export style.css: %v", err)
	}
	if err := put("index.html", "course.html", s.courseData()); err != nil {
		return err
	}
	for _, l := range s.Lessons {
		d, err := s.lessonData(l)
		if err != nil {
			return fmt.Errorf("export lesson %s: %v", l.Number, err)
		}
		if err := put(lessonPage(l.Number), "lesson.html", d); err != nil {
			return err
		}
	}
	if s.Report == nil {
		return nil
	}
	if err := put(reportPage, "report.html", dashboard(s.Report)); err != nil {
		return err
	}
	for _, sub := range s.Report.Submissions {
		if sub.Folder == "" {
			continue
		}
		d := submissionData{Sub: sub}
		d.Checks, d.Passed = checkViews(&sub.Result)
		if err := put(submissionPage(sub.Folder), "submission.html", d); err != nil {
			return err
		}
	}
	return nil
}
