package checks

import "harnesslab/grader/checkkit"

// constantsKeepLessonValues: Answered, GaveUp and MaxSteps keep the values
// the lesson gives them.
func constantsKeepLessonValues(c *checkkit.C) {
	if S.Answered != answered {
		c.Errorf("Answered should stay %q, the value the lesson gives it; harness.go sets it to %q.", answered, S.Answered)
	}
	if S.GaveUp != gaveUp {
		c.Errorf("GaveUp should stay %q, the value the lesson gives it; harness.go sets it to %q.", gaveUp, S.GaveUp)
	}
	if S.Answered == S.GaveUp {
		c.Errorf("Answered and GaveUp are both %q, so a caller cannot tell an answer from a run that gave up.", S.Answered)
	}
	if S.MaxSteps != maxSteps {
		c.Errorf("MaxSteps should stay %d, the budget the lesson gives Chat; harness.go sets it to %d.", maxSteps, S.MaxSteps)
	}
}
