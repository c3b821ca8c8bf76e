package main

import (
	"strings"
	"testing"

	"harnesslab/grader"
	"harnesslab/grader/build"
)

// TestPreparingNoticeSaysAMinuteOnce: the notice before a lesson's first
// check promises about a minute only when no lesson has been checked on
// this machine; once one has, a later lesson's first check says a few
// seconds, which is what it takes.
func TestPreparingNoticeSaysAMinuteOnce(t *testing.T) {
	kit, err := grader.FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	l, err := kit.Lesson("02")
	if err != nil {
		t.Fatal(err)
	}
	defer func(k func(*grader.Lesson) *build.Toolchain) { keptToolchain = k }(keptToolchain)

	keptToolchain = func(*grader.Lesson) *build.Toolchain { return nil }
	if got := preparingNotice(kit, l); !strings.Contains(got, "about a minute") {
		t.Errorf("with nothing kept, the notice = %q, want it to say about a minute", got)
	}
	keptToolchain = func(o *grader.Lesson) *build.Toolchain {
		if o.Number == "01" {
			return &build.Toolchain{}
		}
		return nil
	}
	got := preparingNotice(kit, l)
	if strings.Contains(got, "minute") || !strings.Contains(got, "a few seconds") || !strings.Contains(got, "lesson 02") {
		t.Errorf("with lesson 01 kept, the notice for lesson 02 = %q, want a few seconds and no minute", got)
	}
}
