package play

import (
	"bytes"
	"encoding/json"
	"fmt"

	"harnesslab/lab"
)

// Memory is what the lesson's *Edits does: the methods the play calls.
type Memory interface {
	Track(read lab.Tool) lab.Tool
	EditTool() lab.Tool
	Undo(path string) error
}

// Adapt makes a Student of the lesson's functions, whatever the package's
// Edits and Result are: an Edits is called through its methods, and a Result
// is read field by field, by name, into the play's copy.
func Adapt[E Memory, R any](
	newEdits func(ws *lab.Workspace) E,
	runTool func(tools []lab.Tool, call lab.Block) lab.Message,
	chat func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, R),
) Student {
	return Student{
		NewEdits: func(ws *lab.Workspace) Edits {
			e := newEdits(ws)
			return Edits{Track: e.Track, EditTool: e.EditTool, Undo: e.Undo}
		},
		RunTool: runTool,
		Chat: func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result) {
			out, r := chat(model, messages, text, tools)
			return out, resultOf(r)
		},
	}
}

// resultOf copies the fields of a lesson's Result that the play's copy names.
func resultOf(v any) Result {
	var out Result
	data, err := json.Marshal(v)
	if err == nil {
		err = json.NewDecoder(bytes.NewReader(data)).Decode(&out)
	}
	if err != nil {
		panic(fmt.Sprintf("the Result Chat returned cannot be read: %v", err))
	}
	return out
}
