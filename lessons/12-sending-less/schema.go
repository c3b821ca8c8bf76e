package harness

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"harnesslab/lab"
)

// This file holds the contract between the model and your tools: a validator
// for the part of JSON Schema that tool parameters use, and the rule for
// paths that no schema can state.
//
// The part of JSON Schema it knows: type, properties, required,
// additionalProperties (false only), enum, items, minimum and maximum. Any
// other keyword is ignored. A schema that uses the subset in a form this
// validator does not read, a type given as a list of names or a sub-schema
// written as true or false, is refused, never half read (see InSubset).

// Validate returns nil when value keeps to schema, and otherwise an error
// naming the first place where it does not, as "PATH: what is wrong". A path
// is a JSON Pointer: /limit, /filters/sector, /ids/2.
//
// The rules run in this order, and the first one broken is the answer:
//
//  1. type: the value has the JSON type the schema names;
//  2. enum: the value is one of the values listed;
//  3. minimum and maximum, for numbers only, both inclusive;
//  4. required, for objects only: the names listed, in the order listed;
//  5. additionalProperties false, for objects only: no name outside
//     properties, in sorted order;
//  6. properties, for objects only: each value the object has, by the
//     schema written for its name, in sorted order of the names;
//  7. items, for arrays only: each item, in order, by the schema of items.
//
// A schema outside the subset (see InSubset) is refused before any value is
// looked at, with an error that says so.
func Validate(schema lab.Schema, value any) error {
	if err := InSubset(schema); err != nil {
		return err
	}
	return validateAt(schema, value, "")
}

// InSubset returns nil when schema uses the keywords this validator knows in
// the forms it reads, and otherwise an error naming the place in the schema
// and what to write instead. Two forms are refused: a type given as a list of
// names (["string", "null"]), and a sub-schema, under properties or items,
// written as true or false. Read as if they were absent, both would let
// through values the schema forbids, so the validator refuses the schema
// rather than half read it.
func InSubset(schema lab.Schema) error {
	return inSubsetAt(schema, "")
}

// inSubsetAt checks schema, found at where inside the tool's schema.
func inSubsetAt(schema lab.Schema, where string) error {
	if t, ok := schema["type"]; ok {
		if _, one := t.(string); !one {
			return outsideSubset(where+"/type", t, "give one type name, such as \"string\", or leave type out")
		}
	}
	if properties, ok := schema["properties"].(lab.Schema); ok {
		names := make([]string, 0, len(properties))
		for name := range properties {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if err := subSchemaInSubset(properties[name], where+"/properties/"+name); err != nil {
				return err
			}
		}
	}
	if items, ok := schema["items"]; ok {
		return subSchemaInSubset(items, where+"/items")
	}
	return nil
}

// subSchemaInSubset checks a schema found under properties or items.
func subSchemaInSubset(sub any, where string) error {
	switch s := sub.(type) {
	case lab.Schema:
		return inSubsetAt(s, where)
	case bool:
		switch {
		case s:
			return outsideSubset(where, s, "write {} for a value that may be anything")
		case strings.HasSuffix(where, "/items"):
			return outsideSubset(where, s, "write a schema object: the subset has no schema that refuses every item")
		}
		return outsideSubset(where, s, "to forbid a property, leave it out of properties and set additionalProperties to false")
	}
	return nil
}

// outsideSubset returns the error for a schema that uses the subset in a form
// the validator does not read.
func outsideSubset(where string, found any, instead string) error {
	if where == "" {
		where = "/"
	}
	return fmt.Errorf("the tool's schema is outside what this validator reads: %s is %s; %s", where, lab.EncodeJSON(found), instead)
}

// validateAt checks value, found at path, against schema: the rules of
// Validate, in their order. Rules 6 and 7 call it again, one level down.
func validateAt(schema lab.Schema, value any, path string) error {
	kind := jsonType(value)
	if want, ok := schema["type"].(string); ok && want != kind && !(want == "number" && kind == "integer") {
		return problem(path, "expected %s, got %s", want, describe(value))
	}
	if allowed, ok := listOf(schema["enum"]); ok && !containsValue(allowed, value) {
		return problem(path, "expected one of %s, got %s", lab.EncodeJSON(allowed), describe(value))
	}
	if n, ok := number(value); ok {
		if low, ok := number(schema["minimum"]); ok && n < low {
			return problem(path, "expected at least %s, got %s", lab.EncodeJSON(schema["minimum"]), lab.EncodeJSON(value))
		}
		if high, ok := number(schema["maximum"]); ok && n > high {
			return problem(path, "expected at most %s, got %s", lab.EncodeJSON(schema["maximum"]), lab.EncodeJSON(value))
		}
	}
	switch v := value.(type) {
	case map[string]any:
		return validateObject(schema, v, path)
	case []any:
		if items, ok := schema["items"].(lab.Schema); ok {
			for i, item := range v {
				if err := validateAt(items, item, path+"/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// validateObject applies rules 4, 5 and 6 to the object at path.
func validateObject(schema lab.Schema, object map[string]any, path string) error {
	for _, name := range lab.Required(schema) {
		if _, ok := object[name]; !ok {
			return problem(path+"/"+name, "required but missing")
		}
	}
	properties, _ := schema["properties"].(lab.Schema)
	names := make([]string, 0, len(object))
	for name := range object {
		names = append(names, name)
	}
	sort.Strings(names)
	if closed, ok := schema["additionalProperties"].(bool); ok && !closed {
		for _, name := range names {
			if _, ok := properties[name]; !ok {
				return problem(path+"/"+name, "unknown property")
			}
		}
	}
	for _, name := range names {
		if sub, ok := properties[name].(lab.Schema); ok {
			if err := validateAt(sub, object[name], path+"/"+name); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonType returns the JSON type of a value as it arrives in lab.Args:
// "null", "boolean", "string", "object", "array", "integer" for any number
// with no fraction (Go's int types, and a float64 such as 20, which is how
// JSON numbers arrive, or 1e300, which is whole however big), and "number"
// for any other number.
func jsonType(value any) string {
	switch v := value.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case float64:
		if v == math.Trunc(v) && !math.IsInf(v, 0) {
			return "integer"
		}
		return "number"
	case float32:
		if f := float64(v); f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "integer"
	}
	return fmt.Sprintf("%T", value)
}

// number returns value as a float64, and whether it is a number at all.
func number(value any) (float64, bool) {
	switch v := value.(type) {
	case float64:
		return v, true
	case float32:
		return float64(v), true
	case int:
		return float64(v), true
	case int8:
		return float64(v), true
	case int16:
		return float64(v), true
	case int32:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint:
		return float64(v), true
	case uint8:
		return float64(v), true
	case uint16:
		return float64(v), true
	case uint32:
		return float64(v), true
	case uint64:
		return float64(v), true
	}
	return 0, false
}

// listOf returns a schema's list (an enum, say) as []any, whether it was
// written in Go as []string or arrived from JSON as []any, and whether there
// is a list at all.
func listOf(list any) ([]any, bool) {
	switch l := list.(type) {
	case []any:
		return l, true
	case []string:
		out := make([]any, len(l))
		for i, s := range l {
			out[i] = s
		}
		return out, true
	}
	return nil, false
}

// containsValue reports whether value equals one of the values in list, as
// JSON sees them: 2 and 2.0 are the same number.
func containsValue(list []any, value any) bool {
	for _, item := range list {
		a, aok := number(item)
		b, bok := number(value)
		if aok && bok && a == b || !aok && !bok && lab.EncodeJSON(item) == lab.EncodeJSON(value) {
			return true
		}
	}
	return false
}

// describe writes a value for an error message: its JSON type, and the value
// itself unless it is an object or an array: string "20", integer 20,
// boolean true, null, object.
func describe(value any) string {
	kind := jsonType(value)
	switch kind {
	case "null", "object", "array":
		return kind
	}
	return kind + " " + lab.EncodeJSON(value)
}

// problem returns the error for path: the path, a colon, and what is wrong.
// The whole value, at the top, is written as "/".
func problem(path, format string, args ...any) error {
	if path == "" {
		path = "/"
	}
	return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
}

// SchemaOf returns the schema of the arguments a tool decodes into the
// struct s, as ReadStruct read it from Go source: an object with one property
// for each field, in s.Fields. A property is named by the field's json tag,
// or by its Go name when the tag gives none; a field tagged "-" is left out.
// Its schema is what goType gives for the field's type, with the field's doc
// comment as its "description" when it has one. "required" lists, in field
// order, every field whose tag does not say omitempty and whose type is not
// a pointer; it is a list, never absent, even when nothing is required.
// And "additionalProperties" is false: nothing else may be sent. A field
// whose type goType does not know gets no schema and this error, with the
// field's Go name and its type as written:
//
//	field NAME: type TYPE has no JSON Schema here: use a string, a number, a bool, or a slice or a pointer of one
func SchemaOf(s lab.GoStruct) (lab.Schema, error) {
	properties, required := lab.Schema{}, []string{}
	for _, f := range s.Fields {
		name := f.JSON
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		property, ok := goType(f.Type)
		if !ok {
			return nil, fmt.Errorf("field %s: type %s has no JSON Schema here: use a string, a number, a bool, or a slice or a pointer of one", f.Name, f.Type)
		}
		if f.Doc != "" {
			property["description"] = f.Doc
		}
		properties[name] = property
		if !f.OmitEmpty && !strings.HasPrefix(f.Type, "*") {
			required = append(required, name)
		}
	}
	return lab.Schema{"type": "object", "properties": properties, "required": required, "additionalProperties": false}, nil
}

// goType returns the schema of a Go type as written in a struct field, and
// whether it has one here: a string is a "string", every int and uint type
// an "integer", float32 and float64 a "number", bool a "boolean", a slice
// an "array" whose "items" are its element's schema, and a pointer the schema
// of what it points to. Anything else (a map, a struct, an interface, a type
// of its own) has none.
func goType(t string) (lab.Schema, bool) {
	switch t {
	case "string":
		return lab.Schema{"type": "string"}, true
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return lab.Schema{"type": "integer"}, true
	case "float32", "float64":
		return lab.Schema{"type": "number"}, true
	case "bool":
		return lab.Schema{"type": "boolean"}, true
	}
	if elem, ok := strings.CutPrefix(t, "[]"); ok {
		items, ok := goType(elem)
		if !ok {
			return nil, false
		}
		return lab.Schema{"type": "array", "items": items}, true
	}
	if elem, ok := strings.CutPrefix(t, "*"); ok {
		return goType(elem)
	}
	return nil, false
}

// ToolOf returns the tool called name whose arguments are the struct s: its
// description is s's doc comment, its Parameters are SchemaOf(s), and its
// Execute is execute. A struct with no doc comment (or one of blanks only)
// is refused, since the description is all the model reads about a tool
// before it calls it, with this error (the tool's name, then the type's):
//
//	tool NAME has no description: write a doc comment on TYPE that says what the tool does and when to use it
//
// An error from SchemaOf is returned as it is.
func ToolOf(name string, s lab.GoStruct, execute func(lab.Args) (string, error)) (lab.Tool, error) {
	if strings.TrimSpace(s.Doc) == "" {
		return lab.Tool{}, fmt.Errorf("tool %s has no description: write a doc comment on %s that says what the tool does and when to use it", name, s.Name)
	}
	schema, err := SchemaOf(s)
	if err != nil {
		return lab.Tool{}, err
	}
	return lab.Tool{Name: name, Description: s.Doc, Parameters: schema, Execute: execute}, nil
}

// InWorkspace returns nil when path names a file inside the workspace, and
// otherwise an error that says why not: an empty path, a path that starts
// at the root (/etc/passwd), or one with a ".." part (../deploy/prod.env,
// notes/../config.py). A name that merely starts with two dots, such as
// "..notes", is a name like any other.
func InWorkspace(path string) error {
	switch {
	case path == "":
		return fmt.Errorf("path is empty: name a file inside the workspace")
	case strings.HasPrefix(path, "/"):
		return fmt.Errorf("path %s starts at the root: name a file inside the workspace, such as config.py", path)
	}
	for _, part := range strings.Split(path, "/") {
		if part == ".." {
			return fmt.Errorf("path %s has a .. in it: name a file inside the workspace, without ..", path)
		}
	}
	return nil
}
