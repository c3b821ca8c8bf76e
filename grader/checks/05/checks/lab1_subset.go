package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Lab 1: schemas that use the subset in a form the validator does not read.
// Validate refuses them whole, whatever the value, rather than read them as if
// the keyword were absent and accept what the schema forbids.

// outside is the error Validate gives for a schema outside what it reads.
func outside(where, found, instead string) string {
	return "the tool's schema is outside what this validator reads: " + where + " is " + found + "; " + instead
}

const (
	oneType     = `give one type name, such as "string", or leave type out`
	anyValue    = "write {} for a value that may be anything"
	noProperty  = "to forbid a property, leave it out of properties and set additionalProperties to false"
	noItemsFits = "write a schema object: the subset has no schema that refuses every item"
)

func outsideCases() []checkkit.Data[[]vcase] {
	notes := object(lab.Schema{"note": lab.Schema{"type": []any{"string", "null"}}})
	tags := object(lab.Schema{"tags": typed("array", "items", true)})
	debug := object(lab.Schema{"query": typed("string"), "debug": false})
	when := object(lab.Schema{"when": lab.Schema{"type": []any{"integer", "string"}}})
	sector := object(lab.Schema{"filters": object(lab.Schema{"sector": lab.Schema{"type": []string{"string"}}})})
	ids := object(lab.Schema{"ids": typed("array", "items", false)})
	return []checkkit.Data[[]vcase]{
		{Name: "notes, tags and a debug flag", Data: []vcase{
			{notes, lab.Args{"note": 7.0}, outside("/properties/note/type", `["string", "null"]`, oneType), "a type given as a list would otherwise check nothing"},
			{notes, lab.Args{"note": "late"}, outside("/properties/note/type", `["string", "null"]`, oneType), "the schema is refused whatever the value"},
			{lab.Schema{"type": []any{"object"}}, lab.Args{}, outside("/type", `["object"]`, oneType), "at the top of the schema"},
			{tags, lab.Args{"tags": []any{"a"}}, outside("/properties/tags/items", "true", anyValue), ""},
			{debug, lab.Args{"query": "flood", "debug": true}, outside("/properties/debug", "false", noProperty), "false under properties would otherwise let anything through"},
		}},
		{Name: "dates, sectors and ids", Data: []vcase{
			{when, lab.Args{"when": true}, outside("/properties/when/type", `["integer", "string"]`, oneType), ""},
			{sector, lab.Args{"filters": lab.Args{"sector": 3.0}}, outside("/properties/filters/properties/sector/type", `["string"]`, oneType), "a list of one name is still a list"},
			{ids, lab.Args{"ids": []any{1.0}}, outside("/properties/ids/items", "false", noItemsFits), ""},
			{ids, lab.Args{}, outside("/properties/ids/items", "false", noItemsFits), "the schema is refused whatever the value"},
		}},
	}
}
