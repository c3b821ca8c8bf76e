package harness

// UncitedFigures returns the figures of answer that no tool result backs,
// in the order they appear. A figure is backed when the first citation after
// it names a call whose result, not an error, holds that same figure. The
// digits inside a citation are not figures, and neither are the digits of
// personal data (what Redact replaces): a phone number is not a claim to
// cite, and a figure is written to the log, where personal data must not go.
func UncitedFigures(answer string, messages []lab.Message) []string {
	// --- your code ---
	backs := func(id, fig string) bool {
		for _, m := range messages {
			if m.Role == lab.RoleToolResult && m.ToolCallID == id {
				return contains(figure.FindAllString(m.Content, -1), fig)
			}
		}
		return false
	}
	var uncited []string
	cites := citation.FindAllStringSubmatchIndex(answer, -1)
	plain := citation.ReplaceAllStringFunc(answer, func(c string) string { return strings.Repeat(" ", len(c)) })
	plain = personal.ReplaceAllStringFunc(plain, func(match string) string {
		if _, found := Redact(match); len(found) > 0 {
			return strings.Repeat(" ", len(match))
		}
		return match
	})
	for _, at := range figure.FindAllStringIndex(plain, -1) {
		id := ""
		for _, c := range cites {
			if c[0] >= at[1] {
				id = answer[c[2]:c[3]]
				break
			}
		}
		if fig := plain[at[0]:at[1]]; !backs(id, fig) {
			uncited = append(uncited, fig)
		}
	}
	return uncited
	// --- end ---
}
