package harness

// The limits of this lesson.
const (
	HeadLines  = 40        // lines a preview keeps from the start of a big output
	TailLines  = 10        // lines a preview keeps from the end
	OutputsDir = "outputs" // the workspace folder where full outputs are kept
	PageLines  = 50        // the most lines one page of read_lines holds
	MaxHits    = 20        // the most matching lines one search returns
)
