package checks

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/05/play"
)

// Generated structs for SchemaOf and ToolOf: every Go type the lesson gives
// a schema (each int and uint type, float32 and float64, slices of slices,
// pointers to slices) beside types it has none for, json tags with a name,
// with omitempty alone, with "-"; names in mixed case and in several
// alphabets; doc comments above a field, after it, over two lines, blank or
// missing. The student's SchemaOf and ToolOf must return what the
// reference's return, to the byte.

// generatedStructCount is how many structs the check reads, in two data
// sets.
const generatedStructCount = 120

var (
	genKnownTypes = []string{"string", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"float32", "float64", "bool", "[]string", "[]int", "[]float32", "[][]string", "*string", "*int64", "*float32", "[]*bool",
		"*[]string", "[]uint64"}
	genUnknownTypes = []string{"map[string]int", "struct{ A int }", "any", "error", "Date", "[]Date", "time.Duration", "[3]int", "*map[string]string"}
	genFieldNames   = []string{"Query", "Limit", "URL", "ID", "Größe", "Émigré", "Path", "PATH", "X", "MaxResults", "Ratio"}
	genTagNames     = []string{"query", "Limit", "名前", "café", "max_results", "PATH", "path", "größe"}
	genDocs         = []string{"Words to find.", "Größe in cm, über 10.", "東京の地区。", "How many, at most (1 to 50).", `The "exact" phrase.`}
	genStructDocs   = []string{"// Search this week's reports.\n", "// Suche in den Berichten: größer, schöner.\n",
		"// Fetch one page.\n// Use it for long results.\n", "//\n", "//   \n", ""}
	genToolNames = []string{"search_reports", "get_größe", "Fetch", "地図"}
)

// structGen generates one struct of a tool's arguments, as Go source.
var structGen = rapid.Custom(func(t *rapid.T) play.Source {
	d := newDraw(t)
	var b strings.Builder
	b.WriteString("package tools\n\n")
	b.WriteString(pickOf(d, genStructDocs))
	b.WriteString("type Args struct {\n")
	used := map[string]bool{}
	for range d.intn(7) {
		name := pickOf(d, genFieldNames)
		if d.chance(0.1) {
			r, size := utf8.DecodeRuneInString(name)
			name = string(unicode.ToLower(r)) + name[size:] // unexported
		}
		typ := pickOf(d, genKnownTypes)
		if d.chance(0.07) {
			typ = pickOf(d, genUnknownTypes)
		}
		tag, key := "", name
		switch d.intn(6) {
		case 0:
			key = pickOf(d, genTagNames)
			tag = key
		case 1:
			key = pickOf(d, genTagNames)
			tag = key + ",omitempty"
		case 2:
			tag = ",omitempty"
		case 3:
			if d.chance(0.4) {
				tag, key = "-", ""
			}
		}
		if used[name] || key != "" && used["json "+key] {
			continue
		}
		used[name], used["json "+key] = true, true
		doc, line := "", ""
		switch d.intn(5) {
		case 0:
			doc = "\t// " + pickOf(d, genDocs) + "\n"
		case 1:
			line = " // " + pickOf(d, genDocs)
		case 2:
			doc = "\t// " + pickOf(d, genDocs) + "\n\t// " + pickOf(d, genDocs) + "\n"
		}
		if tag != "" {
			tag = " `json:\"" + tag + "\"`"
		}
		fmt.Fprintf(&b, "%s\t%s %s%s%s\n", doc, name, typ, tag, line)
	}
	b.WriteString("}\n")
	return play.Source{Tool: pickOf(d, genToolNames), Name: "Args", Src: b.String()}
})

// generatedStructSets are the generated structs, shortest first, in two
// data sets.
func generatedStructSets() []checkkit.Data[[]play.Source] {
	all := make([]play.Source, generatedStructCount)
	for seed := range all {
		all[seed] = structGen.Example(seed)
	}
	slices.SortStableFunc(all, func(a, b play.Source) int { return len(a.Src) - len(b.Src) })
	sets := []checkkit.Data[[]play.Source]{{Name: "generated structs, shortest first"}, {Name: "more generated structs, shortest first"}}
	for i, s := range all {
		sets[i%2].Data = append(sets[i%2].Data, s)
	}
	return sets
}

func generatedStructs() any { return generatedStructSets() }

func judgeGeneratedStructs(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, generatedStructSets(), func(k int, sources []play.Source) {
		for i, s := range sources {
			got, want := both[play.Made](c, yours, ref, k, i)
			if want.Tool.Err == nil && want.Tool.Parameters != want.Schema.Schema {
				c.KitFatalf("the reference's ToolOf and SchemaOf disagree about this source:\n%s", indent(s.Src))
			}
			compareSchemaed(c, s.Name, s.Src, got.Schema, want.Schema)
			if !c.Failed() {
				compareTool(c, s.Tool, s.Name+", the struct read from this source:\n"+indent(s.Src)+"\n", got.Tool, want.Tool)
			}
			if c.Failed() {
				return // the smallest difference only
			}
		}
	})
}
