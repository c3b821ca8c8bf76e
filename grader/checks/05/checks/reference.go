package checks

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"harnesslab/lab"
)

// The reference validator: santhosh-tekuri/jsonschema, which passes the
// official JSON Schema test suite. It runs only here, in the check program,
// and it is asked only about schemas inside the lesson's subset.

// judgement is the reference validator's answer about one value: whether it
// keeps to its schema, and if not, every place it finds wrong, as the paths a
// student's error may start with (a missing or unknown property is named by
// its own path, as the lesson does).
type judgement struct {
	valid  bool
	places []string
}

// reference is one schema compiled by the reference validator, ready to
// judge values.
type reference struct {
	compiled *jsonschema.Schema
}

// compileReference compiles schema with the reference validator.
func compileReference(schema lab.Schema) (*reference, error) {
	doc, err := asJSON(schema)
	if err != nil {
		return nil, fmt.Errorf("write the schema as JSON: %v", err)
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("schema.json", doc); err != nil {
		return nil, fmt.Errorf("add the schema to the reference validator: %v", err)
	}
	compiled, err := compiler.Compile("schema.json")
	if err != nil {
		return nil, fmt.Errorf("compile the schema with the reference validator: %v", err)
	}
	return &reference{compiled: compiled}, nil
}

// judge asks the reference validator about value against schema.
func judge(schema lab.Schema, value any) (judgement, error) {
	ref, err := compileReference(schema)
	if err != nil {
		return judgement{}, err
	}
	return ref.judge(value)
}

// judge asks the reference validator about value.
func (r *reference) judge(value any) (judgement, error) {
	instance, err := asJSON(value)
	if err != nil {
		return judgement{}, fmt.Errorf("write the value as JSON: %v", err)
	}
	err = r.compiled.Validate(instance)
	if err == nil {
		return judgement{valid: true}, nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return judgement{}, fmt.Errorf("validate with the reference validator: %v", err)
	}
	places := map[string]bool{}
	collect(verr, places)
	j := judgement{}
	for p := range places {
		j.places = append(j.places, p)
	}
	sort.Strings(j.places)
	return j, nil
}

// collect adds the places the leaves of an error tree find wrong.
func collect(e *jsonschema.ValidationError, places map[string]bool) {
	if len(e.Causes) > 0 {
		for _, cause := range e.Causes {
			collect(cause, places)
		}
		return
	}
	at := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			places[pointer(append(append([]string(nil), e.InstanceLocation...), name))] = true
		}
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			places[pointer(append(append([]string(nil), e.InstanceLocation...), name))] = true
		}
	default:
		places[at] = true
	}
}

// pointer writes a location as the lesson writes paths: "/" for the whole
// value, else "/" before each part. The generated names need no escaping.
func pointer(parts []string) string {
	if len(parts) == 0 {
		return "/"
	}
	return "/" + strings.Join(parts, "/")
}

// asJSON returns v as encoding/json decodes it: []string becomes []any, Go
// ints become float64. A nil map is an object with no properties, as the
// lesson reads it, not null.
func asJSON(v any) (any, error) {
	data, err := json.Marshal(noNilMaps(v))
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// pathOf returns the path a student's error names: everything before the
// first ": ".
func pathOf(words string) string {
	path, _, _ := strings.Cut(words, ": ")
	return path
}

// kindsOf returns the keywords of every leaf error the reference validator
// finds in instance against doc, both as encoding/json decodes them, for the
// tests that measure what the generator covers.
func kindsOf(doc, instance any) string {
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("schema.json", doc); err != nil {
		return ""
	}
	compiled, err := compiler.Compile("schema.json")
	if err != nil {
		return ""
	}
	verr, ok := compiled.Validate(instance).(*jsonschema.ValidationError)
	if !ok {
		return ""
	}
	var kinds []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		for _, cause := range e.Causes {
			walk(cause)
		}
		if len(e.Causes) == 0 {
			kinds = append(kinds, strings.Join(e.ErrorKind.KeywordPath(), "/"))
		}
	}
	walk(verr)
	return strings.Join(kinds, " ")
}

// noNilMaps returns v with every nil map[string]any made an empty one.
func noNilMaps(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[k] = noNilMaps(item)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = noNilMaps(item)
		}
		return out
	}
	return v
}
