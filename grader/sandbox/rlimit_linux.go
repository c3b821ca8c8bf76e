package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// applyTo sets l on process pid (0: this process), to be inherited by what
// it execs. A limit above the current hard limit is lowered to it (only root
// may raise a hard limit).
func (l limits) applyTo(pid int) error {
	nproc := l.NProc
	if uid := os.Getuid(); uid != 0 {
		// RLIMIT_NPROC counts every task (process or thread) of the real
		// user in this user namespace, not just our descendants: allow
		// MaxProcs more than there are, counting the process as the one
		// task it will be after the exec. Under bwrap the namespace is
		// new, so that is a handful; in the fallback it is the whole user.
		// For root the kernel does not enforce RLIMIT_NPROC at all; the
		// PID namespace and the kill of the whole group stop spawners.
		self := pid
		if self == 0 {
			self = os.Getpid()
		}
		nproc += uint64(tasksOf(uid, self)) + 1
	}
	for _, r := range []struct {
		name       string
		resource   int
		soft, hard uint64
	}{
		{"RLIMIT_CORE", unix.RLIMIT_CORE, 0, 0}, // no core files in Dir
		{"RLIMIT_FSIZE", unix.RLIMIT_FSIZE, l.FSize, l.FSize},
		{"RLIMIT_NOFILE", unix.RLIMIT_NOFILE, l.NoFile, l.NoFile},
		{"RLIMIT_NPROC", unix.RLIMIT_NPROC, nproc, nproc},
		{"RLIMIT_CPU", unix.RLIMIT_CPU, l.CPU, l.CPU + 1},
		{"RLIMIT_DATA", unix.RLIMIT_DATA, l.Data, l.Data},
		{"RLIMIT_AS", unix.RLIMIT_AS, l.AS, l.AS},
	} {
		if err := setLimit(pid, r.resource, r.soft, r.hard); err != nil {
			return fmt.Errorf("set %s to %d: %v", r.name, r.soft, err)
		}
	}
	return nil
}

// setLimit sets one resource limit of process pid, never above its current
// hard limit.
func setLimit(pid, resource int, soft, hard uint64) error {
	var cur unix.Rlimit
	if err := unix.Prlimit(pid, resource, nil, &cur); err != nil {
		return err
	}
	hard = min(hard, cur.Max)
	soft = min(soft, hard)
	return unix.Prlimit(pid, resource, &unix.Rlimit{Cur: soft, Max: hard}, nil)
}

// tasksOf counts the tasks (threads included, as RLIMIT_NPROC does) of the
// processes in /proc owned by uid, other than except. It is a best-effort
// count: processes come and go while it reads.
func tasksOf(uid, except int) int { return tasksAmong(uid, except, nil) }

// tasksAmong is tasksOf counting only the processes whose pid keep accepts
// (all of them when keep is nil).
func tasksAmong(uid, except int, keep func(pid int) bool) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == except || !e.IsDir() || keep != nil && !keep(pid) {
			continue
		}
		info, err := os.Stat("/proc/" + e.Name())
		if err != nil {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != uid {
			continue
		}
		tasks, err := os.ReadDir("/proc/" + e.Name() + "/task")
		if err != nil {
			continue
		}
		n += len(tasks)
	}
	return n
}
