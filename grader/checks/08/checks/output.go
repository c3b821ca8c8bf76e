package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/08/play"
	"harnesslab/lab"
)

// Lab 2: the checks on what comes out.

// citing is an answer, the results it may cite, and the figures no result
// backs.
type citing struct {
	answer  string
	results []lab.Message
	uncited []string
	why     string // the case, in words
}

// sources returns a conversation that holds results, after a question and
// the reply that asked for them.
func sources(results ...lab.Message) []lab.Message {
	var calls []lab.Block
	for _, r := range results {
		calls = append(calls, lab.Call(r.ToolName, lab.Args{"id": "R1"}).WithID(r.ToolCallID))
	}
	return append([]lab.Message{lab.User("Draft the situation report."), lab.Reply(calls...)}, results...)
}

// citedCases are the answers cited_figures_pass hands to UncitedFigures.
var citedCases = func() []checkkit.Data[[]citing] {
	r := checkkit.Result
	return []checkkit.Data[[]citing]{
		{Name: offices[0].Name, Data: []citing{
			{"Kessan has 48,200 people [c1] in 4,200 households [c1] and 3 trucks [c2].",
				[]lab.Message{r("c1", "get_report", offices[0].Data.clean["R1"]), r("c2", "get_report", offices[0].Data.clean["R3"])},
				nil, "every figure is followed by a citation of a result that holds it"},
			{"The road is open [c12].", []lab.Message{r("c12", "get_report", "road open")}, nil,
				"the only digits are inside the citation [c12], and they are not a figure"},
			{"37.5% are without water [call_7].", []lab.Message{r("call_7", "get_report", "without water: 37.5%")}, nil,
				"a figure with a decimal point, cited by an id with an underscore"},
			{"Kessan has 48,200[c1] people.", []lab.Message{r("c1", "get_report", offices[0].Data.clean["R1"])}, nil,
				"the citation [c1] touches 48,200, with no space between, and it still comes after the figure"},
		}},
		{Name: offices[1].Name, Data: []citing{
			{"Aramu counts 12,750 people [c2], 310 beds [c3].",
				[]lab.Message{r("c2", "get_report", offices[1].Data.clean["R1"]), r("c3", "get_report", offices[1].Data.clean["R2"])},
				nil, "two figures, two results"},
			{"Aramu counts 12,750[c2] people and 310[c3] beds.",
				[]lab.Message{r("c2", "get_report", offices[1].Data.clean["R1"]), r("c3", "get_report", offices[1].Data.clean["R2"])},
				nil, "each citation touches its figure, with no space between, and still comes after it"},
			{"No figures at all.", nil, nil, "nothing to cite"},
			{"", nil, nil, "an empty answer"},
		}},
	}
}()

// uncitedCases are the answers uncited_figures_named hands to UncitedFigures.
var uncitedCases = func() []checkkit.Data[[]citing] {
	r, e := checkkit.Result, checkkit.ErrorResult
	return []checkkit.Data[[]citing]{
		{Name: offices[0].Name, Data: []citing{
			{"Kessan has 48,200 people [c1] and 5,000 displaced.",
				[]lab.Message{r("c1", "get_report", offices[0].Data.clean["R1"])},
				[]string{"5,000"}, "5,000 has no citation after it"},
			{"About 200 households [c1].", []lab.Message{r("c1", "get_report", "48,200 people, 4,200 households")},
				[]string{"200"}, "the result holds 4,200 and 48,200, which are not 200"},
			{"Line 7 is empty [c2].", []lab.Message{e("c2", "line", "Error: runtime error: index out of range [7] with length 2")},
				[]string{"7"}, "c2 failed: an error result backs nothing"},
			{"There are 3 trucks [c9].", []lab.Message{r("c3", "get_report", "3 trucks")}, []string{"3"},
				"there is no call c9"},
		}},
		{Name: offices[1].Name, Data: []citing{
			{"In 2027, 12,750 people [c1]; 12 shelters [c1] and 310 beds.",
				[]lab.Message{r("c1", "get_report", offices[1].Data.clean["R1"]+" 310 beds")},
				[]string{"12", "310"}, "2027 and 12,750 come before [c1], which holds both; 12 is not 12,750; 310 has no citation after it"},
			{"1,150 kg [c4] of 12,480.50 [c5].", []lab.Message{r("c4", "get_report", "1,150 kg"), r("c5", "get_report", "total 12,480")},
				[]string{"12,480.50"}, "the result holds 12,480, not 12,480.50"},
		}},
	}
}()

// citingScenario is cases as the player is handed them.
func citingScenario(cases []checkkit.Data[[]citing]) any {
	return mapSets(cases, func(tc citing) play.Citing {
		return play.Citing{Answer: tc.answer, Messages: sources(tc.results...), Why: tc.why}
	})
}

func citedScenario() any   { return citingScenario(citedCases) }
func uncitedScenario() any { return citingScenario(uncitedCases) }

// sameFigures stops the check when the reference does not find the kit's
// figures in tc.
func sameFigures(c *checkkit.C, tc citing, want []string) {
	if len(checkkit.Differences(tc.uncited, want, checkkit.AsSent...)) > 0 {
		c.KitFatalf("the reference's UncitedFigures(%q) is %q; the kit expects %q", tc.answer, want, tc.uncited)
	}
}

func judgeCited(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, citedCases, func(k int, cases []citing) {
		for i, tc := range cases {
			got, want := get[play.Cited](c, yours, ref, play.Key(k, i))
			sameFigures(c, tc, want.Figures)
			c.Equal(fmt.Sprintf("UncitedFigures(%q) should find nothing: %s.", tc.answer, tc.why), want.Figures, got.Figures, checkkit.AsSent...)
			checkkit.SameMessages(c, "UncitedFigures should leave the list it reads as it was:", sources(tc.results...), got.Messages, 0)
			if c.Failed() {
				checkkit.LogConversation(c, "the results it could cite", sources(tc.results...))
				return
			}
		}
	})
}

func judgeUncited(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, uncitedCases, func(k int, cases []citing) {
		for i, tc := range cases {
			got, want := get[play.Cited](c, yours, ref, play.Key(k, i))
			sameFigures(c, tc, want.Figures)
			if !c.Equal(fmt.Sprintf("UncitedFigures(%q) should name exactly the figures no result backs, in order (%s):",
				tc.answer, tc.why), want.Figures, got.Figures, checkkit.AsSent...) {
				checkkit.LogConversation(c, "the results it could cite", sources(tc.results...))
				return
			}
		}
	})
}
