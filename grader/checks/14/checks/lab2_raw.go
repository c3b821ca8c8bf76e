package checks

import (
	"fmt"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
)

// rawSession judges one session written by hand, session i of run k: the
// answers are the reference's, one a line, ServeMCP returns nil at the end of
// its input, and no tool runs unless the reference's ran it. It returns
// false when the session differs.
func rawSession(c *checkkit.C, yours, ref checkkit.Observed, k, i int, s play.Session, sentence string) bool {
	key := play.ItemKey(k, "session", i)
	want := checkkit.Get[play.Raw](c, ref, key)
	wantSent, problems := lines("the reference's server", want.Wrote)
	if want.Error != nil || len(problems) > 0 {
		c.KitFatalf("the reference's server, handed %q, returned %s and wrote %q", s.What, said(want.Error), want.Wrote)
	}
	got := checkkit.Get[play.Raw](c, yours, key)
	before := c.Failed()
	sent, problems := lines("your server", got.Wrote)
	show := func() {
		c.Logf("%s: the check wrote these lines:\n%s", s.What, checkkit.Indent(strings.Join(s.Input, "\n")))
		if s.Unended {
			c.Logf("(the last line had no newline: the input ended right after it)")
		}
		c.Logf("your server wrote:\n%s", checkkit.Indent(got.Wrote))
		c.Logf("the reference's server wrote:\n%s", checkkit.Indent(want.Wrote))
	}
	for _, p := range problems {
		c.Errorf("%s: %s", s.What, p)
	}
	if got.Error != nil {
		c.Errorf("%s: ServeMCP returned the error %s; it should answer every line and return nil when its input ends.", s.What, checkkit.Quote(*got.Error))
	}
	if s.Unended {
		sentence += " The input ended right after the last request, with no newline: that request is a line all the same, " +
			"so answer what ReadBytes returned before you stop at the end of input."
	}
	c.Equal(s.What+": "+sentence, answers(wantSent), answers(sent))
	checkkit.SameToolRuns(c, s.What+": the tools that ran should be the ones the requests call, once each, in order.", want.Runs, toolRuns(got.Runs))
	if c.Failed() && !before {
		show()
		return false
	}
	return true
}

// judgeSessions judges every session of the check's scenario.
func judgeSessions(c *checkkit.C, yours, ref checkkit.Observed, sentence string) {
	each(c, func(k int, sessions []play.Session) {
		for i, s := range sessions {
			if !rawSession(c, yours, ref, k, i, s, sentence) {
				return
			}
		}
	})
}

// judgeServerRefusesUnknown: a request for a method the server does not
// offer gets the error -32601 with the request's own id; a notification gets
// no answer at all; the server goes on answering after both.
func judgeServerRefusesUnknown(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeSessions(c, yours, ref, fmt.Sprintf("Each request should get exactly one answer quoting its id (an unknown method the error %d), and each notification none.", methodMissing))
}

// judgeServerSurvivesBadLines: a line that is not JSON gets the error -32700
// with a null id, blank lines are skipped, and answers go on, one a line.
func judgeServerSurvivesBadLines(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeSessions(c, yours, ref, fmt.Sprintf("A line that is not JSON should get the error %d with id null, and every request after it its answer.", parseError))
}
