package checks

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
	"harnesslab/lab"
)

// Generated questions for Validate: schemas and values drawn by rapid from
// fixed seeds, in every form the lesson's README allows a number or a list
// to arrive in (every Go int type, float32 and float64, whole numbers past
// a million and past 2^63, []string and []any), with enums beside bounds,
// names and enum values that differ only in case, and text in several
// alphabets. The student's Validate must answer each with the reference's
// words; the reference must agree with a validator that passes the official
// JSON Schema test suite.

// generatedValueCount is how many questions the check asks, in two data sets.
const generatedValueCount = 400

// genNames are the property names generated schemas use: some differ only in
// case, some are not ASCII. None holds "/" or "~", so paths need no escaping.
var genNames = []string{"path", "Path", "PATH", "limit", "query", "sector", "ids", "tags", "café", "Café", "名前", "größe", "note", "zz"}

// genWords are the strings generated values and enums use.
var genWords = []string{"", "20", "health", "Health", "HEALTH", "wash", "WASH", "Wash", "café", "CAFÉ", "東京", "naïve", "🙂 ok", `say "hi"`, "x"}

// genBig are numbers past a million and past 2^63, in the forms JSON
// decoding and Go code give them.
var genBig = []any{3000000, int64(1) << 40, 2.5e6, 1234567.0, 1234567.5, float32(16777216), float32(3e6), float32(1e20),
	uint64(1) << 63, uint64(math.MaxUint64), uint64(12345678901234567890), 1e19, 1e300, -4e20, int64(math.MinInt64), 1e6, 999999.5}

// genBounds are minimums and maximums past a million and past 2^63, none
// close enough to a generated number for float64 rounding to matter.
var genBounds = []any{1000000, 1e6, 999999, int64(1000001), 2.5e6, 9.2e18, 1e19}

// draw is a generator's source of choices: rapid draws which branch, which
// item and how many (smaller and earlier ones more often), and a generator
// seeded from rapid decides the yes-or-no questions, whose odds rapid's
// bias toward small values would skew.
type draw struct {
	t *rapid.T
	r *rand.Rand
}

// newDraw starts the choices of one generated value.
func newDraw(t *rapid.T) draw {
	seed := rapid.Uint64().Draw(t, "seed")
	return draw{t: t, r: rand.New(rand.NewPCG(seed, seed^0x5eed))}
}

func (d draw) intn(n int) int           { return rapid.IntRange(0, n-1).Draw(d.t, "n") }
func (d draw) chance(p float64) bool    { return d.r.Float64() < p }
func pickOf[T any](d draw, items []T) T { return items[d.intn(len(items))] }

// smallNumber is a number from -4 to 31, or a half or a quarter, in one of
// Go's number types.
func (d draw) smallNumber() any {
	n := d.intn(36) - 4
	u := n
	if u < 0 {
		u = -u
	}
	switch d.intn(12) {
	case 0:
		return n
	case 1:
		return int8(n)
	case 2:
		return int16(n)
	case 3:
		return int32(n)
	case 4:
		return int64(n)
	case 5:
		return uint8(u)
	case 6:
		return uint(u)
	case 7:
		return uint64(u)
	case 8:
		return float32(n) + pickOf(d, []float32{0, 0.5, 0.25})
	case 9:
		return float64(n) + 0.5
	}
	return float64(n)
}

// number is a small number mostly, and sometimes a big one.
func (d draw) number() any {
	if d.chance(0.3) {
		return pickOf(d, genBig)
	}
	return d.smallNumber()
}

// bound is a minimum or a maximum near from, or a big one.
func (d draw) bound(from int) any {
	if d.chance(0.2) {
		return pickOf(d, genBounds)
	}
	n := from + d.intn(10) - 2
	switch d.intn(4) {
	case 0:
		return n
	case 1:
		return float64(n)
	case 2:
		return float32(n) + 0.5
	}
	return float64(n) + 0.5
}

// list is items as a Go []string or as the []any of JSON decoding.
func (d draw) list(items []string) any {
	if d.chance(0.5) {
		return append([]string{}, items...)
	}
	out := make([]any, len(items))
	for i, s := range items {
		out[i] = s
	}
	return out
}

// words are one to four distinct words.
func (d draw) words() []string {
	var out []string
	for range 1 + d.intn(4) {
		if w := pickOf(d, genWords); !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// schema is the schema of one property.
func (d draw) schema(depth int) lab.Schema {
	n := 8
	if depth >= 3 {
		n = 5
	}
	switch d.intn(n) {
	case 0:
		s := lab.Schema{"type": "string"}
		if d.chance(0.5) {
			s["enum"] = d.list(d.words())
		}
		if d.chance(0.2) {
			s["minimum"] = d.bound(0) // bounds apply to numbers only
		}
		return s
	case 1, 2:
		return d.numberSchema(pickOf(d, []string{"integer", "number"}))
	case 3:
		return lab.Schema{"type": pickOf(d, []string{"boolean", "null"})}
	case 4:
		s := lab.Schema{}
		if d.chance(0.5) {
			s["minimum"] = d.bound(0)
		}
		if d.chance(0.5) {
			s["maximum"] = d.bound(8)
		}
		if d.chance(0.5) {
			s["enum"] = []any{pickOf(d, genWords), 2.0, true, nil, float32(0.5), 7}
		}
		return s
	case 5:
		s := lab.Schema{"type": "array", "items": d.schema(depth + 1)}
		if d.chance(0.2) {
			delete(s, "type")
		}
		return s
	}
	return d.objectSchema(depth)
}

// numberSchema is the schema of a number of type t, with bounds and an enum
// sometimes, both together often.
func (d draw) numberSchema(t string) lab.Schema {
	s := lab.Schema{"type": t}
	if d.chance(0.6) {
		s["minimum"] = d.bound(0)
	}
	if d.chance(0.6) {
		s["maximum"] = d.bound(18)
	}
	if d.chance(0.4) {
		enum := []any{}
		for range 1 + d.intn(4) {
			enum = append(enum, d.smallNumber())
		}
		s["enum"] = enum
	}
	return s
}

// objectSchema is the schema of an object.
func (d draw) objectSchema(depth int) lab.Schema {
	properties := lab.Schema{}
	var listed []string
	for range 1 + d.intn(5) {
		name := pickOf(d, genNames)
		if _, ok := properties[name]; ok {
			continue
		}
		properties[name] = d.schema(depth + 1)
		listed = append(listed, name)
	}
	s := lab.Schema{"properties": properties}
	if depth == 0 || d.chance(0.8) {
		s["type"] = "object"
	}
	var required []string
	for _, name := range listed {
		if d.chance(0.4) {
			required = append(required, name)
		}
	}
	if len(required) > 0 || d.chance(0.2) {
		s["required"] = d.list(required)
	}
	switch {
	case d.chance(0.45):
		s["additionalProperties"] = false
	case d.chance(0.1):
		s["additionalProperties"] = true
	}
	return s
}

// scalar is a string, a number, a boolean or null.
func (d draw) scalar() any {
	switch d.intn(5) {
	case 0, 1:
		return pickOf(d, genWords)
	case 2:
		return d.number()
	case 3:
		return d.chance(0.5)
	}
	return nil
}

// valueFor is a value that mostly keeps to schema.
func (d draw) valueFor(schema lab.Schema, depth int) any {
	if enum, ok := schema["enum"]; ok && d.chance(0.6) {
		switch e := enum.(type) {
		case []string:
			return pickOf(d, e)
		case []any:
			return pickOf(d, e)
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
			return d.scalar()
		}
	}
	switch t {
	case "string":
		return pickOf(d, genWords)
	case "integer", "number":
		return d.number()
	case "boolean":
		return d.chance(0.5)
	case "null":
		return nil
	case "array":
		items, _ := schema["items"].(lab.Schema)
		out := []any{}
		for range d.intn(4) {
			out = append(out, d.valueFor(items, depth+1))
		}
		return out
	}
	if d.chance(0.05) {
		return lab.Args(nil)
	}
	out := lab.Args{}
	properties, _ := schema["properties"].(lab.Schema)
	for _, name := range sortedKeys(properties) {
		if d.chance(0.7) {
			out[name] = d.valueFor(properties[name].(lab.Schema), depth+1)
		}
	}
	for _, name := range lab.Required(schema) {
		if _, ok := out[name]; !ok && d.chance(0.9) {
			out[name] = d.valueFor(properties[name].(lab.Schema), depth+1)
		}
	}
	return out
}

// mutate is value with one change that may break schema.
func (d draw) mutate(schema lab.Schema, value any) any {
	switch v := value.(type) {
	case map[string]any:
		properties, _ := schema["properties"].(lab.Schema)
		out := lab.CloneArgs(v)
		if out == nil {
			out = lab.Args{}
		}
		switch d.intn(4) {
		case 0:
			if keys := sortedKeys(out); len(keys) > 0 {
				delete(out, pickOf(d, keys))
			}
		case 1:
			out[pickOf(d, genNames)] = d.scalar()
		default:
			name := pickOf(d, genNames)
			if sub, ok := properties[name].(lab.Schema); ok {
				out[name] = d.mutate(sub, out[name])
			} else {
				out[name] = d.scalar()
			}
		}
		return out
	case []any:
		if len(v) > 0 && d.chance(0.7) {
			items, _ := schema["items"].(lab.Schema)
			out := append([]any{}, v...)
			i := d.intn(len(out))
			out[i] = d.mutate(items, out[i])
			return out
		}
	}
	if d.chance(0.1) {
		return []any{d.scalar()}
	}
	return d.scalar()
}

// valueGen generates one question: a schema of a tool's arguments, and a
// value that keeps to it or breaks it in one or two places.
var valueGen = rapid.Custom(func(t *rapid.T) generated {
	d := newDraw(t)
	schema := d.objectSchema(0)
	value := d.valueFor(schema, 0)
	for range d.intn(3) {
		value = d.mutate(schema, value)
	}
	return generated{schema: schema, value: value}
})

// generatedValueCases are the generated questions, smallest first.
func generatedValueCases() []generated {
	all := make([]generated, generatedValueCount)
	for seed := range all {
		all[seed] = valueGen.Example(seed)
	}
	size := func(g generated) int { return len(play.Show(g.schema)) + len(play.Show(g.value)) }
	slices.SortStableFunc(all, func(a, b generated) int { return size(a) - size(b) })
	return all
}

// generatedValueSets splits the generated questions into two data sets,
// every other one in each, so both run from small to large.
func generatedValueSets() []checkkit.Data[[]generated] {
	sets := []checkkit.Data[[]generated]{{Name: "generated questions, smallest first"}, {Name: "more generated questions, smallest first"}}
	for i, g := range generatedValueCases() {
		sets[i%2].Data = append(sets[i%2].Data, g)
	}
	return sets
}

func generatedValues() any {
	return mapSets(generatedValueSets(), func(g generated) play.Ask {
		return play.Ask{Schema: play.Of(g.schema), Value: play.Of(g.value)}
	})
}

func judgeGeneratedValues(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, generatedValueSets(), func(k int, cases []generated) {
		for i, g := range cases {
			got, want := both[play.Answer](c, yours, ref, k, i)
			j, err := judge(g.schema, g.value)
			if err != nil {
				c.KitFatalf("generated question %d: %v", i+1, err)
			}
			where := fmt.Sprintf("Generated question %d", i+1)
			agree(c, where, j, g.schema, g.value, want, true)
			compareAnswer(c, g.schema, g.value, where, got, want)
			if c.Failed() {
				return // the smallest difference only
			}
		}
	})
}
