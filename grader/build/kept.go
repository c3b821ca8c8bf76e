package build

import "harnesslab/grader"

// Kept returns the lesson's toolchain as an earlier run kept it,
// when it is still good, or nil: then a check prepares it, which on a fresh
// machine can take about a minute while the go command fills its build
// cache, and labrun says so before it starts. Pass it in Options.Toolchain
// so that the check does not look for it again.
func Kept(l *grader.Lesson) *Toolchain {
	return load(l, cachePath(l))
}
