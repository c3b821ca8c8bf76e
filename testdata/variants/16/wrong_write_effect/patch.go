package harness

// PatchEffects is the effect class of each of Patch's tools. run_command
// runs the module's code, which can do whatever its tests do: it is
// external, so a person is asked before each command runs.
var PatchEffects = map[string]Effect{
	"search":     Read,
	"read":       Read,
	"read_lines": Read,
	"edit":       Write,

	// --- your code ---
	"run_command": Write,
	// --- end ---
}
