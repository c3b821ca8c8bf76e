package play

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Source is a Go file with one struct type of a tool's arguments in it, and
// the name a tool made of it gets.
type Source struct {
	Tool string `json:"tool,omitempty"`
	Name string `json:"name"`
	Src  string `json:"src"`
}

// Struct reads the struct named in s with the kit's ReadStruct. A source that
// does not read is the kit's mistake.
func (s Source) Struct(c *checkkit.C) lab.GoStruct {
	st, err := lab.ReadStruct(s.Src, s.Name)
	if err != nil {
		c.KitFatalf("the struct %s did not read: %v", s.Name, err)
	}
	return st
}

// Schemaed is what SchemaOf returned: the schema as the JSON the model reads
// ("" for none) and the error's words.
type Schemaed struct {
	Schema string  `json:"schema"`
	Err    *string `json:"err"`
}

// Tooled is what ToolOf returned, and what its Execute did when called once
// with {"query": "x"}.
type Tooled struct {
	Err         *string `json:"err"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Parameters  string  `json:"parameters"`
	HasExecute  bool    `json:"hasExecute"`
	Runs        int     `json:"runs"`
	Out         string  `json:"out"`
	ExecErr     *string `json:"execErr"`
}

// Made is what SchemaOf and ToolOf did with one source.
type Made struct {
	Schema Schemaed `json:"schema"`
	Tool   Tooled   `json:"tool"`
}

// errText is err's words, or nil.
func errText(err error) *string {
	if err == nil {
		return nil
	}
	s := err.Error()
	return &s
}

// schemaOf hands s's struct to SchemaOf.
func schemaOf(c *checkkit.C, s Source) Schemaed {
	schema, err := S.SchemaOf(s.Struct(c))
	out := Schemaed{Err: errText(err)}
	if schema != nil {
		out.Schema = lab.EncodeJSON(schema)
	}
	return out
}

// toolOf hands s's struct to ToolOf, and calls the tool's Execute once.
func toolOf(c *checkkit.C, s Source) Tooled {
	runs := 0
	execute := func(args lab.Args) (string, error) { runs++; return "ran with " + lab.EncodeJSON(args), nil }
	tool, err := S.ToolOf(s.Tool, s.Struct(c), execute)
	out := Tooled{Err: errText(err), Name: tool.Name, Description: tool.Description, HasExecute: tool.Execute != nil}
	if tool.Parameters != nil {
		out.Parameters = lab.EncodeJSON(tool.Parameters)
	}
	if tool.Execute != nil {
		text, err := tool.Execute(lab.Args{"query": "x"})
		out.Out, out.ExecErr = text, errText(err)
	}
	out.Runs = runs
	return out
}

// playSources hands every source of the scenario to SchemaOf.
func playSources(c *checkkit.C) {
	eachItem(c, func(key string, s Source) { c.Observe(key, schemaOf(c, s)) })
}

// playTools hands every source of the scenario to SchemaOf and to ToolOf.
func playTools(c *checkkit.C) {
	eachItem(c, func(key string, s Source) { c.Observe(key, Made{Schema: schemaOf(c, s), Tool: toolOf(c, s)}) })
}
