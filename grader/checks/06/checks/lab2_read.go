package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 2: read what was kept. Pages with totals, and a search apart from
// the read.

// paging is one call of Page.
type paging struct {
	what          string
	offset, limit int
}

// samePage calls the student's Page and records a failure unless it returns
// what the kit's rules say.
func samePage(c *checkkit.C, name, text string, tc paging) bool {
	got, err := S.Page(text, tc.offset, tc.limit)
	want, wantErr := page(text, tc.offset, tc.limit)
	call := fmt.Sprintf("Page(%s, %d, %d)", name, tc.offset, tc.limit)
	if wantErr != "" {
		if err == nil || err.Error() != wantErr || got != "" {
			c.Errorf("%s: %s. It should return no text and the error %q; it returned %s of text and %s.",
				call, tc.what, wantErr, checkkit.Plural(len(lines(got)), "line"), errText(err))
			return false
		}
		return true
	}
	if err != nil {
		c.Errorf("%s: %s. It should return a page and no error; it returned %s.", call, tc.what, errText(err))
		return false
	}
	return sameText(c, fmt.Sprintf("%s: %s. The page should be those lines exactly as the text has them, then the line\n  %s",
		call, tc.what, strings.TrimSuffix(lines(want)[len(lines(want))-1], "\n")), want, got)
}

func pageReportsTotals(c *checkkit.C) {
	type text struct {
		name, text string
		pages      []paging
	}
	run := testRun("shop/billing", 1227, map[int]string{250: "got 200, want 401"})
	checkkit.Scenarios(c, []checkkit.Data[[]text]{
		{Name: "a test run of 1,227 lines", Data: []text{{"the test run (1,227 lines)", run, []paging{
			{"the first 10 lines, and the next offset is 10", 0, 10},
			{"50 lines from offset 10", 10, 50},
			{"a limit of 500 is read as 50, the most one page holds", 100, 500},
			{"a limit of 500 from offset 1000 is read as 50, so the page stops at offset 1049 and lines are left after it", 1000, 500},
			{"the last 27 lines: the page reaches the end", 1200, 50},
			{"the very last line alone", 1226, 1},
			{"a page that stops one line before the end", 1176, 50},
		}}}},
		{Name: "short texts, and one of 80 lines", Data: []text{
			{"a 3-line text whose last line has no \"\\n\"", "alpha\nbeta\ngamma", []paging{
				{"all three lines: the missing \"\\n\" is added before the footer", 0, 50},
				{"from the middle line on", 1, 2},
			}},
			{"a text of 80 lines", numbered("ok ", 80), []paging{
				{"a limit of 100 from offset 20 is read as 50, so the page stops at offset 69 and lines are left after it", 20, 100},
			}},
			{"an empty text", "", []paging{{"the page of an empty text says it is empty", 0, 10}}},
			{"a text of 2 blank lines", "\n\n", []paging{{"blank lines are lines too", 0, 1}}},
		}},
	}, func(texts []text) {
		for _, t := range texts {
			for _, tc := range t.pages {
				if !samePage(c, t.name, t.text, tc) {
					return
				}
			}
		}
	})
}

func pageRefusesBadOffsets(c *checkkit.C) {
	type text struct {
		name, text string
		pages      []paging
	}
	checkkit.Scenarios(c, []checkkit.Data[[]text]{
		{Name: "a text of 40 lines", Data: []text{{"a text of 40 lines", numbered("", 40), []paging{
			{"offset 40 is one past the last line (39)", 40, 10},
			{"an offset far past the end", 4000, 10},
			{"a negative offset", -1, 10},
			{"a limit of 0 asks for nothing", 0, 0},
			{"offset 39, the last line, still works", 39, 10},
		}}}},
		{Name: "other texts", Data: []text{
			{"an empty text", "", []paging{{"an empty text has no line 3", 3, 10}}},
			{"a text of 1 line", "exit status 1", []paging{
				{"a negative limit", 0, -5},
				{"offset 1 is past the only line", 1, 10},
				{"a negative offset is refused before the limit is looked at", -3, 0},
			}},
		}},
	}, func(texts []text) {
		for _, t := range texts {
			for _, tc := range t.pages {
				if !samePage(c, t.name, t.text, tc) {
					return
				}
			}
		}
	})
}

func searchLinesNotFiles(c *checkkit.C) {
	type query struct {
		what, query string
	}
	type disk struct {
		files   map[string]string
		queries []query
	}
	run := testRun("shop/billing", 1227, map[int]string{250: "got 200, want 401", 512: "got 9.99, want 10.00"})
	checkkit.Scenarios(c, []checkkit.Data[disk]{
		{Name: "a kept test run and a few files", Data: disk{
			files: map[string]string{artifact(1): run, "go.mod": "module shop\n\ngo 1.26\n",
				"billing_test.go": "package billing\n\n// A FAIL here is a word in a comment.\nfunc TestRefund(t *testing.T) {}\n",
				"ci/slow-1.txt":   numbered("slow test, ", 13),
				"ci/slow-2.txt":   numbered("slow test, ", 9)},
			queries: []query{
				{"two failed tests, in the kept output", "--- FAIL"},
				{"more than 20 lines match: 20 are shown, and the rest counted", "--- PASS"},
				{"case matters: \"FAIL\" and \"fail\" are different texts", "fail"},
				{"nothing matches", "panic:"},
				{"an empty query matches every line, so it is refused", ""},
				{"13 lines match in one file and 9 in another: 20 are shown in all, not 20 per file, and the other 2 are counted", "slow test"},
			}}},
		{Name: "other files", Data: disk{
			files: map[string]string{"a.txt": "FAIL\nFAIL\n", "b.txt": "no\nFAIL at the end", "outputs/2.log": testRun("shop/cart", 400, map[int]string{3: "coupon applied twice"}),
				"logs/api.log": numbered("GET /cart 200, ", 15), "logs/web.log": numbered("GET /cart 304, ", 12)},
			queries: []query{
				{"hits in three files, in the order of their paths", "FAIL"},
				{"a hit on a last line that has no \"\\n\"", "at the end"},
				{"exactly 20 hits are not \"more\"", "=== RUN   TestCart"},
				{"15 lines match in one file and 12 in another: 20 are shown in all, not 20 per file, and the other 7 are counted", "GET /cart"},
			}}},
	}, func(d disk) {
		ws := lab.NewWorkspace(d.files)
		paths := ws.Paths()
		for _, q := range d.queries {
			before := len(ws.Reads())
			got, err := S.Search(ws, q.query)
			want, wantErr := search(paths, d.files, q.query)
			call := fmt.Sprintf("Search(ws, %q)", q.query)
			switch {
			case wantErr != "" && (err == nil || err.Error() != wantErr || got != ""):
				c.Errorf("%s: %s. It should return no text and the error %q; it returned %s of text and %s.",
					call, q.what, wantErr, checkkit.Plural(len(lines(got)), "line"), errText(err))
			case wantErr == "" && err != nil:
				c.Errorf("%s: %s. It should return the matching lines and no error; it returned %s.", call, q.what, errText(err))
			case wantErr == "":
				sameText(c, fmt.Sprintf("%s over %s: %s. Each matching line should be path:offset: line, never more of the file.",
					call, checkkit.Commas(paths), q.what), want, got)
			}
			reads := ws.Reads()[before:]
			wantReads := paths
			if wantErr != "" {
				wantReads = nil
			}
			if checkkit.Commas(reads) != checkkit.Commas(wantReads) {
				c.Errorf("%s should read each file once, in the order ws.Paths() gives (and nothing for a query it refuses).\n  expected reads: %s\n  got reads:      %s",
					call, checkkit.Commas(wantReads), checkkit.Commas(reads))
			}
			if c.Failed() {
				return
			}
		}
	})
}

// failures returns the offset and the line of each "--- FAIL" line of output.
func failures(output string) (offsets []int, names []string) {
	for i, line := range lines(output) {
		if strings.HasPrefix(line, "--- FAIL: ") {
			offsets = append(offsets, i)
			names = append(names, strings.Fields(line)[2])
		}
	}
	return offsets, names
}
