package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// apply sets l on the current process, to be inherited by what it execs.
// A limit above the current hard limit is lowered to it (only root may raise
// a hard limit).
func (l limits) apply() error {
	nproc := l.NProc
	if uid := os.Getuid(); uid != 0 {
		// RLIMIT_NPROC counts every task (process or thread) of the real
		// user in this user namespace, not just our descendants: allow
		// MaxProcs more than there are, counting this process as the one
		// task it will be after the exec. Under bwrap the namespace is
		// new, so that is a handful; in the fallback it is the whole user.
		// For root the kernel does not enforce RLIMIT_NPROC at all; the
		// PID namespace and the kill of the whole group stop spawners.
		nproc += uint64(tasksOf(uid)) + 1
	}
	for _, r := range []struct {
		name       string
		resource   int
		soft, hard uint64
	}{
		{"RLIMIT_CORE", syscall.RLIMIT_CORE, 0, 0}, // no core files in Dir
		{"RLIMIT_FSIZE", syscall.RLIMIT_FSIZE, l.FSize, l.FSize},
		{"RLIMIT_NOFILE", syscall.RLIMIT_NOFILE, l.NoFile, l.NoFile},
		{"RLIMIT_NPROC", rlimitNPROC, nproc, nproc},
		{"RLIMIT_CPU", syscall.RLIMIT_CPU, l.CPU, l.CPU + 1},
		{"RLIMIT_DATA", syscall.RLIMIT_DATA, l.Data, l.Data},
		{"RLIMIT_AS", syscall.RLIMIT_AS, l.AS, l.AS},
	} {
		if err := setLimit(r.resource, r.soft, r.hard); err != nil {
			return fmt.Errorf("set %s to %d: %v", r.name, r.soft, err)
		}
	}
	return nil
}

// setLimit sets one resource limit, never above the current hard limit.
func setLimit(resource int, soft, hard uint64) error {
	var cur syscall.Rlimit
	if err := syscall.Getrlimit(resource, &cur); err != nil {
		return err
	}
	hard = min(hard, cur.Max)
	soft = min(soft, hard)
	return syscall.Setrlimit(resource, &syscall.Rlimit{Cur: soft, Max: hard})
}

// tasksOf counts the tasks (threads included, as RLIMIT_NPROC does) of the
// other processes in /proc owned by uid. It is a best-effort count:
// processes come and go while it reads.
func tasksOf(uid int) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n, self := 0, os.Getpid()
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err != nil || pid == self || !e.IsDir() {
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
