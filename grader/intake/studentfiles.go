package intake

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// cleanStudentFiles checks the lesson's list of student files: at least one,
// each a clean relative slash path (as fs.ValidPath means it), none twice.
func cleanStudentFiles(files []string) ([]string, error) {
	if len(files) == 0 {
		return nil, errors.New("the lesson names no student files")
	}
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		if !fs.ValidPath(f) || f == "." || strings.Contains(f, `\`) {
			return nil, fmt.Errorf("student file %q is not a clean relative path", f)
		}
		if seen[f] {
			return nil, fmt.Errorf("student file %q is listed twice", f)
		}
		seen[f] = true
	}
	return files, nil
}
