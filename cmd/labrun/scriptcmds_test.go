package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"harnesslab/grader/kitcopy"
	"harnesslab/grader/report"
)

// scriptCmds are the commands the scripts in testdata/script have beyond
// testscript's own. Paths named with Go escapes (`alice\tbob`) let a script
// make submissions whose names git cannot hold.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"inreports": cmdInReports,
	"mkkit":     cmdMkkit,
	"mksub":     cmdMksub,
}

// cmdMkkit copies the kit ($KIT) to the new folder DST, so that a script can
// work in a student's clone, lesson folders and all, without touching the
// kit's own. The copy's student files are the pristine starters, whatever a
// student has written in the kit's lessons.
//
//	mkkit DST
func cmdMkkit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkkit DST")
	}
	ts.Check(kitcopy.Copy(ts.Getenv("KIT"), ts.MkAbs(args[0])))
}

// unescape reads a script argument written with Go escapes.
func unescape(ts *testscript.TestScript, s string) string {
	out, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`)
	if err != nil {
		ts.Fatalf("%q is not text with Go escapes: %v", s, err)
	}
	return out
}

// cmdMksub copies the files of the folder SRC into a new submission DST,
// its path written with Go escapes: a folder, or a .zip archive when DST
// ends in .zip.
//
//	mksub SRC DST
func cmdMksub(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mksub SRC DST")
	}
	src, dst := ts.MkAbs(args[0]), ts.MkAbs(unescape(ts, args[1]))
	entries, err := os.ReadDir(src)
	ts.Check(err)
	files := map[string][]byte{}
	for _, e := range entries {
		if e.Type().IsRegular() {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			ts.Check(err)
			files[e.Name()] = data
		}
	}
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o755))
	if !strings.HasSuffix(dst, ".zip") {
		ts.Check(os.Mkdir(dst, 0o755))
		for name, data := range files {
			ts.Check(os.WriteFile(filepath.Join(dst, name), data, 0o644))
		}
		return
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range files {
		w, err := zw.Create(name)
		ts.Check(err)
		_, err = w.Write(data)
		ts.Check(err)
	}
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(dst, buf.Bytes(), 0o644))
}

// cmdInReports checks that each submission NAME (written with Go escapes)
// has its row in OUT/grades.csv, its testsuite in OUT/junit.xml and its
// entry in OUT/report.json, that the three name the same folder for it,
// and that the folder holds its results.json and result.json.
//
//	inreports OUT NAME...
func cmdInReports(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: inreports OUT NAME...")
	}
	out := ts.MkAbs(args[0])
	inCSV, inJUnit, inReport := csvFolders(ts, out), junitFolders(ts, out), reportFolders(ts, out)
	for _, arg := range args[1:] {
		name := unescape(ts, arg)
		shown := report.DisplayName(name)
		folder, ok := inReport[name]
		if !ok {
			ts.Fatalf("report.json has no submission %q", name)
		}
		if got, ok := inCSV[shown]; !ok || got != folder {
			ts.Fatalf("grades.csv: row %q has folder %q (found: %v); report.json says %q", shown, got, ok, folder)
		}
		if got, ok := inJUnit[shown]; !ok || got != folder {
			ts.Fatalf("junit.xml: testsuite %q has folder %q (found: %v); report.json says %q", shown, got, ok, folder)
		}
		for _, f := range []string{report.ResultsFile, report.ResultFile} {
			if _, err := os.Stat(filepath.Join(out, folder, f)); err != nil {
				ts.Fatalf("submission %q: %v", name, err)
			}
		}
		ts.Logf("%s is in every report, its files in %s", shown, folder)
	}
}

// csvFolders maps each submission cell of OUT/grades.csv to its folder
// column.
func csvFolders(ts *testscript.TestScript, out string) map[string]string {
	rows, err := csv.NewReader(strings.NewReader(ts.ReadFile(filepath.Join(out, report.GradesFile)))).ReadAll()
	ts.Check(err)
	if len(rows) == 0 || rows[0][len(rows[0])-1] != "folder" {
		ts.Fatalf("grades.csv has no folder column")
	}
	m := map[string]string{}
	for _, row := range rows[1:] {
		m[row[0]] = row[len(row)-1]
	}
	return m
}

// junitFolders maps each testsuite name of OUT/junit.xml to its folder
// property.
func junitFolders(ts *testscript.TestScript, out string) map[string]string {
	var doc struct {
		Suites []struct {
			Name       string `xml:"name,attr"`
			Properties []struct {
				Name  string `xml:"name,attr"`
				Value string `xml:"value,attr"`
			} `xml:"properties>property"`
		} `xml:"testsuite"`
	}
	ts.Check(xml.Unmarshal([]byte(ts.ReadFile(filepath.Join(out, report.JUnitFile))), &doc))
	m := map[string]string{}
	for _, s := range doc.Suites {
		for _, p := range s.Properties {
			if p.Name == "folder" {
				m[s.Name] = p.Value
			}
		}
	}
	return m
}

// reportFolders maps each submission name in OUT/report.json to its folder.
func reportFolders(ts *testscript.TestScript, out string) map[string]string {
	var doc struct {
		Submissions []struct {
			Name   string `json:"name"`
			Folder string `json:"folder"`
		} `json:"submissions"`
	}
	if err := json.Unmarshal([]byte(ts.ReadFile(filepath.Join(out, report.ReportFile))), &doc); err != nil {
		ts.Fatalf("%v", fmt.Errorf("read report.json: %w", err))
	}
	m := map[string]string{}
	for _, s := range doc.Submissions {
		m[s.Name] = s.Folder
	}
	return m
}
