package sandbox

import (
	"fmt"
	"os"
)

// gateShell runs the gate: a shell that waits for the word "open" on
// descriptor 3, then closes it and execs the command in its own place.
const gateShell = "/bin/sh"

// gateScript is the gate. A gate closed without the word (its parent died)
// exits with status 125 and never starts the command.
const gateScript = `IFS= read -r word <&3 && [ "$word" = open ] || exit 125; exec "$@" 3<&-`

// gateArgs are the arguments of gateShell that run the command at path
// behind the gate. The command's argv[0] becomes its path.
func gateArgs(path string, argv []string) []string {
	return append([]string{"-c", gateScript, "sh", path}, argv[1:]...)
}

// openGate sets the limits on the gate, the process pid, and then lets it
// exec the command, which inherits them: no instruction of the command runs
// before its limits are set. It closes gate either way.
func openGate(pid int, lim limits, gate *os.File) error {
	defer gate.Close()
	if err := lim.applyTo(pid); err != nil {
		return err
	}
	if _, err := gate.WriteString("open\n"); err != nil {
		return fmt.Errorf("open the gate: %v", err)
	}
	return nil
}
