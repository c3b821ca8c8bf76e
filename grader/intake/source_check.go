package intake

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// checkSource refuses the student file name whose first bytes are data and
// whose real size is size when it is too big, holds a NUL byte, or is not
// valid UTF-8: the compiler would refuse it too, with a less helpful message.
func checkSource(name string, data []byte, size int64, limits Limits) *Problem {
	if size > limits.MaxSourceBytes {
		return problem(ProblemBadSource, fmt.Sprintf("%s is %s, more than the %s a student source file may be: submit only the lesson's code", display(name), formatBytes(size), formatBytes(limits.MaxSourceBytes)))
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return problem(ProblemBadSource, fmt.Sprintf("%s holds a NUL byte (line %d), so it is not a text file: submit the Go source itself, saved as UTF-8 text", display(name), lineOf(data, i)))
	}
	if i := invalidUTF8(data); i >= 0 {
		return problem(ProblemBadSource, fmt.Sprintf("%s is not valid UTF-8 text (line %d): save it as UTF-8 and submit it again", display(name), lineOf(data, i)))
	}
	return nil
}

// invalidUTF8 returns the offset of the first byte of data that is not valid
// UTF-8, or -1.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// lineOf is the line number, from 1, of offset i in data.
func lineOf(data []byte, i int) int {
	return bytes.Count(data[:i], []byte("\n")) + 1
}
