// The Luhn check, digit by digit, on a test card number and on the same
// number with its last digit changed.
package main

import (
	"fmt"
	"strings"

	harness "harnesslab/lessons/08-guardrails"
)

// walk prints each digit from the right, doubled or not, and the sum.
func walk(number string) {
	digits := strings.NewReplacer(" ", "", "-", "").Replace(number)
	var shown []string
	sum := 0
	for i := 0; i < len(digits); i++ {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		shown = append(shown, fmt.Sprint(d))
	}
	fmt.Printf("%-22s from the right: %s  sum %d  Luhn: %v\n", number, strings.Join(shown, " "), sum, harness.Luhn(number))
}

func main() {
	walk("4111 1111 1111 1111")
	walk("4111 1111 1111 1112")
	walk("378282246310005")
	walk("2026 8482 9493 3634")
	walk("2026 5075 4944 8942")
}
