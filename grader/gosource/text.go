package gosource

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// CheckText refuses the student file name, whose first bytes are data and
// whose real size is size, when it is bigger than maxBytes (zero or less
// means MaxBytes), holds a NUL byte, or is not valid UTF-8. The compiler
// would refuse those too, with a less helpful message. data need hold only
// the first maxBytes+1 bytes of the file.
func CheckText(name string, data []byte, size, maxBytes int64) *Problem {
	if maxBytes <= 0 {
		maxBytes = MaxBytes
	}
	if size > maxBytes || int64(len(data)) > maxBytes {
		return &Problem{Kind: KindBadSource, File: name, Message: fmt.Sprintf(
			"%s is %s, more than the %s a student source file may be: submit only the lesson's code",
			name, formatBytes(max(size, int64(len(data)))), formatBytes(maxBytes))}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &Problem{Kind: KindBadSource, File: name, Line: lineOf(data, i), Message: fmt.Sprintf(
			"%s holds a NUL byte (line %d), so it is not a text file: submit the Go source itself, saved as UTF-8 text",
			name, lineOf(data, i))}
	}
	if i := invalidUTF8(data); i >= 0 {
		return &Problem{Kind: KindBadSource, File: name, Line: lineOf(data, i), Message: fmt.Sprintf(
			"%s is not valid UTF-8 text (line %d): save it as UTF-8 and submit it again", name, lineOf(data, i))}
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

// formatBytes writes n for people: "600 bytes", "512 KiB", "4.5 MiB".
func formatBytes(n int64) string {
	unit, v := "bytes", float64(n)
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		unit, v = "KiB", v/(1<<10)
	default:
		unit, v = "MiB", v/(1<<20)
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d %s", int64(v), unit)
	}
	return fmt.Sprintf("%.1f %s", v, unit)
}
