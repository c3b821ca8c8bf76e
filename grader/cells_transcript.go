package grader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"harnesslab/lab"
)

// cellTranscripts reads what a cell wrote with lab.WriteTranscript to path:
// nil when it wrote nothing (a cell opts in), an error when what it wrote is
// not a transcript this kit reads.
func cellTranscripts(path string) ([]lab.Transcript, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the transcript: %w", err)
	}
	return lab.ReadTranscripts(data)
}
