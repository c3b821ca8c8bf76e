//go:build linux && (mips || mipsle || mips64 || mips64le)

package sandbox

// rlimitNPROC is RLIMIT_NPROC, which package syscall does not define.
const rlimitNPROC = 8
