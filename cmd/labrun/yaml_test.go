package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The module has no YAML parser, and the example manifests need only a
// little of YAML: block maps and lists, flow lists of plain scalars, quoted
// scalars, and literal (|) or folded (>) block scalars. parseYAML reads that
// subset into map[string]any, []any and string, and refuses what it does
// not understand (a tab in the indentation, a line indented where nothing
// may start, a key given twice), so that a manifest it accepts has the
// shape a YAML reader would see.

// yamlLine is one line of a document: its indentation, and its text
// without it.
type yamlLine struct {
	n      int // 1-based line number
	indent int
	text   string
	skip   bool // blank, or only a comment
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

// parseYAML parses one YAML document of the subset described above.
func parseYAML(src string) (any, error) {
	p := &yamlParser{}
	for n, raw := range strings.Split(src, "\n") {
		body := strings.TrimLeft(raw, " ")
		if strings.HasPrefix(body, "\t") {
			return nil, fmt.Errorf("line %d: a tab in the indentation", n+1)
		}
		trimmed := strings.TrimSpace(body)
		p.lines = append(p.lines, yamlLine{n: n + 1, indent: len(raw) - len(body), text: strings.TrimRight(body, " "),
			skip: trimmed == "" || strings.HasPrefix(trimmed, "#")})
	}
	v, err := p.node(0)
	if err != nil {
		return nil, err
	}
	if l, ok := p.peek(); ok {
		return nil, fmt.Errorf("line %d: %q is indented where nothing may start", l.n, l.text)
	}
	return v, nil
}

// peek returns the next line that is not blank or a comment.
func (p *yamlParser) peek() (yamlLine, bool) {
	for p.i < len(p.lines) && p.lines[p.i].skip {
		p.i++
	}
	if p.i == len(p.lines) {
		return yamlLine{}, false
	}
	return p.lines[p.i], true
}

// node parses the block that starts at the next line, if it is indented at
// least min; nil when there is none.
func (p *yamlParser) node(min int) (any, error) {
	l, ok := p.peek()
	if !ok || l.indent < min {
		return nil, nil
	}
	if isItem(l.text) {
		return p.list(l.indent)
	}
	return p.mapping(l.indent)
}

func isItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

// splitKey splits "key: value" or "key:"; ok is false for a plain scalar.
func splitKey(text string) (key, value string, ok bool) {
	if k, v, found := strings.Cut(text, ": "); found && !strings.ContainsAny(k, `"'[{`) {
		return k, strings.TrimSpace(v), true
	}
	if k, found := strings.CutSuffix(text, ":"); found && !strings.ContainsAny(k, ` "'[{`) {
		return k, "", true
	}
	return "", "", false
}

func (p *yamlParser) mapping(indent int) (any, error) {
	m := map[string]any{}
	for {
		l, ok := p.peek()
		if !ok || l.indent < indent || (l.indent == indent && isItem(l.text)) {
			return m, nil
		}
		if l.indent > indent {
			return nil, fmt.Errorf("line %d: %q is indented where nothing may start", l.n, l.text)
		}
		key, value, isKey := splitKey(l.text)
		if !isKey {
			return nil, fmt.Errorf("line %d: %q is not key: value", l.n, l.text)
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("line %d: key %q given twice", l.n, key)
		}
		p.i++
		v, err := p.value(value, indent, true)
		if err != nil {
			return nil, fmt.Errorf("line %d, %s: %w", l.n, key, err)
		}
		m[key] = v
	}
}

func (p *yamlParser) list(indent int) (any, error) {
	var out []any
	for {
		l, ok := p.peek()
		if !ok || l.indent < indent || !isItem(l.text) {
			return out, nil
		}
		if l.indent > indent {
			return nil, fmt.Errorf("line %d: %q is indented where nothing may start", l.n, l.text)
		}
		rest := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		if _, _, isKey := splitKey(rest); isKey {
			// "- key: value" opens a mapping whose keys stand where key does.
			p.lines[p.i].indent, p.lines[p.i].text = indent+2, rest
			v, err := p.mapping(indent + 2)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		p.i++
		v, err := p.value(rest, indent, false)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", l.n, err)
		}
		out = append(out, v)
	}
}

// value is what follows "key:" or "-" on a line indented indent: a nested
// block, a block scalar, or a scalar. A key's nested list may stand at the
// key's own indentation.
func (p *yamlParser) value(text string, indent int, ofKey bool) (any, error) {
	switch {
	case text == "":
		if l, ok := p.peek(); ok && ofKey && l.indent == indent && isItem(l.text) {
			return p.list(indent)
		}
		return p.node(indent + 1)
	case text == "|" || text == "|-" || text == ">" || text == ">-":
		return p.blockScalar(indent, text[0] == '>'), nil
	}
	return scalar(text)
}

// blockScalar takes the lines indented more than indent (and blank ones)
// as text: kept line by line, or folded into one line.
func (p *yamlParser) blockScalar(indent int, folded bool) string {
	var lines []string
	body := -1
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		if strings.TrimSpace(l.text) != "" && l.indent <= indent {
			break
		}
		if body < 0 && strings.TrimSpace(l.text) != "" {
			body = l.indent
		}
		line := ""
		if l.indent >= body && body >= 0 {
			line = strings.Repeat(" ", l.indent-body) + l.text
		}
		lines = append(lines, line)
		p.i++
	}
	text := strings.TrimRight(strings.Join(lines, "\n"), "\n")
	if folded {
		return strings.Join(strings.Fields(text), " ")
	}
	return text + "\n"
}

// scalar reads a plain, quoted or flow-list scalar.
func scalar(text string) (any, error) {
	switch {
	case strings.HasPrefix(text, "["):
		inner, ok := strings.CutSuffix(text, "]")
		if !ok {
			return nil, fmt.Errorf("flow list %q does not end in ]", text)
		}
		var out []any
		for _, part := range strings.Split(strings.TrimPrefix(inner, "["), ",") {
			v, err := scalar(strings.TrimSpace(part))
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case strings.HasPrefix(text, `"`):
		s, err := strconv.Unquote(text)
		if err != nil {
			return nil, fmt.Errorf("quoted scalar %s: %v", text, err)
		}
		return s, nil
	case strings.HasPrefix(text, "'"):
		s, ok := strings.CutSuffix(text[1:], "'")
		if !ok {
			return nil, fmt.Errorf("quoted scalar %s does not end in '", text)
		}
		return strings.ReplaceAll(s, "''", "'"), nil
	case strings.HasPrefix(text, "{"), strings.HasPrefix(text, "&"), strings.HasPrefix(text, "*"), strings.HasPrefix(text, "!"):
		return nil, fmt.Errorf("%q: flow maps, anchors and tags are beyond this reader", text)
	}
	if i := strings.Index(text, " #"); i >= 0 {
		text = strings.TrimSpace(text[:i])
	}
	return text, nil
}
