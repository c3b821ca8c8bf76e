package harness

// AllowCommand is the allow-list of commands. It splits command into words
// (any run of spaces or tabs separates two words) and returns them when they
// have one of these shapes, and nothing else:
//
//	go test [-v] [PATTERN...]
//	go vet [PATTERN...]
//
// where each PATTERN is a package pattern inside the module: ".", "./...",
// "./calc" or "./calc/...". Every other command is an error, commandRefused
// with the command as the model wrote it.
func AllowCommand(command string) ([]string, error) {
	// --- your code ---
	words := strings.Fields(command)
	refused := fmt.Errorf(commandRefused, command)
	if len(words) < 2 || words[0] != "go" || (words[1] != "test" && words[1] != "vet") {
		return nil, refused
	}
	rest := words[2:]
	if words[1] == "test" && len(rest) > 0 && rest[0] == "-v" {
		rest = rest[1:]
	}
	for _, word := range rest {
		if !strings.HasPrefix(word, ".") || strings.Contains(word, "../") || strings.ContainsAny(word, ";&|$ ") {
			return nil, refused
		}
	}
	return words, nil
	// --- end ---
}
