package checks

import (
	"math/rand/v2"
	"sort"

	"harnesslab/lab"
)

// The generator of schemas and values for the differential check. It stays
// inside the lesson's subset of JSON Schema, and it is seeded: the same seed
// gives the same cases, so a disagreement can be shown again.

// generated is one case: a schema, and a value to judge against it.
type generated struct {
	schema lab.Schema
	value  any
}

// generator makes cases from one seed.
type generator struct {
	r *rand.Rand
}

// newGenerator returns a generator seeded with seed.
func newGenerator(seed uint64) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, seed^0x5eed))}
}

// names are the property names the generator uses: no "/", "~" or ": ",
// so paths need no escaping.
var names = []string{"path", "limit", "query", "sector", "ids", "tags", "page", "mode", "from", "to", "note", "Path"}

// words are the strings the generator uses.
var words = []string{"", "20", "health", "food", "WASH", "a.md", "x", "true", "null", "0"}

// next returns one case: the schema of a tool's arguments (an object), and
// a value that keeps to it or breaks it in one or two places.
func (g *generator) next() generated {
	schema := g.objectSchema(0)
	return generated{schema: schema, value: g.valueOf(schema)}
}

// valueOf returns another value for schema, which keeps to it or breaks it
// in one or two places.
func (g *generator) valueOf(schema lab.Schema) any {
	value := g.valueFor(schema, 0)
	for range g.r.IntN(3) {
		value = g.mutate(schema, value, 0)
	}
	return value
}

// pick returns one of items.
func pick[T any](g *generator, items []T) T { return items[g.r.IntN(len(items))] }

// chance returns true with probability p.
func (g *generator) chance(p float64) bool { return g.r.Float64() < p }

// objectSchema returns the schema of an object, with required and
// additionalProperties sometimes, and lists written as Go does or as JSON
// does.
func (g *generator) objectSchema(depth int) lab.Schema {
	properties := lab.Schema{}
	var listed []string
	for range 1 + g.r.IntN(4) {
		name := pick(g, names)
		if _, ok := properties[name]; ok {
			continue
		}
		properties[name] = g.schema(depth + 1)
		listed = append(listed, name)
	}
	s := lab.Schema{"properties": properties}
	if depth == 0 || g.chance(0.8) {
		s["type"] = "object"
	}
	var required []string
	for _, name := range listed {
		if g.chance(0.4) {
			required = append(required, name)
		}
	}
	if len(required) > 0 || g.chance(0.2) {
		s["required"] = g.list(required)
	}
	switch {
	case g.chance(0.45):
		s["additionalProperties"] = false
	case g.chance(0.1):
		s["additionalProperties"] = true
	}
	return s
}

// list returns names as []string or as []any, as a schema written in Go or
// decoded from JSON holds them.
func (g *generator) list(names []string) any {
	if g.chance(0.5) {
		return append([]string{}, names...)
	}
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}

// schema returns the schema of one property.
func (g *generator) schema(depth int) lab.Schema {
	n := 7
	if depth >= 3 {
		n = 5 // no deeper objects or arrays
	}
	switch g.r.IntN(n) {
	case 0:
		s := lab.Schema{"type": "string"}
		if g.chance(0.4) {
			s["enum"] = g.list([]string{"health", "food", "WASH"})
		}
		return s
	case 1:
		return g.numberSchema(pick(g, []string{"integer", "number"}))
	case 2:
		return lab.Schema{"type": pick(g, []string{"boolean", "null"})}
	case 3:
		// no type: the keywords apply to the values they fit
		s := lab.Schema{}
		if g.chance(0.5) {
			s["minimum"] = g.bound(0)
		}
		if g.chance(0.5) {
			s["maximum"] = g.bound(8)
		}
		if g.chance(0.4) {
			s["enum"] = []any{"health", 2.0, true, nil}
		}
		return s
	case 4:
		return g.numberSchema("integer")
	case 5:
		s := lab.Schema{"type": "array", "items": g.schema(depth + 1)}
		if g.chance(0.2) {
			delete(s, "type")
		}
		return s
	default:
		return g.objectSchema(depth)
	}
}

// numberSchema returns the schema of a number of type t, with bounds and an
// enum sometimes.
func (g *generator) numberSchema(t string) lab.Schema {
	s := lab.Schema{"type": t}
	if g.chance(0.5) {
		s["minimum"] = g.bound(0)
	}
	if g.chance(0.5) {
		s["maximum"] = g.bound(18)
	}
	if g.chance(0.2) {
		if g.chance(0.5) {
			s["enum"] = []any{1, 2, 3}
		} else {
			s["enum"] = []any{1.0, 2.0, 3.0}
		}
	}
	return s
}

// bound returns a bound from 2 below to 7 above from, whole or not, written
// as a Go int or a float64.
func (g *generator) bound(from int) any {
	n := from + g.r.IntN(10) - 2
	switch g.r.IntN(3) {
	case 0:
		return n
	case 1:
		return float64(n)
	}
	return float64(n) + 0.5
}

// number returns a number near the bounds the generator writes, as a Go int
// or a float64, whole or not.
func (g *generator) number() any {
	n := g.r.IntN(36) - 4
	switch g.r.IntN(4) {
	case 0:
		return n
	case 1:
		return float64(n) + 0.5
	}
	return float64(n)
}

// valueFor returns a value that mostly keeps to schema.
func (g *generator) valueFor(schema lab.Schema, depth int) any {
	if enum, ok := schema["enum"]; ok && g.chance(0.7) {
		switch e := enum.(type) {
		case []string:
			return pick(g, e)
		case []any:
			return pick(g, e)
		}
	}
	t, _ := schema["type"].(string)
	if t == "" {
		switch {
		case schema["properties"] != nil:
			t = "object"
		case schema["items"] != nil:
			t = "array"
		default:
			return g.anyScalar()
		}
	}
	switch t {
	case "string":
		return pick(g, words)
	case "integer", "number":
		return g.number()
	case "boolean":
		return g.chance(0.5)
	case "null":
		return nil
	case "array":
		items, _ := schema["items"].(lab.Schema)
		out := []any{}
		for range g.r.IntN(4) {
			out = append(out, g.valueFor(items, depth+1))
		}
		return out
	}
	out := lab.Args{}
	properties, _ := schema["properties"].(lab.Schema)
	for _, name := range sortedKeys(properties) {
		if g.chance(0.7) {
			out[name] = g.valueFor(properties[name].(lab.Schema), depth+1)
		}
	}
	for _, name := range lab.Required(schema) {
		if _, ok := out[name]; !ok {
			out[name] = g.valueFor(properties[name].(lab.Schema), depth+1)
		}
	}
	return out
}

// anyScalar returns a string, a number, a boolean or null.
func (g *generator) anyScalar() any {
	switch g.r.IntN(4) {
	case 0:
		return pick(g, words)
	case 1:
		return g.number()
	case 2:
		return g.chance(0.5)
	}
	return nil
}

// mutate returns value with one change that may break schema: a property
// dropped or added, a value replaced by one of another type, an item
// changed.
func (g *generator) mutate(schema lab.Schema, value any, depth int) any {
	switch v := value.(type) {
	case map[string]any:
		properties, _ := schema["properties"].(lab.Schema)
		out := lab.CloneArgs(v)
		switch g.r.IntN(4) {
		case 0:
			if keys := sortedKeys(out); len(keys) > 0 {
				delete(out, pick(g, keys))
			}
		case 1:
			out[pick(g, names)] = g.anyScalar()
		default:
			name := pick(g, names)
			if sub, ok := properties[name].(lab.Schema); ok {
				out[name] = g.mutate(sub, out[name], depth+1)
			} else {
				out[name] = g.anyScalar()
			}
		}
		return out
	case []any:
		if len(v) > 0 && g.chance(0.7) {
			items, _ := schema["items"].(lab.Schema)
			out := append([]any{}, v...)
			i := g.r.IntN(len(out))
			out[i] = g.mutate(items, out[i], depth+1)
			return out
		}
	}
	if g.chance(0.15) {
		return []any{g.anyScalar()}
	}
	if g.chance(0.1) {
		return lab.Args{pick(g, names): g.anyScalar()}
	}
	return g.anyScalar()
}

// sortedKeys returns the keys of m in sorted order, so that the generator
// draws its numbers in the same order every time.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
