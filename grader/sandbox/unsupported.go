//go:build !linux

package sandbox

import (
	"context"
	"fmt"
	"runtime"
)

// Init must be the first call in the main of every program that calls Run.
// Outside Linux it only records that it was called.
func Init() { initCalled.Store(true) }

// detect reports that this system is not supported.
func detect() modeInfo {
	return modeInfo{mode: ModeUnsupported, warning: "sandbox: untrusted commands cannot be run on " + runtime.GOOS + ": only Linux is supported"}
}

// Run returns an error outside Linux.
func Run(ctx context.Context, cfg Config, argv []string) (Result, error) {
	return Result{}, fmt.Errorf("sandbox: run: not supported on %s", runtime.GOOS)
}
