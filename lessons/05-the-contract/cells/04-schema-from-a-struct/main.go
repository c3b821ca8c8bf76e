// A small reflector: the schema of a tool's arguments written from a Go
// struct, its json tags and a doc tag per field. It does what production
// reflectors do by default, and gets wrong what they get wrong.
package main

import (
	"fmt"
	"reflect"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/05-the-contract"
)

// SearchArgs are the arguments of search_reports.
type SearchArgs struct {
	Query  string   `json:"query" doc:"Words to find in the reports."`
	Limit  int      `json:"limit" doc:"How many reports at most; 10 if not given."`
	Sector string   `json:"sector,omitempty" doc:"One of health, shelter, WASH, food."`
	Tags   []string `json:"tags,omitempty"`
	cursor string   // unexported: never part of the schema
}

// schemaOf writes the schema of a struct type: one property per exported
// field, named by its json tag; a field without omitempty is required, and
// nothing else is allowed.
func schemaOf(t reflect.Type) lab.Schema {
	properties, required := lab.Schema{}, []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, options, _ := strings.Cut(f.Tag.Get("json"), ",")
		property := typeOf(f.Type)
		if doc := f.Tag.Get("doc"); doc != "" {
			property["description"] = doc
		}
		properties[name] = property
		if !strings.Contains(options, "omitempty") {
			required = append(required, name)
		}
	}
	return lab.Schema{"type": "object", "properties": properties, "required": required, "additionalProperties": false}
}

// typeOf writes the schema of one Go type.
func typeOf(t reflect.Type) lab.Schema {
	switch t.Kind() {
	case reflect.String:
		return lab.Schema{"type": "string"}
	case reflect.Int, reflect.Int64:
		return lab.Schema{"type": "integer"}
	case reflect.Float64:
		return lab.Schema{"type": "number"}
	case reflect.Bool:
		return lab.Schema{"type": "boolean"}
	case reflect.Slice:
		return lab.Schema{"type": "array", "items": typeOf(t.Elem())}
	}
	return lab.Schema{}
}

func main() {
	schema := schemaOf(reflect.TypeFor[SearchArgs]())
	fmt.Println(lab.EncodeJSON(schema))
	fmt.Println()
	for _, args := range []lab.Args{
		{"query": "flooding"},
		{"query": "flooding", "limit": 20, "sector": "sanitation"},
		{"query": "flooding", "limit": 0},
	} {
		fmt.Printf("%-60s %v\n", lab.EncodeJSON(args), harness.Validate(schema, args))
	}
}
