package lab

import "fmt"

// ChoiceMode says what a model may do with the tools of a request, as the
// providers' tool_choice setting does.
type ChoiceMode string

// The four tool choices. The zero Choice is auto: the model decides.
const (
	ChoiceAuto ChoiceMode = "auto" // the model may answer in words or call any tool
	ChoiceNone ChoiceMode = "none" // the model must answer in words
	ChoiceAny  ChoiceMode = "any"  // the model must call a tool, any of those offered
	ChoiceTool ChoiceMode = "tool" // the model must call the tool named in Choice.Tool
)

// Choice is a request's tool choice. The zero Choice means auto, and a
// ScriptedModel records auto as the zero Choice, so a request made with
// Complete and one made with CompleteWith(Choice{Mode: ChoiceAuto}, ...)
// look the same.
type Choice struct {
	Mode ChoiceMode
	Tool string // the tool the model must call, when Mode is ChoiceTool
}

// Force returns the choice that makes the model call the tool named name.
func Force(name string) Choice { return Choice{Mode: ChoiceTool, Tool: name} }

// String returns the choice as a provider would name it: auto, none, any or
// tool:NAME.
func (c Choice) String() string {
	switch c.Mode {
	case "", ChoiceAuto:
		return string(ChoiceAuto)
	case ChoiceTool:
		return "tool:" + c.Tool
	default:
		return string(c.Mode)
	}
}

// normal returns c with auto written as the zero Choice.
func (c Choice) normal() Choice {
	if c.Mode == ChoiceAuto || c.Mode == "" {
		return Choice{}
	}
	return c
}

// problem returns what a strict provider says about choice c with the tools
// specs, or "" when the choice can be honoured.
func (c Choice) problem(specs []Spec) string {
	switch c.Mode {
	case "", ChoiceAuto, ChoiceNone:
		return ""
	case ChoiceAny:
		if len(specs) == 0 {
			return "tool_choice: any needs at least one tool in tools"
		}
		return ""
	case ChoiceTool:
		for _, s := range specs {
			if s.Name == c.Tool {
				return ""
			}
		}
		return fmt.Sprintf("tool_choice: no tool called %q in tools", c.Tool)
	default:
		return fmt.Sprintf("tool_choice: unknown mode %q; use auto, none, any or tool", c.Mode)
	}
}

// Chooser is a model that also takes a tool choice. Not every Model is one:
// a harness that needs a forced choice asks with a type assertion,
// model.(lab.Chooser), and says what it does when the answer is no.
type Chooser interface {
	Model
	CompleteWith(choice Choice, system string, messages []Message, tools []Spec) Message
}

// CompleteWith answers one request made with a tool choice. The choice is
// recorded with the request (Request.Choice), so a script step and a check
// can see it; a choice that names a tool the request does not offer is
// refused, as providers refuse it. The script decides what the reply holds:
// a step that should obey the choice reads it from the request.
func (m *ScriptedModel) CompleteWith(choice Choice, system string, messages []Message, tools []Spec) Message {
	return m.complete(choice.normal(), system, messages, tools)
}

// CompleteWith sends the request and its choice on to the wrapped model, when
// it takes a choice, and records both sides as Complete does. A wrapped model
// that takes no choice is sent the request without it.
func (rm recordedModel) CompleteWith(choice Choice, system string, messages []Message, tools []Spec) Message {
	chooser, ok := rm.m.(Chooser)
	if !ok {
		return rm.Complete(system, messages, tools)
	}
	return rm.record(system, messages, tools, func() Message { return chooser.CompleteWith(choice, system, messages, tools) })
}
