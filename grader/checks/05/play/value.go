package play

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

// Value is a Go value as a schema or a tool's arguments hold it, written so
// that JSON keeps its Go type: an int stays an int, a float32 a float32, a
// uint64 past 2^63 keeps every digit, a []string stays a []string and a nil
// map stays nil. Validate must answer the same whatever form a number or a
// list arrives in, so the scenario says which form it is.
type Value struct {
	// Go is the value's Go type: "nil", "bool", "string", "int", "int8",
	// "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
	// "uint64", "float32", "float64", "map", "[]any" or "[]string".
	Go string `json:"go"`
	// Text is a bool, a string or a number, as strconv writes it.
	Text string `json:"text,omitempty"`
	// Map holds a map's values by key; NilMap says the map is nil.
	Map    map[string]Value `json:"map,omitempty"`
	NilMap bool             `json:"nilMap,omitempty"`
	// List holds the items of a []any, Strings those of a []string.
	List    []Value  `json:"list,omitempty"`
	Strings []string `json:"strings,omitempty"`
}

// Of writes v as a Value. It takes the values JSON decoding and Go literals
// give: nil, bool, string, every int, uint and float type, map[string]any,
// []any and []string.
func Of(v any) Value {
	switch x := v.(type) {
	case nil:
		return Value{Go: "nil"}
	case bool:
		return Value{Go: "bool", Text: strconv.FormatBool(x)}
	case string:
		return Value{Go: "string", Text: x}
	case int:
		return Value{Go: "int", Text: strconv.FormatInt(int64(x), 10)}
	case int8:
		return Value{Go: "int8", Text: strconv.FormatInt(int64(x), 10)}
	case int16:
		return Value{Go: "int16", Text: strconv.FormatInt(int64(x), 10)}
	case int32:
		return Value{Go: "int32", Text: strconv.FormatInt(int64(x), 10)}
	case int64:
		return Value{Go: "int64", Text: strconv.FormatInt(x, 10)}
	case uint:
		return Value{Go: "uint", Text: strconv.FormatUint(uint64(x), 10)}
	case uint8:
		return Value{Go: "uint8", Text: strconv.FormatUint(uint64(x), 10)}
	case uint16:
		return Value{Go: "uint16", Text: strconv.FormatUint(uint64(x), 10)}
	case uint32:
		return Value{Go: "uint32", Text: strconv.FormatUint(uint64(x), 10)}
	case uint64:
		return Value{Go: "uint64", Text: strconv.FormatUint(x, 10)}
	case float32:
		return Value{Go: "float32", Text: strconv.FormatFloat(float64(x), 'g', -1, 32)}
	case float64:
		return Value{Go: "float64", Text: strconv.FormatFloat(x, 'g', -1, 64)}
	case map[string]any:
		if x == nil {
			return Value{Go: "map", NilMap: true}
		}
		out := Value{Go: "map", Map: make(map[string]Value, len(x))}
		for k, item := range x {
			out.Map[k] = Of(item)
		}
		return out
	case []any:
		out := Value{Go: "[]any"}
		for _, item := range x {
			out.List = append(out.List, Of(item))
		}
		return out
	case []string:
		return Value{Go: "[]string", Strings: append([]string(nil), x...)}
	}
	panic(fmt.Sprintf("play.Of: no Value for a %T", v))
}

// Value returns the Go value v describes, a new copy on every call. A
// description that does not read is the kit's mistake: it panics.
func (v Value) Value() any {
	out, err := v.value()
	if err != nil {
		panic("play: " + err.Error())
	}
	return out
}

// Args returns v as a tool's arguments: nil for a nil map or no value.
func (v Value) Args() map[string]any {
	if m, ok := v.Value().(map[string]any); ok {
		return m
	}
	return nil
}

func (v Value) value() (any, error) {
	switch v.Go {
	case "nil":
		return nil, nil
	case "bool":
		return strconv.ParseBool(v.Text)
	case "string":
		return v.Text, nil
	case "map":
		if v.NilMap {
			return map[string]any(nil), nil
		}
		out := make(map[string]any, len(v.Map))
		keys := make([]string, 0, len(v.Map))
		for k := range v.Map {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			item, err := v.Map[k].value()
			if err != nil {
				return nil, err
			}
			out[k] = item
		}
		return out, nil
	case "[]any":
		out := make([]any, len(v.List))
		for i, x := range v.List {
			item, err := x.value()
			if err != nil {
				return nil, err
			}
			out[i] = item
		}
		return out, nil
	case "[]string":
		return append(make([]string, 0, len(v.Strings)), v.Strings...), nil
	case "float32":
		f, err := strconv.ParseFloat(v.Text, 32)
		return float32(f), err
	case "float64":
		f, err := strconv.ParseFloat(v.Text, 64)
		if err == nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
			return nil, fmt.Errorf("float64 %s has no JSON", v.Text)
		}
		return f, err
	}
	if bits, ok := intBits[v.Go]; ok {
		n, err := strconv.ParseInt(v.Text, 10, bits)
		switch v.Go {
		case "int":
			return int(n), err
		case "int8":
			return int8(n), err
		case "int16":
			return int16(n), err
		case "int32":
			return int32(n), err
		}
		return n, err
	}
	if bits, ok := uintBits[v.Go]; ok {
		n, err := strconv.ParseUint(v.Text, 10, bits)
		switch v.Go {
		case "uint":
			return uint(n), err
		case "uint8":
			return uint8(n), err
		case "uint16":
			return uint16(n), err
		case "uint32":
			return uint32(n), err
		}
		return n, err
	}
	return nil, fmt.Errorf("no Go type %q", v.Go)
}

var (
	intBits  = map[string]int{"int": 64, "int8": 8, "int16": 16, "int32": 32, "int64": 64}
	uintBits = map[string]int{"uint": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}
)
