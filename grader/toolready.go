package grader

// ToolchainCached reports whether the lesson's toolchain is kept from an
// earlier run and still good, so that CachedToolchain will not have to
// prepare it. A first run on a fresh machine prepares it, which can take
// about a minute while the go command fills its build cache: labrun says so
// before it starts.
func (k *Kit) ToolchainCached(l *Lesson) bool {
	return k.loadToolchain(l, k.toolchainCachePath(l)) != nil
}
