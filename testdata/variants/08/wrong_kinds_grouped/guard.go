package harness

// Redact returns text with every phone number, e-mail address and card
// number replaced by its mark, and the kind of each one replaced, in the
// order they appear. A run of digits that fails the Luhn check is not a card
// number, and stays.
func Redact(text string) (string, []string) {
	// --- your code ---
	var emails, phones, cards []string
	clean := personal.ReplaceAllStringFunc(text, func(match string) string {
		switch {
		case strings.Contains(match, "@"):
			emails = append(emails, Email)
			return EmailMark
		case strings.HasPrefix(match, "+"):
			phones = append(phones, Phone)
			return PhoneMark
		case Luhn(match):
			cards = append(cards, Card)
			return CardMark
		}
		return match
	})
	found := append(append(emails, phones...), cards...)
	return clean, found
	// --- end ---
}
