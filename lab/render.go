package lab

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RenderRequest returns the exact text a request is billed for:
//
//	system: <system>
//	tools:
//	<one JSON object per tool spec>
//	messages:
//	<one JSON object per message>
//
// Each object has its keys sorted and is written with ", " and ": " between
// its parts; a message carries only the wire keys of its role.
func RenderRequest(system string, messages []Message, tools []Spec) string {
	var b strings.Builder
	b.WriteString("system: " + system + "\ntools:\n")
	for _, spec := range tools {
		b.WriteString(EncodeJSON(specWire(spec)) + "\n")
	}
	b.WriteString("messages:\n")
	for _, m := range messages {
		b.WriteString(EncodeJSON(messageWire(m)) + "\n")
	}
	return b.String()
}

// CountTokens returns the lab's token count for text: one token for every
// four characters, rounded up.
func CountTokens(text string) int {
	return (utf8.RuneCountInString(text) + 3) / 4
}

func specWire(s Spec) map[string]any {
	params := s.Parameters
	if params == nil {
		params = Schema{}
	}
	return map[string]any{"name": s.Name, "description": s.Description, "parameters": params}
}

func messageWire(m Message) map[string]any {
	switch m.Role {
	case RoleAssistant:
		return map[string]any{"role": string(m.Role), "content": blocksWire(m.Blocks)}
	case RoleToolResult:
		// is_error is always sent, false on success, as the reference agent
		// sends it and as the seed's figures (297, 168) count it.
		return map[string]any{"role": string(m.Role), "content": m.Content,
			"tool_call_id": m.ToolCallID, "tool_name": m.ToolName, "is_error": m.IsError}
	default:
		return map[string]any{"role": string(m.Role), "content": m.Content}
	}
}

func blocksWire(blocks []Block) []any {
	out := make([]any, 0, len(blocks))
	for _, b := range blocks {
		switch b.Type {
		case ToolCallBlock:
			args := b.Arguments
			if args == nil {
				args = Args{}
			}
			out = append(out, map[string]any{"type": string(b.Type), "id": b.ID,
				"name": b.Name, "arguments": args})
		default:
			out = append(out, map[string]any{"type": string(b.Type), "text": b.Text})
		}
	}
	return out
}

// EncodeJSON writes v as one line of JSON the way the lab bills it: object keys
// sorted, ", " between items and ": " after keys, and every character outside
// printable ASCII escaped. Values that are not plain JSON values (structs,
// typed slices) are first turned into them through encoding/json.
func EncodeJSON(v any) string {
	var b strings.Builder
	encodeValue(&b, v)
	return b.String()
}

func encodeValue(b *strings.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		encodeString(b, v)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(formatFloat(v))
	case json.Number:
		b.WriteString(v.String())
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			encodeString(b, k)
			b.WriteString(": ")
			encodeValue(b, v[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			encodeValue(b, x)
		}
		b.WriteByte(']')
	case []string:
		items := make([]any, len(v))
		for i, s := range v {
			items[i] = s
		}
		encodeValue(b, items)
	default:
		encodeValue(b, plain(v))
	}
}

// plain turns any value into plain JSON values through encoding/json.
func plain(v any) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Func || rv.Kind() == reflect.Chan {
		return fmt.Sprintf("<%s cannot be written as JSON>", rv.Type())
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<%T cannot be written as JSON: %v>", v, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return fmt.Sprintf("<%T cannot be written as JSON: %v>", v, err)
	}
	return out
}

func formatFloat(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e16 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func encodeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(b, `\u%04x`, r)
		}
	}
	b.WriteByte('"')
}
