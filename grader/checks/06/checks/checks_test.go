package checks

import (
	"errors"
	"strings"
	"testing"
	"time"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// reference returns a Student that follows the lesson's rules, written here
// from the kit's own rules so the tests do not depend on the student package.
func reference() Student {
	return Student{
		Preview:        preview,
		KeepBigOutputs: keepReference,
		CutItems: func(list string, maxChars int) (string, error) {
			out, ok := cutItems(list, maxChars)
			if !ok {
				return "", errors.New(notArray(list))
			}
			return out, nil
		},
		Page: func(text string, offset, limit int) (string, error) {
			out, err := page(text, offset, limit)
			if err != "" {
				return "", errors.New(err)
			}
			return out, nil
		},
		Search: func(ws *lab.Workspace, query string) (string, error) {
			if query == "" {
				_, err := search(nil, nil, query)
				return "", errors.New(err)
			}
			files := map[string]string{}
			for _, path := range ws.Paths() {
				files[path], _ = ws.ReadText(path)
			}
			out, _ := search(ws.Paths(), files, query)
			return out, nil
		},
		MakeReadLinesTool: func(ws *lab.Workspace) lab.Tool {
			t := toolOf(readLinesSpec)
			t.Execute = func(args lab.Args) (string, error) {
				path, _ := args["path"].(string)
				offset, limit := 0, pageLines
				switch v := args["offset"].(type) {
				case int:
					offset = v
				case float64:
					if v != float64(int(v)) {
						return "", errors.New("offset must be a whole number, got 2.5")
					}
					offset = int(v)
				}
				switch v := args["limit"].(type) {
				case int:
					limit = v
				case float64:
					limit = int(v)
				}
				text, err := ws.ReadText(path)
				if err != nil {
					return "", err
				}
				out, why := page(text, offset, limit)
				if why != "" {
					return "", errors.New(why)
				}
				return out, nil
			}
			return t
		},
		MakeSearchTool: func(ws *lab.Workspace) lab.Tool {
			t := toolOf(searchSpec)
			t.Execute = func(args lab.Args) (string, error) {
				query, _ := args["query"].(string)
				return reference().Search(ws, query)
			}
			return t
		},
		Chat:   chatReference,
		Values: Values{HeadLines: headLines, TailLines: tailLines, OutputsDir: outputsDir, PageLines: pageLines, MaxHits: maxHits},
	}
}

// toolOf returns a tool described by spec, with no Execute yet.
func toolOf(spec lab.Spec) lab.Tool {
	return lab.Tool{Name: spec.Name, Description: spec.Description, Parameters: lab.CloneArgs(spec.Parameters)}
}

// keepReference is KeepBigOutputs by the lesson's rules.
func keepReference(tools []lab.Tool, ws *lab.Workspace) []lab.Tool {
	n := 0
	out := make([]lab.Tool, len(tools))
	for i, t := range tools {
		execute := t.Execute
		t.Execute = func(args lab.Args) (string, error) {
			text, err := execute(args)
			if err != nil || len(lines(text)) <= headLines+tailLines {
				return text, err
			}
			for n++; ; n++ {
				if _, taken := ws.Peek(artifact(n)); !taken {
					break
				}
			}
			ws.WriteText(artifact(n), text)
			return preview(text, artifact(n)), nil
		}
		out[i] = t
	}
	return out
}

// chatReference is lesson 04's Chat, with the happy path of RunTool (the
// story has no failing calls).
func chatReference(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
	messages = append(messages, lab.User(text))
	specs := checkkit.SpecsOf(tools)
	for step := 1; step <= 8; step++ {
		reply := model.Complete("You are a helpful assistant.", messages, specs)
		messages = append(messages, reply)
		var calls []lab.Block
		for _, b := range reply.Blocks {
			if b.Type == lab.ToolCallBlock {
				calls = append(calls, b)
			}
		}
		if len(calls) == 0 {
			var words strings.Builder
			for _, b := range reply.Blocks {
				words.WriteString(b.Text)
			}
			return messages, Result{Status: "answered", Text: words.String(), Steps: step}
		}
		for _, call := range calls {
			result := checkkit.Result(call.ID, call.Name, "")
			for _, t := range tools {
				if t.Name == call.Name {
					out, err := t.Execute(call.Arguments)
					result.Content = out
					if err != nil {
						result.Content, result.IsError = "Error: "+err.Error(), true
					}
				}
			}
			messages = append(messages, result)
		}
	}
	return messages, Result{Status: "gave up", Steps: 8}
}

// run runs check against s and returns its verdict.
func run(t *testing.T, check checkkit.Check, s Student) *checkkit.Verdict {
	t.Helper()
	S = s
	defer func() { S = Student{} }()
	return checkkit.Run(check, time.Minute)
}

func TestEveryCheckPassesTheRules(t *testing.T) {
	for name, check := range Checks {
		if v := run(t, check, reference()); !v.Passed {
			t.Errorf("%s fails code that follows the lesson's rules:\n%s", name, strings.Join(v.Failures, "\n"))
		}
	}
}

func TestChecksCatchMistakes(t *testing.T) {
	tests := []struct {
		reason string
		check  string
		change func(s *Student)
		says   string // part of the failures
	}{
		{"a preview that keeps no tail names the line that is missing", "preview_keeps_head_and_tail",
			func(s *Student) {
				s.Preview = func(output, path string) string {
					if len(lines(output)) <= headLines+tailLines {
						return output
					}
					return strings.Join(lines(output)[:headLines], "") + marker(output, path)
				}
			}, "it stops after line 10"},
		{"a counter kept between calls shows in the second run, with advice about kept state", "full_output_kept_whole",
			func(s *Student) {
				kept := 0
				s.KeepBigOutputs = func(tools []lab.Tool, ws *lab.Workspace) []lab.Tool {
					out := keepReference(tools, ws)
					execute := out[0].Execute
					out[0].Execute = func(args lab.Args) (string, error) {
						text, err := execute(args)
						if strings.Contains(text, "lines cut") {
							kept++
							text = strings.Replace(text, "outputs/1.log", artifact(kept), 1)
						}
						return text, err
					}
					return out
				}
			}, "Does your code keep something between calls"},
		{"a whole file returned by a search is caught by the bill", "big_run_stays_under_bill",
			func(s *Student) {
				s.MakeSearchTool = func(ws *lab.Workspace) lab.Tool {
					t := toolOf(searchSpec)
					t.Execute = func(lab.Args) (string, error) { return ws.ReadText("outputs/1.log") }
					return t
				}
			}, "The conversation should be"},
		{"a JSON list cut at a character count is called invalid JSON", "json_cut_at_whole_items",
			func(s *Student) {
				s.CutItems = func(list string, maxChars int) (string, error) { return list[:min(maxChars, len(list))], nil }
			}, "It is not even valid JSON"},
		{"a page that trusts the limit shows more than 50 lines", "page_reports_totals",
			func(s *Student) {
				s.Page = func(text string, offset, limit int) (string, error) {
					return strings.Join(lines(text)[offset:min(offset+limit, len(lines(text)))], ""), nil
				}
			}, "Page(the test run (1,227 lines), 0, 10)"},
	}
	for _, tt := range tests {
		s := reference()
		tt.change(&s)
		v := run(t, Checks[tt.check], s)
		if v.Passed {
			t.Errorf("%s: %s passed", tt.reason, tt.check)
			continue
		}
		if all := strings.Join(v.Failures, "\n"); !strings.Contains(all, tt.says) {
			t.Errorf("%s: the failures of %s do not say %q:\n%s", tt.reason, tt.check, tt.says, all)
		}
	}
}

func TestTestRunHasTheLinesItPromises(t *testing.T) {
	for _, total := range []int{20, 21, 45, 64, 845, 1227, 2003} {
		out := testRun("shop/x", total, map[int]string{3: "boom"})
		if got := len(lines(out)); got != total {
			t.Errorf("testRun(%d lines) has %d lines", total, got)
		}
	}
}

func TestSearchDataHoldsItsEdges(t *testing.T) {
	// The second disk of search_lines_not_files promises exactly 20 hits for one query.
	run := testRun("shop/cart", 400, map[int]string{3: "coupon applied twice"})
	out, _ := search([]string{"outputs/2.log"}, map[string]string{"outputs/2.log": run}, "=== RUN   TestCart")
	if n := len(lines(out)); n != maxHits || strings.Contains(out, "more matching") {
		t.Errorf("the query promised to match exactly %d lines matches %d:\n%s", maxHits, n, out)
	}
	// Both promise a query whose hits, fewer than 20 in each file, are more
	// than 20 in all.
	for _, spread := range []map[string]string{
		{"ci/slow-1.txt": numbered("slow test, ", 13), "ci/slow-2.txt": numbered("slow test, ", 9)},
		{"logs/api.log": numbered("GET /cart 200, ", 15), "logs/web.log": numbered("GET /cart 304, ", 12)},
	} {
		total := 0
		for path, text := range spread {
			if n := len(lines(text)); n >= maxHits {
				t.Errorf("%s has %d hits, not fewer than %d", path, n, maxHits)
			}
			total += len(lines(text))
		}
		if total <= maxHits {
			t.Errorf("the spread hits are %d in all, not more than %d", total, maxHits)
		}
	}
	// And the first promises more than 20.
	big := testRun("shop/billing", 1227, nil)
	out, _ = search([]string{"x"}, map[string]string{"x": big}, "--- PASS")
	if !strings.Contains(out, "more matching lines not shown") {
		t.Errorf("the query promised to match more than %d lines does not", maxHits)
	}
}

func TestKeptRunsHoldAnOutputOf21LinesWithout20Newlines(t *testing.T) {
	// Each set of theRuns promises an output of 21 lines whose last has no
	// "\n": big by its lines, though it holds only 20 "\n".
	for _, set := range theRuns {
		found := false
		for _, out := range set.Data.outputs {
			if len(lines(out)) == headLines+tailLines+1 && strings.Count(out, "\n") == headLines+tailLines {
				found = true
			}
		}
		if !found {
			t.Errorf("%s holds no output of 21 lines with 20 \"\\n\"", set.Name)
		}
	}
}

func TestTheWholeRunCostsMoreThanTheBill(t *testing.T) {
	// maxBill's comment promises that the test run alone, sent whole, costs
	// more than four times the bill in one request.
	run := testRun("shop/billing", 1227, nil)
	if whole := lab.CountTokens(run); whole <= 2*maxBill {
		t.Errorf("the 1,227-line test run is %d tokens, not more than 2 × %d", whole, maxBill)
	}
}

func TestSameTextNamesTheFirstDifference(t *testing.T) {
	tests := []struct {
		want, got, says string
	}{
		{"a\nb\n", "a\nc\n", `line 1 (counting from 0) should be "b\n"; it is "c\n"`},
		{"a\nb\n", "a\n", `it stops after line 0; line 1 should be "b\n"`},
		{"a\n", "a\nb\n", `after the last expected line, it goes on with "b\n"`},
		{"a\n", "a\n", ""},
	}
	for _, tt := range tests {
		v := checkkit.Run(func(c *checkkit.C) { sameText(c, "texts:", tt.want, tt.got) }, time.Minute)
		all := strings.Join(v.Failures, "\n")
		if tt.says == "" && !v.Passed || tt.says != "" && !strings.Contains(all, tt.says) {
			t.Errorf("sameText(%q, %q): expected a failure saying %q, got %q", tt.want, tt.got, tt.says, all)
		}
	}
}
