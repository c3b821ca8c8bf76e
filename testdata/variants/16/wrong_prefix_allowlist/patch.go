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
	trimmed := strings.TrimSpace(command)
	if strings.HasPrefix(trimmed, "go test") || strings.HasPrefix(trimmed, "go vet") {
		return strings.Fields(command), nil
	}
	return nil, fmt.Errorf(commandRefused, command)
	// --- end ---
}
