package checkkit

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"

	"harnesslab/lab"
)

// Option tunes a comparison; it is go-cmp's option type.
type Option = cmp.Option

// Differences compares want with got using go-cmp and returns one sentence per
// difference, naming where it is in words:
//
//	message 2, field Content: expected "PORT = 9090\n", got ""
//	message 3: expected toolResult c2 -> "PORT = 7070\n", got nothing
//
// go-cmp's own Diff text is deliberately unstable, so the words are built from
// its reporter interface instead. No difference gives an empty slice.
func Differences(want, got any, opts ...Option) []string {
	r := &wordReporter{}
	cmp.Equal(want, got, append(opts, cmp.Reporter(r))...)
	return r.lines
}

type wordReporter struct {
	path  cmp.Path
	lines []string
}

func (r *wordReporter) PushStep(ps cmp.PathStep) { r.path = append(r.path, ps) }
func (r *wordReporter) PopStep()                 { r.path = r.path[:len(r.path)-1] }

const maxDifferences = 8

func (r *wordReporter) Report(rs cmp.Result) {
	if rs.Equal() {
		return
	}
	if len(r.lines) == maxDifferences {
		r.lines = append(r.lines, "(more differences not shown)")
	}
	if len(r.lines) > maxDifferences {
		return
	}
	want, got := r.path.Last().Values()
	where := pathWords(r.path)
	var line string
	switch {
	case !want.IsValid():
		line = fmt.Sprintf("expected nothing, got %s", describe(got))
	case !got.IsValid():
		line = fmt.Sprintf("expected %s, got nothing", describe(want))
	default:
		line = fmt.Sprintf("expected %s, got %s", describe(want), describe(got))
	}
	if where != "" {
		line = where + ": " + line
	}
	r.lines = append(r.lines, line)
}

// pathWords names a place in a value: "message 2, field Content".
func pathWords(p cmp.Path) string {
	var parts []string
	for _, step := range p {
		switch s := step.(type) {
		case cmp.SliceIndex:
			i := s.Key()
			if i < 0 {
				wx, wy := s.SplitKeys()
				i = max(wx, wy)
			}
			parts = append(parts, itemNoun(s.Type())+" "+strconv.Itoa(i))
		case cmp.StructField:
			parts = append(parts, "field "+s.Name())
		case cmp.MapIndex:
			parts = append(parts, fmt.Sprintf("key %s", describe(s.Key())))
		}
	}
	return strings.Join(parts, ", ")
}

func itemNoun(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[lab.Message]():
		return "message"
	case reflect.TypeFor[lab.Block]():
		return "block"
	case reflect.TypeFor[lab.Spec](), reflect.TypeFor[lab.Tool]():
		return "tool"
	case reflect.TypeFor[lab.Request]():
		return "request"
	}
	return "item"
}

// describe writes a value the way a student reads it.
func describe(v reflect.Value) string {
	if !v.IsValid() {
		return "nothing"
	}
	if v.CanInterface() {
		switch x := v.Interface().(type) {
		case lab.Message:
			return lab.Show([]lab.Message{x})
		case lab.Block:
			return lab.ShowBlock(x)
		case []lab.Message:
			if x == nil {
				return "no messages"
			}
			return "[" + strings.ReplaceAll(lab.Show(x), "\n", "; ") + "]"
		case []lab.Block:
			if x == nil {
				return "no blocks"
			}
			parts := make([]string, len(x))
			for i, b := range x {
				parts[i] = lab.ShowBlock(b)
			}
			return "[" + strings.Join(parts, ", ") + "]"
		case string:
			return Quote(x)
		case lab.Role:
			return strconv.Quote(string(x))
		case lab.BlockType:
			return strconv.Quote(string(x))
		}
	}
	switch v.Kind() {
	case reflect.String:
		return Quote(v.String())
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			return "nil"
		}
		if v.CanInterface() {
			return lab.EncodeJSON(v.Interface())
		}
	}
	if v.CanInterface() {
		return fmt.Sprintf("%v", v.Interface())
	}
	return v.String()
}

// Quote quotes s for a failure message, shortening a long text in the middle.
func Quote(s string) string {
	const limit = 160
	if len(s) > limit {
		s = s[:limit/2] + " ... " + s[len(s)-limit/2:]
	}
	return strconv.Quote(s)
}
