package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
)

// Lab 1: cut it, say so. What Preview makes of one output.

func smallOutputsUntouched(c *checkkit.C) {
	type small struct {
		what, output string
	}
	checkkit.Scenarios(c, []checkkit.Data[[]small]{
		{Name: "short outputs, and exactly 20 lines", Data: []small{
			{"an empty output", ""},
			{"exactly 20 lines", numbered("", 20)},
			{"exactly 20 lines, the last with no \"\\n\"", strings.TrimSuffix(numbered("", 20), "\n")},
			{"3 lines", "ok  \tshop\t0.2s\nPASS\n\n"},
		}},
		{Name: "other short outputs", Data: []small{
			{"19 lines", numbered("  ", 19)},
			{"20 lines, some of them blank", strings.Repeat("PASS\n\n", 10)},
			{"one line with no \"\\n\"", "exit status 0"},
		}},
	}, func(outputs []small) {
		for _, tc := range outputs {
			got := S.Preview(tc.output, "outputs/1.log")
			if !sameText(c, fmt.Sprintf("Preview of %s should return it unchanged: only an output of more than "+
				"%d lines is cut.", tc.what, headLines+tailLines), tc.output, got) {
				return
			}
		}
	})
}

func previewKeepsHeadAndTail(c *checkkit.C) {
	type big struct {
		what, output, path string
	}
	checkkit.Scenarios(c, []checkkit.Data[[]big]{
		{Name: "21 lines, then a test run of 1,227 lines", Data: []big{
			{"21 lines (one more than a preview keeps)", numbered("", 21), "outputs/1.log"},
			{"a test run of 1,227 lines", testRun("shop/billing", 1227, map[int]string{250: "got 200, want 401", 512: "got 9.99, want 10.00"}), "outputs/2.log"},
		}},
		{Name: "other outputs, other paths", Data: []big{
			{"22 lines", numbered("> ", 22), "outputs/7.log"},
			{"a test run of 845 lines", testRun("shop/cart", 845, map[int]string{100: "coupon applied twice"}), "runs/cart.log"},
		}},
	}, func(outputs []big) {
		for _, tc := range outputs {
			got := S.Preview(tc.output, tc.path)
			if !sameText(c, fmt.Sprintf("Preview of %s, kept in %s, should be its first %d lines, then this marker line, "+
				"then its last %d lines:\n  %s", tc.what, tc.path, headLines, tailLines,
				strings.TrimSuffix(marker(tc.output, tc.path), "\n")), preview(tc.output, tc.path), got) {
				return
			}
		}
	})
}

func previewKeepsLinesAsTheyAre(c *checkkit.C) {
	type odd struct {
		what, output string
	}
	crlf := strings.ReplaceAll(numbered("", 30), "\n", "\r\n")
	checkkit.Scenarios(c, []checkkit.Data[[]odd]{
		{Name: "an output whose last line has no \"\\n\", and one with \"\\r\\n\"", Data: []odd{
			{"25 lines, the last with no \"\\n\"", strings.TrimSuffix(numbered("", 25), "\n")},
			{"21 lines, the last with no \"\\n\" (so only 20 \"\\n\", but still 21 lines: more than a preview keeps)",
				strings.TrimSuffix(numbered("", 21), "\n")},
			{"30 lines ending in \"\\r\\n\"", crlf},
		}},
		{Name: "blank lines and tabs", Data: []odd{
			{"40 lines, every other one blank", strings.Repeat("\tFAIL\n\n", 20)},
			{"23 lines, the last with no \"\\n\" and blank lines before it", numbered("", 20) + "\n\nexit status 1"},
			{"21 lines, the last \"exit status 1\" with no \"\\n\" (a last line counts even without its \"\\n\")",
				numbered("\t", 20) + "exit status 1"},
		}},
	}, func(outputs []odd) {
		for _, tc := range outputs {
			got := S.Preview(tc.output, "outputs/1.log")
			if !sameText(c, fmt.Sprintf("Preview of %s should keep its first and last lines exactly as they are, "+
				"blank lines, \"\\r\" and a missing last \"\\n\" included.", tc.what), preview(tc.output, "outputs/1.log"), got) {
				return
			}
		}
	})
}
