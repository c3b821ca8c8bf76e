package lab

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const argsSource = `package tools

// SearchArgs: search this week's field reports by keyword.
type SearchArgs struct {
	// Words to find.
	Query string ` + "`json:\"query\"`" + `
	Limit *int ` + "`json:\"limit,omitempty\"`" + ` // How many at most.
	Tags, Sectors []string
	Secret string ` + "`json:\"-\"`" + `
	cursor string
	Filters map[string]string ` + "`json:\"filters,string,omitempty\"`" + `
}

type Undocumented struct{ A int }

type NotAStruct int
`

func TestReadStruct(t *testing.T) {
	got, err := ReadStruct(argsSource, "SearchArgs")
	if err != nil {
		t.Fatal(err)
	}
	want := GoStruct{Name: "SearchArgs", Doc: "SearchArgs: search this week's field reports by keyword.", Fields: []GoField{
		{Name: "Query", Type: "string", JSON: "query", Doc: "Words to find."},
		{Name: "Limit", Type: "*int", JSON: "limit", OmitEmpty: true, Doc: "How many at most."},
		{Name: "Tags", Type: "[]string"},
		{Name: "Sectors", Type: "[]string"},
		{Name: "Secret", Type: "string", JSON: "-"},
		{Name: "Filters", Type: "map[string]string", JSON: "filters", OmitEmpty: true},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadStruct(SearchArgs) (-want +got):\n%s", diff)
	}
	if got, err := ReadStruct(argsSource, "Undocumented"); err != nil || got.Doc != "" || len(got.Fields) != 1 {
		t.Errorf("ReadStruct(Undocumented) = %+v, %v; want no doc and one field", got, err)
	}
	for _, tc := range []struct{ reason, src, name, want string }{
		{"a name the source does not declare", argsSource, "Missing", "declares no type Missing"},
		{"a type that is not a struct", argsSource, "NotAStruct", "NotAStruct is not a struct type"},
		{"source that does not parse", "package tools\ntype X struct {", "X", "does not parse"},
	} {
		if _, err := ReadStruct(tc.src, tc.name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadStruct error = %v, want one saying %q", tc.reason, err, tc.want)
		}
	}
}
