package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
)

// Lab 3: schemas from Go source. SchemaOf writes a tool's schema from the
// struct its arguments decode into, with the fields' doc comments as
// descriptions; ToolOf refuses a struct with no doc comment.

// source is a Go file with one struct type of arguments in it; want is the
// schema the lesson says SchemaOf returns, in the JSON the model reads ("" when
// it refuses), and err the error it returns then. Neither is handed to the
// player: the judge holds the reference to them.
type source struct {
	name string // the struct type's name
	src  string
	want string
	err  string
}

// toSource is what the player is handed of s.
func toSource(s source) play.Source { return play.Source{Name: s.name, Src: s.src} }

// sourced is the judgement of a check made of sources for SchemaOf.
func sourced(cases func() []checkkit.Data[[]source]) checkkit.Judgement {
	return checkkit.Judgement{
		Scenario: func() any { return mapSets(cases(), toSource) },
		Judge: func(c *checkkit.C, yours, ref checkkit.Observed) {
			checkkit.EachScenario(c, cases(), func(k int, set []source) {
				for i, s := range set {
					got, want := both[play.Schemaed](c, yours, ref, k, i)
					if kit := (play.Schemaed{Schema: s.want, Err: errOf(s.err)}); !sameSchemaed(kit, want) {
						c.KitFatalf("the reference's SchemaOf(%s) returned %s, where the lesson says %s", s.name, outcome(want), outcome(kit))
					}
					compareSchemaed(c, s.name, s.src, got, want)
				}
			})
		},
	}
}

// errOf is words as an error's text: nil for "".
func errOf(words string) *string {
	if words == "" {
		return nil
	}
	return &words
}

// sameErr reports whether two errors say the same.
func sameErr(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// sameSchemaed reports whether SchemaOf returned the same twice.
func sameSchemaed(a, b play.Schemaed) bool { return a.Schema == b.Schema && sameErr(a.Err, b.Err) }

// compareSchemaed fails c unless the student's SchemaOf returned what the
// reference's did.
func compareSchemaed(c *checkkit.C, name, src string, got, want play.Schemaed) {
	if !sameSchemaed(got, want) {
		c.Errorf("SchemaOf(%s), the struct read from this source:\n%s\n  expected: %s\n  got:      %s",
			name, indent(src), outcome(want), outcome(got))
	}
}

// outcome writes what SchemaOf returned, in words.
func outcome(s play.Schemaed) string {
	switch {
	case s.Err != nil && s.Schema != "":
		return fmt.Sprintf("the schema %s and the error %q", s.Schema, *s.Err)
	case s.Err != nil:
		return fmt.Sprintf("no schema, and the error %q", *s.Err)
	case s.Schema != "":
		return "the schema " + s.Schema
	}
	return "no schema and no error"
}

func indent(src string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(src, "\n"), "\n", "\n    ")
}

const (
	searchSource = "package tools\n\n// Search this week's field reports by keyword.\ntype SearchArgs struct {\n" +
		"\t// Words to find in the reports.\n\tQuery string `json:\"query\"`\n" +
		"\tLimit int `json:\"limit\"` // How many reports at most.\n" +
		"\tExact bool\n" +
		"\tScore float64 `json:\"min_score\"`\n" +
		"\t// Sectors to search in; all if empty.\n\tSectors []string `json:\"sectors\"`\n}\n"
	searchWant = `{"additionalProperties": false, "properties": {"Exact": {"type": "boolean"}, ` +
		`"limit": {"description": "How many reports at most.", "type": "integer"}, ` +
		`"min_score": {"type": "number"}, "query": {"description": "Words to find in the reports.", "type": "string"}, ` +
		`"sectors": {"description": "Sectors to search in; all if empty.", "items": {"type": "string"}, "type": "array"}}, ` +
		`"required": ["query", "limit", "Exact", "min_score", "sectors"], "type": "object"}`
	fetchSource = "package tools\n\n// Fetch one page of a web site as text.\ntype FetchArgs struct {\n" +
		"\tURL string `json:\"url\"` // The page's address, with https://.\n" +
		"\t// Which page of a long result, from 1.\n\tPage uint16 `json:\"page\"`\n" +
		"\tRaw bool `json:\"raw\"`\n" +
		"\t// Extra headers, as Name: value.\n\tHeaders [][]string `json:\"headers\"`\n" +
		"\tRatio float32\n}\n"
	fetchWant = `{"additionalProperties": false, "properties": {"Ratio": {"type": "number"}, ` +
		`"headers": {"description": "Extra headers, as Name: value.", "items": {"items": {"type": "string"}, "type": "array"}, "type": "array"}, ` +
		`"page": {"description": "Which page of a long result, from 1.", "type": "integer"}, "raw": {"type": "boolean"}, ` +
		`"url": {"description": "The page's address, with https://.", "type": "string"}}, ` +
		`"required": ["url", "page", "raw", "headers", "Ratio"], "type": "object"}`
)

func docSources() []checkkit.Data[[]source] {
	return []checkkit.Data[[]source]{
		{Name: "a search tool", Data: []source{{name: "SearchArgs", src: searchSource, want: searchWant}}},
		{Name: "a tool that fetches pages", Data: []source{{name: "FetchArgs", src: fetchSource, want: fetchWant}}},
	}
}

func optionalSources() []checkkit.Data[[]source] {
	return []checkkit.Data[[]source]{
		{Name: "reports", Data: []source{
			{name: "ReportArgs", src: "package tools\n\n// Read one report.\ntype ReportArgs struct {\n" +
				"\tID string `json:\"id\"`\n\tSection *string `json:\"section\"`\n\tLines int `json:\"lines,omitempty\"`\n" +
				"\tDraft bool `json:\"-\"`\n\tlocal int\n\tFormat string `json:\"format\"`\n}\n",
				want: `{"additionalProperties": false, "properties": {"format": {"type": "string"}, "id": {"type": "string"}, ` +
					`"lines": {"type": "integer"}, "section": {"type": "string"}}, "required": ["id", "format"], "type": "object"}`},
			{name: "NoneRequired", src: "package tools\n\n// List the districts.\ntype NoneRequired struct {\n" +
				"\tRegion *string `json:\"region\"`\n\tPage int `json:\"page,omitempty\"`\n}\n",
				want: `{"additionalProperties": false, "properties": {"page": {"type": "integer"}, "region": {"type": "string"}}, ` +
					`"required": [], "type": "object"}`},
		}},
		{Name: "visits", Data: []source{
			{name: "VisitArgs", src: "package tools\n\n// Plan a field visit.\ntype VisitArgs struct {\n" +
				"\tWhen *int64 `json:\"when\"`\n\tSite string `json:\"site\"`\n\tTeam []string `json:\"team,omitempty\"`\n" +
				"\tNote string `json:\"-\"`\n\tDistrict string\n}\n",
				want: `{"additionalProperties": false, "properties": {"District": {"type": "string"}, "site": {"type": "string"}, ` +
					`"team": {"items": {"type": "string"}, "type": "array"}, "when": {"type": "integer"}}, ` +
					`"required": ["site", "District"], "type": "object"}`},
			{name: "Empty", src: "package tools\n\n// Say what day it is.\ntype Empty struct{}\n",
				want: `{"additionalProperties": false, "properties": {}, "required": [], "type": "object"}`},
		}},
	}
}

// unknown is the error for a field whose type has no schema.
func unknown(field, typ string) string {
	return "field " + field + ": type " + typ + " has no JSON Schema here: use a string, a number, a bool, or a slice or a pointer of one"
}

func unknownTypeSources() []checkkit.Data[[]source] {
	return []checkkit.Data[[]source]{
		{Name: "a map and a struct", Data: []source{
			{name: "A", src: "package tools\n\n// A.\ntype A struct {\n\tQuery string `json:\"query\"`\n\tFilters map[string]string `json:\"filters\"`\n}\n",
				err: unknown("Filters", "map[string]string")},
			{name: "B", src: "package tools\n\n// B.\ntype B struct {\n\tWhere struct{ Lat, Lon float64 } `json:\"where\"`\n}\n",
				err: unknown("Where", "struct{ Lat, Lon float64 }")},
		}},
		{Name: "an interface and a type of its own", Data: []source{
			{name: "C", src: "package tools\n\n// C.\ntype C struct {\n\tValue any `json:\"value\"`\n\tID string\n}\n",
				err: unknown("Value", "any")},
			{name: "D", src: "package tools\n\n// D.\ntype D struct {\n\tN int\n\tWhen []*Date `json:\"when,omitempty\"`\n}\n",
				err: unknown("When", "[]*Date")},
		}},
	}
}

// noDescription is the error for a struct with no doc comment.
func noDescription(tool, typ string) string {
	return "tool " + tool + " has no description: write a doc comment on " + typ + " that says what the tool does and when to use it"
}

// toolCase is a source for ToolOf, the tool's name, and the description the
// lesson says the tool gets ("" when ToolOf refuses, with err).
type toolCase struct {
	tool string
	s    source
	doc  string
	err  string
}

func toolCases() []checkkit.Data[[]toolCase] {
	return []checkkit.Data[[]toolCase]{
		{Name: "search_reports", Data: []toolCase{
			{"search_reports", source{name: "SearchArgs", src: searchSource, want: searchWant}, "Search this week's field reports by keyword.", ""},
			{"list_sites", source{name: "Sites", src: "package tools\n\ntype Sites struct {\n\tRegion string `json:\"region\"`\n}\n"}, "",
				noDescription("list_sites", "Sites")},
			{"broken", source{name: "Broken", src: "package tools\n\n// Broken.\ntype Broken struct {\n\tM map[string]int\n}\n"}, "",
				unknown("M", "map[string]int")},
		}},
		{Name: "fetch_page", Data: []toolCase{
			{"fetch_page", source{name: "FetchArgs", src: fetchSource, want: fetchWant}, "Fetch one page of a web site as text.", ""},
			{"ping", source{name: "Ping", src: "package tools\n\n//\ntype Ping struct{}\n"}, "", noDescription("ping", "Ping")},
		}},
	}
}

func toolScenario() any {
	return mapSets(toolCases(), func(tc toolCase) play.Source {
		return play.Source{Tool: tc.tool, Name: tc.s.name, Src: tc.s.src}
	})
}

func judgeTools(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, toolCases(), func(k int, cases []toolCase) {
		for i, tc := range cases {
			got, want := both[play.Made](c, yours, ref, k, i)
			if !sameErr(want.Tool.Err, errOf(tc.err)) || tc.err == "" && (want.Tool.Description != tc.doc || want.Tool.Parameters != tc.s.want) {
				c.KitFatalf("the reference's ToolOf(%q, %s) made %+v", tc.tool, tc.s.name, want.Tool)
			}
			compareTool(c, tc.tool, tc.s.name, got.Tool, want.Tool)
		}
	})
}

// compareTool fails c unless the student's ToolOf made what the reference's
// did.
func compareTool(c *checkkit.C, tool, name string, got, want play.Tooled) {
	if want.Err != nil {
		if !sameErr(got.Err, want.Err) {
			words := "no error"
			if got.Err != nil {
				words = fmt.Sprintf("%q", *got.Err)
			}
			c.Errorf("ToolOf(%q, %s): expected the error %q; got %s", tool, name, *want.Err, words)
		}
		return
	}
	if got.Err != nil {
		c.Errorf("ToolOf(%q, %s): expected a tool; got the error %q", tool, name, *got.Err)
		return
	}
	c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Name", tool, name), want.Name, got.Name)
	c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Description, the struct's doc comment", tool, name), want.Description, got.Description)
	c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Parameters, as JSON", tool, name), want.Parameters, got.Parameters)
	if !got.HasExecute {
		c.Errorf("ToolOf(%q, %s): the tool has no Execute; it should be the function ToolOf was given", tool, name)
		return
	}
	if got.Runs != want.Runs || !sameErr(got.ExecErr, want.ExecErr) || got.Out != want.Out {
		errWords := "<nil>"
		if got.ExecErr != nil {
			errWords = *got.ExecErr
		}
		c.Errorf("ToolOf(%q, %s): calling the tool's Execute once should run the function ToolOf was given, once: it ran %d time(s) and returned %q, %v",
			tool, name, got.Runs, got.Out, errWords)
	}
}
