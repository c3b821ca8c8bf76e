package play

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

func TestValueKeepsGoTypes(t *testing.T) {
	values := []any{
		nil, true, "café 東京", 20, int8(-3), int16(300), int32(-70000), int64(math.MinInt64), uint(7), uint8(255),
		uint16(65535), uint32(4000000000), uint64(math.MaxUint64), float32(0.25), float32(1e20), 20.0, 1e300, -4e20,
		map[string]any(nil), map[string]any{}, []any{}, []string{}, []string{"WASH", "wash"},
		map[string]any{"ids": []any{1, 2.5, float32(3)}, "Path": map[string]any{"名前": nil}},
	}
	for _, v := range values {
		data, err := json.Marshal(Of(v))
		if err != nil {
			t.Fatalf("Of(%#v) does not encode: %v", v, err)
		}
		var back Value
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("Of(%#v) does not decode: %v", v, err)
		}
		if got := back.Value(); !reflect.DeepEqual(got, v) {
			t.Errorf("%#v came back from JSON as %#v (%s)", v, got, data)
		}
	}
}

func TestValueGivesACopyEachTime(t *testing.T) {
	v := Of(map[string]any{"tags": []any{"a"}})
	first := v.Value().(map[string]any)
	first["tags"].([]any)[0] = "changed"
	if got := v.Value().(map[string]any)["tags"].([]any)[0]; got != "a" {
		t.Errorf("a change to one copy reached the next: %v", got)
	}
}
