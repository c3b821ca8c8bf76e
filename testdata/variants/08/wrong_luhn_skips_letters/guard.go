package harness

// Luhn reports whether number passes the Luhn check that card numbers carry
// in their last digit. Spaces and hyphens are ignored; any other character,
// or fewer than two digits, fails.
func Luhn(number string) bool {
	// --- your code ---
	digits := strings.Map(func(r rune) rune {
		if r < '0' || r > '9' {
			return -1
		}
		return r
	}, number)
	if len(digits) < 2 {
		return false
	}
	sum := 0
	for i := 0; i < len(digits); i++ {
		c := digits[len(digits)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
	// --- end ---
}
