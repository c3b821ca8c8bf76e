package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// pagerCommand returns the command that pages labrun's output: $PAGER, run
// by the shell as git and man do, else `less -R` when less is installed,
// else nil (no pager: the text is written straight out).
func pagerCommand(getenv func(string) string, lookPath func(string) (string, error)) []string {
	if p := strings.TrimSpace(getenv("PAGER")); p != "" {
		return []string{"/bin/sh", "-c", p}
	}
	if less, err := lookPath("less"); err == nil {
		return []string{less, "-R"}
	}
	return nil
}

// runPager feeds text to the pager, which draws on out, and waits until the
// reader quits it.
func runPager(text string, out, errOut io.Writer) error {
	argv := pagerCommand(os.Getenv, exec.LookPath)
	if argv == nil {
		_, err := io.WriteString(out, text)
		return err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = strings.NewReader(text)
	cmd.Stdout, cmd.Stderr = out, errOut
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("page the lesson with %q (set PAGER to another pager, or PAGER=cat for none): %v", strings.Join(argv, " "), err)
	}
	return nil
}
