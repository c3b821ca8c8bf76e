package main

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPagerCommand(t *testing.T) {
	withLess := func(string) (string, error) { return "/usr/bin/less", nil }
	noLess := func(string) (string, error) { return "", errors.New("not found") }
	env := func(pager string) func(string) string {
		return func(k string) string {
			if k == "PAGER" {
				return pager
			}
			return ""
		}
	}
	for _, tc := range []struct {
		reason   string
		pager    string
		lookPath func(string) (string, error)
		want     []string
	}{
		{"$PAGER wins, run by the shell so it may carry flags", "most -s", withLess, []string{"/bin/sh", "-c", "most -s"}},
		{"without $PAGER, less -R keeps the colours", "", withLess, []string{"/usr/bin/less", "-R"}},
		{"a blank $PAGER counts as unset", "  ", withLess, []string{"/usr/bin/less", "-R"}},
		{"with neither, no pager: the text is written straight out", "", noLess, nil},
	} {
		got := pagerCommand(env(tc.pager), tc.lookPath)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: pagerCommand (-want +got):\n%s", tc.reason, diff)
		}
	}
}
