package harness

// The retry policy.
const (
	MaxAttempts = 4                      // tries of one request, the first one included
	BaseDelay   = 500 * time.Millisecond // the step of the first wait; each wait after doubles it
	MaxDelay    = 8 * time.Second        // no step is longer than this
	Timeout     = 30                     // how long one try may wait for its reply, in seconds
)
