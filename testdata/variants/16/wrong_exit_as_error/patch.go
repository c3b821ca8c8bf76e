package harness

// MakeRunCommandTool returns the run_command tool: the model gives one
// command, the allow-list decides, and commands runs what it allows, in ws.
// The tool returns "exit code N" on a line of its own, then the command's
// output, whether the command succeeded or not: failing tests are news for
// the model, not a failure of the tool. A refused command, or one commands
// could not run, is the tool's error.
func MakeRunCommandTool(ws *lab.Workspace, commands lab.Commands) lab.Tool {
	// --- your code ---
	return lab.Tool{
		Name:        "run_command",
		Description: "Run go test or go vet in the module, for example: go test ./... Returns the exit code and the output.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"command": lab.Schema{"type": "string", "description": "The command, such as go test ./... or go vet ./..."},
			},
			"required":             []string{"command"},
			"additionalProperties": false,
		},
		Execute: func(args lab.Args) (string, error) {
			command, _ := args["command"].(string)
			argv, err := AllowCommand(command)
			if err != nil {
				return "", err
			}
			out, err := commands.Run(ws, argv)
			if err != nil {
				return "", err
			}
			if out.ExitCode != 0 {
				return "", fmt.Errorf("exit code %d\n%s", out.ExitCode, out.Output)
			}
			return fmt.Sprintf("exit code %d\n%s", out.ExitCode, out.Output), nil
		},
	}
	// --- end ---
}
