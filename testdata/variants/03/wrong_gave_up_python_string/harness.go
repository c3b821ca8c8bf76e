package harness

// The two ways a run ends. Giving up is an outcome of its own: it is never
// reported as an answer.
const (
	Answered Status = "answered"        // the model stopped asking for tools and answered
	GaveUp   Status = "budget_exceeded" // the step budget ran out while the model still wanted tools
)
