package mutate

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// EquivalentFile is the name of the file, in a lesson's check folder, that
// lists its equivalent mutants.
const EquivalentFile = "equivalent.txt"

// ReadEquivalent reads a list of equivalent mutants: one per line, the
// mutant's ID, then spaces, then the reason it behaves as the reference does.
// Blank lines and lines starting with # are comments. A missing file is an
// empty list. An entry without a reason is an error: the reason is what lets
// the next author trust the entry.
func ReadEquivalent(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the equivalent mutants: %w", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, reason, _ := strings.Cut(line, " ")
		if reason = strings.TrimSpace(reason); reason == "" {
			return nil, fmt.Errorf("%s:%d: mutant %s has no reason: write why it behaves as the reference does after its name", path, n, id)
		}
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("%s:%d: mutant %s is listed twice", path, n, id)
		}
		out[id] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return out, nil
}
