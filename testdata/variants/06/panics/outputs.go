package harness

// Page returns at most limit lines of text starting at line offset (counting
// from 0), exactly as the text has them, then a footer line: pageMore with
// the next offset when lines are left, pageEnd when the page reaches the end,
// pageEmpty for a text with no lines. A page that does not end with "\n" gets
// one before its footer. A limit above PageLines is read as PageLines. These
// are errors: an offset below 0 ("offset must be 0 or more, got -1"), a limit
// below 1 ("limit must be 1 or more, got 0"), and an offset at or past the
// end of a text that has lines ("offset 40 is past the end: the text has 40
// lines").
func Page(text string, offset, limit int) (string, error) {
	// --- your code ---
	lines := splitLines(text)
	switch {
	case limit < 1:
		return "", fmt.Errorf("limit must be 1 or more, got %d", limit)
	case len(lines) == 0 && offset == 0:
		return pageEmpty, nil
	case offset >= len(lines):
		return "", fmt.Errorf("offset %d is past the end: the text has %d lines", offset, len(lines))
	}
	end := min(offset+min(limit, PageLines), len(lines))
	page := strings.Join(lines[offset:end], "")
	if !strings.HasSuffix(page, "\n") {
		page += "\n"
	}
	if end < len(lines) {
		return page + fmt.Sprintf(pageMore, offset, end-1, len(lines), end), nil
	}
	return page + fmt.Sprintf(pageEnd, offset, end-1, len(lines)), nil
	// --- end ---
}
