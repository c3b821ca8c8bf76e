// A tool returns a JSON list of 40 field reports. Cut it at 360 characters,
// then cut it at whole items, and hand both to a program that parses JSON.
package main

import (
	"encoding/json"
	"fmt"
	"strings"

	harness "harnesslab/lessons/06-big-outputs"
)

func main() {
	districts := []string{"Aramu", "Dunmar", "Kessan", "Ostrel"}
	var reports []string
	for i := 1; i <= 40; i++ {
		reports = append(reports, fmt.Sprintf(`{"id": "R%d", "district": %q, "cases": %d, "note": "wells [%d, %d] checked"}`,
			i, districts[i%4], 3*i%17, i, i+1))
	}
	list := "[" + strings.Join(reports, ", ") + "]"
	fmt.Printf("the list: %d reports, %d characters\n\n", len(reports), len(list))

	cut := list[:360]
	var items []any
	err := json.Unmarshal([]byte(cut), &items)
	fmt.Println("cut at 360 characters, it ends:", cut[len(cut)-30:])
	fmt.Println("parsed:", err)

	kept, err := harness.CutItems(list, 360)
	fmt.Println()
	fmt.Println("cut at whole items:", kept)
	var envelope struct {
		Items          []map[string]any
		Total, Dropped int
	}
	err = json.Unmarshal([]byte(kept), &envelope)
	fmt.Printf("parsed: %v; %d items, %d of %d dropped\n", err, len(envelope.Items), envelope.Dropped, envelope.Total)
}
