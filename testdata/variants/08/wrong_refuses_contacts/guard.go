package harness

// CheckInput returns an error if the question must not be sent: it is blank,
// longer than MaxInput characters, or holds a card number.
func CheckInput(text string) error {
	// --- your code ---
	if strings.TrimSpace(text) == "" {
		return errors.New("the question is empty")
	}
	if n := utf8.RuneCountInString(text); n > MaxInput {
		return fmt.Errorf("the question is %d characters long; the most this harness sends is %d", n, MaxInput)
	}
	if _, found := Redact(text); len(found) > 0 {
		return errors.New("the question holds a card number; take it out and ask again")
	}
	return nil
	// --- end ---
}
