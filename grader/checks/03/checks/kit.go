package checks

// The kit's copies of the lesson's constants. The checks expect these values,
// never the ones in the student's file: a harness.go that changes GaveUp or
// MaxSteps changes what its own code does, not what a check expects. One
// check, constants_keep_lesson_values, compares the student's copies with
// these.
const (
	system   = "You are a helpful assistant."
	answered = "answered"
	gaveUp   = "gave up"
	maxSteps = 8
)

// outcome is a Result with its Status as a plain string, compared whole.
type outcome struct {
	Status string
	Text   string
	Steps  int
}

func outcomeOf(r Result) outcome { return outcome(r) }
