package harness

// ServeMCP serves tools to one MCP client: it reads requests from r, one per
// line, and writes one answer per request to w, until r ends. It answers
// initialize (MCPVersion, a tools capability, ServerName), ping, tools/list (every tool's
// name, description and inputSchema) and tools/call (the tool run through
// RunTool, its content as one text block, isError as RunTool says). Any
// other request gets the error CodeMethodNotFound; a line that is not JSON
// gets CodeParseError; notifications get no answer.
func ServeMCP(tools []lab.Tool, r io.Reader, w io.Writer) error {
	// --- your code ---
	in := bufio.NewReader(r)
	for {
		line, err := in.ReadBytes('\n')
		if !blank(line) {
			if answer := serveLine(tools, line); answer != nil {
				if werr := writeMessage(w, answer); werr != nil {
					return werr
				}
				if strings.Contains(string(line), `"tools/call"`) {
					return nil
				}
			}
		}
		if endOfStream(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read a request: %v", err)
		}
	}
	// --- end ---
}
