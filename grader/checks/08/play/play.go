// Package play drives the student's code of lesson 08, "Guardrails", through
// a check's scenario and records what came back. It is linked twice: into
// the player, with the student's files, and into the judge, with the
// reference solution, which plays the same scenario so the two records can
// be compared (see checkkit.JudgeMain). It holds no expected value.
package play

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Key names what the play of case i of data set k recorded.
func Key(k, i int) string { return fmt.Sprintf("run %d, case %d", k+1, i+1) }

// RunKey names what the play of data set k recorded, when it plays one case.
func RunKey(k int) string { return fmt.Sprintf("run %d", k+1) }

// ValuesKey is the key of the lesson's values.
const ValuesKey = "values"

// Redacted is what Redact returned for one text.
type Redacted struct {
	Clean string
	Found []string
}

// Checked is what CheckInput returned for one question: its error's text,
// and whether there was one.
type Checked struct {
	Refused bool
	Err     string
}

// Copies is what RedactTools did to the tools it was handed: how many
// copies it returned and the first with no Execute (-1 when none).
type Copies struct {
	Count     int
	NoExecute int
}

// ok reports whether there is one copy with an Execute for each of n tools.
func (cp Copies) ok(n int) bool { return cp.Count == n && cp.NoExecute < 0 }

// copiesOf records what RedactTools returned for n tools.
func copiesOf(guarded []lab.Tool) Copies {
	cp := Copies{Count: len(guarded), NoExecute: -1}
	for i, t := range guarded {
		if t.Execute == nil {
			cp.NoExecute, cp.Count = i, len(guarded)
			break
		}
	}
	return cp
}

// Looped is one run of RunLoop with the redacted tools: the copies, every
// request the model received, the tool runs and the list at the end.
type Looped struct {
	Copies   Copies
	Requests []lab.Request
	Runs     []checkkit.ToolRun
	Messages []lab.Message
}

// Handed is what became of the tools handed to RedactTools: the copies
// described, the originals described afterwards, what the original and the
// copy of the report tool return for the report with personal data, and a
// second RedactTools after the caller changed the first copies.
type Handed struct {
	Copies    Copies
	Specs     []lab.Spec
	Originals []lab.Spec
	Raw       Ran
	Copy      Ran
	Again     Copies
	Specs2    []lab.Spec
	Read2     string
}

// Ran is what one Execute returned.
type Ran struct {
	Text string
	Err  string
}

// LogStep is one call of a redacted tool: which tool (0 the report tool, 1
// the read tool) with which arguments.
type LogStep struct {
	Tool int
	Args lab.Args
}

// LogRun is an office with the calls every_redaction_logged makes.
type LogRun struct {
	Office Office
	Steps  []LogStep
}

// Logged is the log after each step, and the log of a second RedactTools.
type Logged struct {
	Copies Copies
	Names  []string
	Steps  []Ran
	Logs   [][]Trigger
	Fresh  []Trigger
}

// Failures is a tool error and a tool panic that hold personal data.
type Failures struct {
	LookupErr string
	PanicText string
}

// Failed is what RunTool returned for the failing and the panicking tool
// (Escaped is the text of a panic that went on through RunTool), the log,
// and the tool runs.
type Failed struct {
	Copies  Copies
	Results []lab.Message
	Escaped []string
	Log     []Trigger
	Runs    []string
}

// Question is a question to check, and how a failure message shows it (the
// question itself when Shown is empty).
type Question struct {
	Text  string
	Shown string
}

// Refusal is CheckInput's word on a question and a GuardedChat run with it,
// after History.
type Refusal struct {
	Checked  Checked
	Asked    int
	Result   Result
	Messages []lab.Message
	Log      []Trigger
	Runs     []string
}

// Citing is an answer and the conversation UncitedFigures reads.
type Citing struct {
	Answer   string
	Messages []lab.Message
	Why      string
}

// Cited is what UncitedFigures returned, and the conversation afterwards.
type Cited struct {
	Figures  []string
	Messages []lab.Message
}

// Guarded is one GuardedChat run: the model asks for the office's report
// with personal data, then answers Answer; when Echo is set and the result
// it read holds personal data, it answers Echo followed by that result.
type Guarded struct {
	Office   Office
	Question string
	Answer   string
	Echo     string
}

// GuardedRun is what a GuardedChat run did.
type GuardedRun struct {
	Result   Result
	Messages []lab.Message
	Log      []Trigger
	Requests []lab.Request
	Runs     []checkkit.ToolRun
}

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"answer_with_personal_data_withheld": playGuarded,
	"cited_figures_pass":                 playCiting,
	"errors_and_panics_redacted":         playFailures,
	"every_redaction_logged":             playLogged,
	"gave_up_stays_gave_up":              playGaveUp,
	"guarded_run_answers":                playGuarded,
	"guarded_runs_agree":                 playGenerated,
	"input_refused_before_model":         playRefusals,
	"input_within_limits_passes":         playCheckInput,
	"lesson_values_kept":                 playValues,
	"luhn_checks_the_digit":              playLuhn,
	"near_misses_survive":                playRedact,
	"no_personal_data_logged":            playGuarded,
	"redact_agrees":                      playRedactGenerated,
	"redact_marks_each_kind":             playRedact,
	"results_redacted_before_model":      playLoop,
	"tools_handed_in_unchanged":          playHanded,
	"uncited_answer_withheld":            playGuarded,
	"uncited_figures_named":              playCiting,
}

func playLuhn(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]string]](c) {
		for i, n := range set.Data {
			c.Observe(Key(k, i), S.Luhn(n))
		}
	}
}

func playRedact(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]string]](c) {
		for i, text := range set.Data {
			c.Observe(Key(k, i), redact(text))
		}
	}
}

// redact records what Redact returns for text.
func redact(text string) Redacted {
	clean, found := S.Redact(text)
	return Redacted{Clean: clean, Found: found}
}

// checkInput records what CheckInput returns for text.
func checkInput(text string) Checked {
	if err := S.CheckInput(text); err != nil {
		return Checked{Refused: true, Err: err.Error()}
	}
	return Checked{}
}

func playLoop(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Office]](c) {
		o := set.Data
		var runs checkkit.ToolRuns
		tools := runs.Wrap(o.ReportTool())
		guarded, _ := S.RedactTools(tools)
		out := Looped{Copies: copiesOf(guarded)}
		if out.Copies.ok(1) {
			asked := lab.Reply(lab.Text("Let me read both."), Call(o.WithData, "c1"), Call(o.NoData, "c2"))
			model := lab.NewScriptedModel(asked, lab.Say("Done."))
			question := lab.User("What do reports " + o.WithData + " and " + o.NoData + " say?")
			rec := c.Record("RunLoop with the tools RedactTools returned")
			out.Messages, _ = S.RunLoop(rec.Model(model), []lab.Message{question}, rec.Tools(guarded...), 8)
			out.Requests, out.Runs = model.Calls(), runs.Runs()
		}
		c.Observe(RunKey(k), out)
	}
}

func playHanded(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Office]](c) {
		o := set.Data
		ws := lab.NewWorkspace(map[string]string{"contacts.txt": o.Reports[o.WithData]})
		tools := []lab.Tool{o.ReportTool(), checkkit.ReadTool(ws)}
		guarded, _ := S.RedactTools(tools)
		out := Handed{Copies: copiesOf(guarded)}
		if out.Copies.ok(2) {
			out.Specs, out.Originals = checkkit.SpecsOf(guarded), checkkit.SpecsOf(tools)
			out.Raw = execute(tools[0], lab.Args{"id": o.WithData})
			out.Copy = execute(guarded[0], lab.Args{"id": o.WithData})
			guarded[0].Name, guarded[1].Description = "changed", "changed"
			again, _ := S.RedactTools(tools)
			out.Again = copiesOf(again)
			if out.Again.ok(2) {
				out.Specs2 = checkkit.SpecsOf(again)
				out.Read2 = execute(again[1], lab.Args{"path": "contacts.txt"}).Text
			}
		}
		c.Observe(RunKey(k), out)
	}
}

// execute runs tool with args and records what it returned.
func execute(tool lab.Tool, args lab.Args) Ran {
	text, err := tool.Execute(args)
	r := Ran{Text: text}
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

func playLogged(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[LogRun]](c) {
		o := set.Data.Office
		ws := lab.NewWorkspace(map[string]string{"contacts.txt": o.Reports[o.WithData]})
		guarded, log := S.RedactTools([]lab.Tool{o.ReportTool(), checkkit.ReadTool(ws)})
		out := Logged{Copies: copiesOf(guarded)}
		if out.Copies.ok(2) {
			rec := c.Record("the tools RedactTools returned, one call after another")
			rec.Watch(ws)
			recorded := rec.Tools(guarded...)
			for _, step := range set.Data.Steps {
				out.Names = append(out.Names, guarded[step.Tool].Name)
				out.Steps = append(out.Steps, execute(recorded[step.Tool], step.Args))
				out.Logs = append(out.Logs, log())
			}
			_, fresh := S.RedactTools([]lab.Tool{o.ReportTool()})
			out.Fresh = fresh()
		}
		c.Observe(RunKey(k), out)
	}
}

func playFailures(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Failures]](c) {
		var runs checkkit.ToolRuns
		tools := runs.Wrap(Failing("lookup", set.Data.LookupErr, false), Failing("import", set.Data.PanicText, true))
		guarded, log := S.RedactTools(tools)
		out := Failed{Copies: copiesOf(guarded)}
		if out.Copies.ok(2) {
			recorded := c.Record("RunTool with the tools RedactTools returned: one fails, one panics").Tools(guarded...)
			for _, call := range []lab.Block{lab.Call("lookup", lab.Args{}).WithID("c1"), lab.Call("import", lab.Args{}).WithID("c2")} {
				result, escaped := runToolCaught(recorded, call)
				out.Results, out.Escaped = append(out.Results, result), append(out.Escaped, escaped)
			}
			out.Log, out.Runs = log(), runs.Names()
		}
		c.Observe(RunKey(k), out)
	}
}

// runToolCaught calls RunTool and records the text of a panic that escapes
// it. A gap that is not written yet still panics through, so the kit can say
// so.
func runToolCaught(tools []lab.Tool, call lab.Block) (result lab.Message, escaped string) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if strings.HasSuffix(fmt.Sprint(r), ": not written yet") {
			panic(r)
		}
		escaped = fmt.Sprint(r)
	}()
	return S.RunTool(tools, call), ""
}

func playValues(c *checkkit.C) {
	c.Observe(ValuesKey, S.Values)
}

func playRefusals(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Question]](c) {
		for i, q := range set.Data {
			out := Refusal{Checked: checkInput(q.Text)}
			model := lab.NewScriptedModel(lab.Always(lab.Say("I should never have been asked.")))
			var runs checkkit.ToolRuns
			tools := runs.Wrap(Office{District: "Kessan"}.ReportTool())
			shown := q.Shown
			if shown == "" {
				shown = fmt.Sprintf("%q", q.Text)
			}
			rec := c.Record("GuardedChat with a question it should refuse: " + shown)
			out.Messages, out.Result, out.Log = S.GuardedChat(rec.Model(model), History(), q.Text, rec.Tools(tools...))
			out.Asked, out.Runs = model.Asked(), runs.Names()
			c.Observe(Key(k, i), out)
		}
	}
}

func playCheckInput(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Question]](c) {
		for i, q := range set.Data {
			c.Observe(Key(k, i), checkInput(q.Text))
		}
	}
}

func playCiting(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Citing]](c) {
		for i, tc := range set.Data {
			messages := lab.CloneMessages(tc.Messages)
			got := S.UncitedFigures(tc.Answer, messages)
			c.Observe(Key(k, i), Cited{Figures: got, Messages: messages})
		}
	}
}

func playGuarded(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Guarded]](c) {
		c.Observe(RunKey(k), guarded(c, set.Data))
	}
}

// guarded plays one GuardedChat run.
func guarded(c *checkkit.C, g Guarded) GuardedRun {
	o := g.Office
	model := lab.NewScriptedModel(lab.Reply(Call(o.WithData, "c1")), lab.Respond(func(r lab.Request) lab.Message {
		if g.Echo != "" && len(o.Leaks(ResultText(r))) > 0 {
			return lab.Say(g.Echo + ResultText(r))
		}
		return lab.Say(g.Answer)
	}))
	var runs checkkit.ToolRuns
	tools := runs.Wrap(o.ReportTool())
	rec := c.Record("GuardedChat: a report with personal data")
	var out GuardedRun
	out.Messages, out.Result, out.Log = S.GuardedChat(rec.Model(model), nil, g.Question, rec.Tools(tools...))
	out.Requests, out.Runs = model.Calls(), runs.Runs()
	return out
}

func playGaveUp(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Office]](c) {
		o := set.Data
		model := lab.NewScriptedModel(lab.Always(lab.Reply(lab.Call("get_report", lab.Args{"id": o.NoData}))))
		var runs checkkit.ToolRuns
		tools := runs.Wrap(o.ReportTool())
		rec := c.Record("GuardedChat: the model asks until the steps run out")
		var out GuardedRun
		out.Messages, out.Result, out.Log = S.GuardedChat(rec.Model(model), nil, "Summarise "+o.District+".", rec.Tools(tools...))
		out.Runs = runs.Runs()
		c.Observe(RunKey(k), out)
	}
}

// Piece is one generated case of Luhn and Redact.
type Piece struct {
	Number string
	Text   string
}

// Pieced is what Luhn and Redact returned for a Piece.
type Pieced struct {
	Luhn     bool
	Redacted Redacted
}

func playRedactGenerated(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Piece]](c) {
		for i, p := range set.Data {
			c.Observe(Key(k, i), Pieced{Luhn: S.Luhn(p.Number), Redacted: redact(p.Text)})
		}
	}
}

// Generated is one generated case of lab 2: a question, an answer and the
// report the model reads; UncitedFigures reads the answer against Sources.
type Generated struct {
	What     string
	Question string
	Answer   string
	Report   string
	Sources  []lab.Message
}

// GeneratedRun is what CheckInput, UncitedFigures and a GuardedChat run did
// with a Generated case.
type GeneratedRun struct {
	Checked Checked
	Cited   []string
	Run     GuardedRun
}

func playGenerated(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Generated]](c) {
		for i, g := range set.Data {
			out := GeneratedRun{Checked: checkInput(g.Question), Cited: S.UncitedFigures(g.Answer, lab.CloneMessages(g.Sources))}
			o := Office{District: "Kessan", Reports: map[string]string{"R1": g.Report}, WithData: "R1"}
			out.Run = guarded(c, Guarded{Office: o, Question: g.Question, Answer: g.Answer})
			c.Observe(Key(k, i), out)
		}
	}
}
