package harness

// Redact returns text with every phone number, e-mail address and card
// number replaced by its mark, and the kind of each one replaced, in the
// order they appear. A run of digits that fails the Luhn check is not a card
// number, and stays.
func Redact(text string) (string, []string) {
	// --- your code ---
	found := foundSoFar
	clean := personal.ReplaceAllStringFunc(text, func(match string) string {
		switch {
		case strings.Contains(match, "@"):
			found = append(found, Email)
			return EmailMark
		case strings.HasPrefix(match, "+"):
			found = append(found, Phone)
			return PhoneMark
		case Luhn(match):
			found = append(found, Card)
			return CardMark
		}
		return match
	})
	foundSoFar = found
	return clean, found
	// --- end ---
}

// foundSoFar is what Redact has found.
var foundSoFar []string
