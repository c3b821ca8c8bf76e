package harness

// CutItems cuts a JSON array down to whole items. It keeps the first items,
// in order, each written compactly (json.Compact), for as long as the kept
// items written as one compact array stay within maxChars characters (as len
// counts them: bytes), and
// stops at the first item that does not fit. It returns them in
// itemsEnvelope. A text that is not a JSON array is an error that says so.
func CutItems(list string, maxChars int) (string, error) {
	// --- your code ---
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(list), &items); err != nil || items == nil {
		return "", fmt.Errorf("not a JSON array: %q", clip(list))
	}
	kept := make([]string, 0, len(items))
	size := 2 // the brackets
	for _, item := range items {
		var compact bytes.Buffer
		if err := json.Compact(&compact, item); err != nil {
			return "", fmt.Errorf("not a JSON array: %q", clip(list))
		}
		grow := compact.Len()
		if len(kept) > 0 {
			grow++ // the comma before it
		}
		if size+grow >= maxChars {
			break
		}
		kept = append(kept, compact.String())
		size += grow
	}
	array := "[" + strings.Join(kept, ",") + "]"
	return fmt.Sprintf(itemsEnvelope, array, len(items), len(items)-len(kept)), nil
	// --- end ---
}
