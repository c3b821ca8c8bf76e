package harness

// RedactTools returns copies of tools whose results are redacted before
// anyone reads them: the text a tool returns, the text of its error, and the
// text of a panic. Every item redacted is one trigger in log, naming the
// tool. The tools handed in are left as they were.
func RedactTools(tools []lab.Tool, log *Log) []lab.Tool {
	// --- your code ---
	redact := func(name, text string) string {
		clean, found := Redact(text)
		for _, kind := range found {
			log.Add(RedactGuard, name, kind+" in "+text)
		}
		return clean
	}
	guarded := make([]lab.Tool, len(tools))
	for i, tool := range tools {
		execute := tool.Execute
		tool.Execute = func(args lab.Args) (out string, err error) {
			defer func() {
				if r := recover(); r != nil {
					out, err = "", errors.New(redact(tool.Name, fmt.Sprint(r)))
				}
			}()
			out, err = execute(args)
			out = redact(tool.Name, out)
			if err != nil {
				err = errors.New(redact(tool.Name, err.Error()))
			}
			return out, err
		}
		guarded[i] = tool
	}
	return guarded
	// --- end ---
}
