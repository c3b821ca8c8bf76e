package harness

// Preview returns what the model is sent instead of a big output: its first
// HeadLines lines, one marker line (cutMarker) that says what was cut and
// that artifact holds all of it, and its last TailLines lines, each exactly
// as the output has it. An output that is not big comes back unchanged.
func Preview(output, artifact string) string {
	// --- your code ---
	// Find where the head ends and the tail starts by counting newlines,
	// without building a list of lines.
	total := strings.Count(output, "\n")
	if !strings.HasSuffix(output, "\n") && output != "" {
		total++
	}
	if total <= HeadLines+TailLines {
		return output
	}
	headEnd := 0
	for range HeadLines {
		headEnd += strings.IndexByte(output[headEnd:], '\n') + 1
	}
	tailStart := len(output)
	if strings.HasSuffix(output, "\n") {
		tailStart--
	}
	for range TailLines {
		tailStart = strings.LastIndexByte(output[:tailStart], '\n')
	}
	tailStart++
	marker := fmt.Sprintf(cutMarker, total-HeadLines-TailLines, total, HeadLines, total-TailLines-1, artifact)
	return output[:headEnd] + marker + output[tailStart:]
	// --- end ---
}

// KeepBigOutputs returns copies of tools whose Execute keeps every big output
// whole in ws, at the next artifact path that holds no file yet (counting
// from outputs/1.log for this set of tools), and returns its Preview instead.
// Small outputs and failures come back exactly as the tool returned them.
// The caller's tools are left as they were.
func KeepBigOutputs(tools []lab.Tool, ws *lab.Workspace) []lab.Tool {
	// --- your code ---
	keeper := &outputKeeper{ws: ws}
	var wrapped []lab.Tool
	for _, tool := range tools {
		wrapped = append(wrapped, keeper.wrap(tool))
	}
	return wrapped
	// --- end ---
}

// outputKeeper keeps the big outputs of one set of tools.
type outputKeeper struct {
	ws   *lab.Workspace
	kept int
}

// wrap returns a copy of tool whose big outputs are kept and previewed.
func (k *outputKeeper) wrap(tool lab.Tool) lab.Tool {
	run := tool.Execute
	tool.Execute = func(args lab.Args) (string, error) {
		output, err := run(args)
		if err == nil && isBig(output) {
			path := k.next()
			k.ws.WriteText(path, output)
			output = Preview(output, path)
		}
		return output, err
	}
	return tool
}

// next returns the first artifact path after the last one used that holds
// no file.
func (k *outputKeeper) next() string {
	for {
		k.kept++
		path := artifactPath(k.kept)
		if _, there := k.ws.Peek(path); !there {
			return path
		}
	}
}

// CutItems cuts a JSON array down to whole items. It keeps the first items,
// in order, each written compactly (json.Compact), for as long as the kept
// items written as one compact array stay within maxChars characters (as len
// counts them: bytes), and
// stops at the first item that does not fit. It returns them in
// itemsEnvelope. A text that is not a JSON array is an error that says so.
func CutItems(list string, maxChars int) (string, error) {
	// --- your code ---
	// Read the array one item at a time with a decoder.
	dec := json.NewDecoder(strings.NewReader(list))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return "", fmt.Errorf("not a JSON array: %q", clip(list))
	}
	var array bytes.Buffer
	array.WriteByte('[')
	total, shown, full := 0, 0, false
	for dec.More() {
		var item json.RawMessage
		if err := dec.Decode(&item); err != nil {
			return "", fmt.Errorf("not a JSON array: %q", clip(list))
		}
		total++
		if full {
			continue
		}
		var one bytes.Buffer
		json.Compact(&one, item)
		comma := 0
		if shown > 0 {
			comma = 1
		}
		if array.Len()+comma+one.Len()+1 > maxChars {
			full = true
			continue
		}
		if comma == 1 {
			array.WriteByte(',')
		}
		array.Write(one.Bytes())
		shown++
	}
	if _, err := dec.Token(); err != nil {
		return "", fmt.Errorf("not a JSON array: %q", clip(list))
	}
	if _, err := dec.Token(); err == nil {
		return "", fmt.Errorf("not a JSON array: %q", clip(list))
	}
	array.WriteByte(']')
	return fmt.Sprintf(itemsEnvelope, array.String(), total, total-shown), nil
	// --- end ---
}

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
	if offset < 0 {
		return "", fmt.Errorf("offset must be 0 or more, got %d", offset)
	}
	if limit < 1 {
		return "", fmt.Errorf("limit must be 1 or more, got %d", limit)
	}
	all := splitLines(text)
	if len(all) == 0 && offset == 0 {
		return pageEmpty, nil
	}
	if offset >= len(all) {
		return "", fmt.Errorf("offset %d is past the end: the text has %d lines", offset, len(all))
	}
	if limit > PageLines {
		limit = PageLines
	}
	shown := all[offset:]
	if len(shown) > limit {
		shown = shown[:limit]
	}
	var b strings.Builder
	for _, line := range shown {
		b.WriteString(line)
	}
	if last := shown[len(shown)-1]; !strings.HasSuffix(last, "\n") {
		b.WriteString("\n")
	}
	next := offset + len(shown)
	if next == len(all) {
		fmt.Fprintf(&b, pageEnd, offset, next-1, len(all))
	} else {
		fmt.Fprintf(&b, pageMore, offset, next-1, len(all), next)
	}
	return b.String(), nil
	// --- end ---
}

// Search returns the lines of the workspace's files that contain query
// (case matters), file by file in the order ws.Paths gives, each line as
// hitLine: where it is and what it says, never more of the file. It returns
// at most MaxHits such lines, then hitsMore if there were more; hitsNone if
// there were none. An empty query is an error ("the query is empty: say what
// to search for"). Each file is read once.
func Search(ws *lab.Workspace, query string) (string, error) {
	// --- your code ---
	if len(query) == 0 {
		return "", fmt.Errorf("the query is empty: say what to search for")
	}
	var hits []string
	for _, path := range ws.Paths() {
		text, err := ws.ReadText(path)
		if err != nil {
			return "", err
		}
		for offset, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.Contains(line, query) {
				hits = append(hits, fmt.Sprintf(hitLine, path, offset, line))
			}
		}
	}
	if len(hits) == 0 {
		return fmt.Sprintf(hitsNone, query), nil
	}
	if len(hits) <= MaxHits {
		return strings.Join(hits, ""), nil
	}
	return strings.Join(hits[:MaxHits], "") + fmt.Sprintf(hitsMore, len(hits)-MaxHits), nil
	// --- end ---
}
