package sandbox

import (
	"path/filepath"
	"sort"
	"strings"
)

// sandboxUID is the user and group id the command runs as under bwrap. Any
// id but 0 makes the kernel drop every capability at the exec; it maps back
// to the caller's own id outside.
const sandboxUID = "65534"

// bwrapArgs is the bwrap command line (without "bwrap") that runs inner, the
// re-exec of this binary, isolated: new user, PID, network, IPC, UTS, mount
// and cgroup namespaces; no capabilities; the whole file system read-only;
// fresh /dev and /proc; a private /tmp; cfg.Dir the only writable folder.
// disableUserns adds --disable-userns (bwrap 0.8 and later).
func bwrapArgs(disableUserns bool, cfg Config, exe string, inner []string) []string {
	args := []string{
		"--unshare-all",  // user (try), pid, net, ipc, uts, cgroup (try)
		"--unshare-user", // required, not tried: --uid needs it
	}
	if disableUserns {
		args = append(args, "--disable-userns") // no further user namespaces, so no capabilities regained inside
	}
	// Run by root, bwrap leaves the command uid 0 with every capability in
	// its namespaces, enough to remount / read-write and write anywhere
	// (measured). A non-zero uid and no capabilities close that.
	args = append(args,
		"--uid", sandboxUID, "--gid", sandboxUID,
		"--cap-drop", "ALL",
		"--die-with-parent",
		"--new-session", // no controlling terminal to push input into (TIOCSTI)
		"--ro-bind", "/", "/",
		"--dev", "/dev",
		"--proc", "/proc",
		"--tmpfs", "/tmp",
	)
	args = append(args, mountArgs(cfg, exe)...)
	args = append(args, "--chdir", cfg.Dir, "--")
	return append(args, inner...)
}

// Kinds of mount, in the order they apply to one path: a later one wins.
const (
	mountHide = iota // an empty tmpfs over the path
	mountRO          // the path itself, read-only
	mountRW          // the path itself, writable
)

// mount is one path to hide or bind.
type mount struct {
	kind int
	path string
}

// mountArgs binds the Hidden, ReadOnly and Dir paths (and this binary, which
// may live under the private /tmp) parents first, so that a folder bound
// inside another one stays visible.
func mountArgs(cfg Config, exe string) []string {
	var ms []mount
	for _, p := range cfg.Hidden {
		ms = append(ms, mount{mountHide, p})
	}
	for _, p := range append([]string{exe}, cfg.ReadOnly...) {
		ms = append(ms, mount{mountRO, p})
	}
	ms = append(ms, mount{mountRW, cfg.Dir})
	sort.SliceStable(ms, func(i, j int) bool {
		di, dj := depth(ms[i].path), depth(ms[j].path)
		if di != dj {
			return di < dj
		}
		return ms[i].kind < ms[j].kind
	})
	var args []string
	seen := map[mount]bool{}
	for _, m := range ms {
		if m.path == "/" || seen[m] {
			continue // / is already bound read-only; binding it again would undo /dev, /proc and /tmp
		}
		seen[m] = true
		switch m.kind {
		case mountHide:
			args = append(args, "--tmpfs", m.path)
		case mountRO:
			args = append(args, "--ro-bind", m.path, m.path)
		case mountRW:
			args = append(args, "--bind", m.path, m.path)
		}
	}
	return args
}

// depth is the number of elements in a clean absolute path.
func depth(p string) int {
	p = filepath.Clean(p)
	if p == "/" {
		return 0
	}
	return strings.Count(p, "/")
}
