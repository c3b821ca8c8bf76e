// Command tiny is the baseline of cmd/labrun/bench/check-speed.sh: the smallest program
// that links lab and go-cmp, built after an edit to compare with labrun check.
package main

import (
	"fmt"

	"github.com/google/go-cmp/cmp"

	"harnesslab/lab"
)

func main() { fmt.Println(cmp.Diff(lab.User("a"), lab.User("b")), 0) }
