package harness

import (
	"fmt"
	"math"
	pathpkg "path"
	"sort"
	"strconv"
	"strings"

	"harnesslab/lab"
)

// InWorkspace returns nil when path names a file inside the workspace, and
// otherwise an error that says why not: an empty path, a path that starts
// at the root (/etc/passwd), or one with a ".." part (../deploy/prod.env,
// notes/../config.py). A name that merely starts with two dots, such as
// "..notes", is a name like any other.
func InWorkspace(path string) error {
	// --- your code ---
	switch {
	case path == "":
		return fmt.Errorf("path is empty: name a file inside the workspace")
	case strings.HasPrefix(path, "/"):
		return fmt.Errorf("path %s starts at the root: name a file inside the workspace, such as config.py", path)
	}
	for _, part := range strings.Split(pathpkg.Clean(path), "/") {
		if part == ".." {
			return fmt.Errorf("path %s has a .. in it: name a file inside the workspace, without ..", path)
		}
	}
	return nil
	// --- end ---
}
