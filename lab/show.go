package lab

import (
	"strconv"
	"strings"
)

// Show returns a transcript of messages, one line each:
//
//	user -> "What port does config.py set?"
//	assistant -> "Let me look." + toolCall c1 read({"path": "config.py"})
//	toolResult c1 -> "PORT = 9090\n"
//
// A result that reports a failure reads "toolResult c1 (error) -> ...", and a
// refused request "assistant -> refused: 400 invalid_request: ...".
func Show(messages []Message) string {
	lines := make([]string, len(messages))
	for i, m := range messages {
		lines[i] = showMessage(m)
	}
	return strings.Join(lines, "\n")
}

func showMessage(m Message) string {
	switch m.Role {
	case RoleAssistant:
		if m.Error != "" {
			return "assistant -> refused: " + m.Error
		}
		if len(m.Blocks) == 0 {
			return "assistant -> (no content)"
		}
		parts := make([]string, len(m.Blocks))
		for i, b := range m.Blocks {
			parts[i] = ShowBlock(b)
		}
		return "assistant -> " + strings.Join(parts, " + ")
	case RoleToolResult:
		tag := ""
		if m.IsError {
			tag = " (error)"
		}
		return "toolResult " + m.ToolCallID + tag + " -> " + strconv.Quote(m.Content)
	default:
		return string(m.Role) + " -> " + strconv.Quote(m.Content)
	}
}

// ShowBlock returns one block as Show writes it: a quoted text, or
// `toolCall c1 read({"path": "config.py"})`.
func ShowBlock(b Block) string {
	if b.Type == ToolCallBlock {
		args := b.Arguments
		if args == nil {
			args = Args{}
		}
		return "toolCall " + b.ID + " " + b.Name + "(" + EncodeJSON(args) + ")"
	}
	if b.Type != TextBlock {
		return string(b.Type) + " " + strconv.Quote(b.Text)
	}
	return strconv.Quote(b.Text)
}
