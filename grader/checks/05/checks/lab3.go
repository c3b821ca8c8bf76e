package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 3: schemas from Go source. SchemaOf writes a tool's schema from the
// struct its arguments decode into, with the fields' doc comments as
// descriptions; ToolOf refuses a struct with no doc comment.

// source is a Go file with one struct type of arguments in it; what is its
// expected schema, in the JSON the model reads.
type source struct {
	name string // the struct type's name
	src  string
	want string // lab.EncodeJSON of the schema SchemaOf must return; "" when it must refuse
	err  string // the error SchemaOf (and ToolOf) must return, when want is ""
}

// readStruct reads the struct named in s with the kit's ReadStruct.
func readStruct(c *checkkit.C, s source) lab.GoStruct {
	st, err := lab.ReadStruct(s.src, s.name)
	if err != nil {
		c.Fatalf("The check itself went wrong (not your code's fault): %v", err)
	}
	return st
}

// schemaOfSources asks SchemaOf about each source and compares the whole
// schema, as the JSON the model reads, or the whole error.
func schemaOfSources(c *checkkit.C, sources []source) {
	for _, s := range sources {
		st := readStruct(c, s)
		schema, err := S.SchemaOf(st)
		got, gotErr := "", ""
		if schema != nil {
			got = lab.EncodeJSON(schema)
		}
		if err != nil {
			gotErr = err.Error()
		}
		if got == s.want && gotErr == s.err {
			continue
		}
		c.Errorf("SchemaOf(%s), the struct read from this source:\n%s\n  expected: %s\n  got:      %s",
			s.name, indent(s.src), outcome(s.want, s.err), outcome(got, gotErr))
	}
}

// outcome writes what SchemaOf returned, in words.
func outcome(schema, err string) string {
	switch {
	case err != "" && schema != "":
		return fmt.Sprintf("the schema %s and the error %q", schema, err)
	case err != "":
		return fmt.Sprintf("no schema, and the error %q", err)
	case schema != "":
		return "the schema " + schema
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

func schemaFromDocComments(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]source]{
		{Name: "a search tool", Data: []source{{name: "SearchArgs", src: searchSource, want: searchWant}}},
		{Name: "a tool that fetches pages", Data: []source{{name: "FetchArgs", src: fetchSource, want: fetchWant}}},
	}, func(sources []source) { schemaOfSources(c, sources) })
}

func optionalFieldsNotRequired(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]source]{
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
	}, func(sources []source) { schemaOfSources(c, sources) })
}

// unknown is the error for a field whose type has no schema.
func unknown(field, typ string) string {
	return "field " + field + ": type " + typ + " has no JSON Schema here: use a string, a number, a bool, or a slice or a pointer of one"
}

func unknownTypeRefused(c *checkkit.C) {
	checkkit.Scenarios(c, []checkkit.Data[[]source]{
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
	}, func(sources []source) { schemaOfSources(c, sources) })
}

// noDescription is the error for a struct with no doc comment.
func noDescription(tool, typ string) string {
	return "tool " + tool + " has no description: write a doc comment on " + typ + " that says what the tool does and when to use it"
}

func toolNeedsDescription(c *checkkit.C) {
	type toolCase struct {
		tool string
		s    source
		doc  string // the description the tool must have; "" when ToolOf must refuse
		err  string
	}
	checkkit.Scenarios(c, []checkkit.Data[[]toolCase]{
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
	}, func(cases []toolCase) {
		for _, tc := range cases {
			st := readStruct(c, tc.s)
			runs := 0
			execute := func(args lab.Args) (string, error) { runs++; return "ran with " + lab.EncodeJSON(args), nil }
			tool, err := S.ToolOf(tc.tool, st, execute)
			if tc.err != "" {
				got := "no error"
				if err != nil {
					got = fmt.Sprintf("%q", err.Error())
				}
				if err == nil || err.Error() != tc.err {
					c.Errorf("ToolOf(%q, %s): expected the error %q; got %s", tc.tool, tc.s.name, tc.err, got)
				}
				continue
			}
			if err != nil {
				c.Errorf("ToolOf(%q, %s): expected a tool; got the error %q", tc.tool, tc.s.name, err)
				continue
			}
			c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Name", tc.tool, tc.s.name), tc.tool, tool.Name)
			c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Description, the struct's doc comment", tc.tool, tc.s.name), tc.doc, tool.Description)
			c.Equal(fmt.Sprintf("ToolOf(%q, %s): the tool's Parameters, as JSON", tc.tool, tc.s.name), tc.s.want, lab.EncodeJSON(tool.Parameters))
			if tool.Execute == nil {
				c.Errorf("ToolOf(%q, %s): the tool has no Execute; it should be the function ToolOf was given", tc.tool, tc.s.name)
				continue
			}
			out, err := tool.Execute(lab.Args{"query": "x"})
			if runs != 1 || err != nil || out != `ran with {"query": "x"}` {
				c.Errorf("ToolOf(%q, %s): calling the tool's Execute once should run the function ToolOf was given, once: it ran %d time(s) and returned %q, %v",
					tc.tool, tc.s.name, runs, out, err)
			}
		}
	})
}
