package intake

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// entryKind says what an entry of a submission is.
type entryKind int

const (
	entryFile  entryKind = iota // a regular file
	entryDir                    // a folder
	entryLink                   // a symbolic link, never followed (folders on disk only)
	entryOther                  // a pipe, device or socket, never opened (folders on disk only)
)

// entry is one file or folder of a submission.
type entry struct {
	path string // slash-separated, clean, relative to the submission
	kind entryKind
}

// cleanEntry turns an archive entry's name into a clean relative path, or
// says why the name is refused. Backslashes count as separators (zips made on
// Windows use them), a leading "./" is dropped, and a trailing "/" marks a
// folder. A name that is absolute or holds a ".." element is refused even when
// it would stay inside: nothing a student makes needs one. The path "." means
// the archive's own root.
func cleanEntry(name string) (clean string, isDir bool, refusal string) {
	n := strings.ReplaceAll(name, `\`, "/")
	switch {
	case n == "":
		return "", false, "an entry has no name"
	case strings.ContainsRune(n, 0):
		return "", false, fmt.Sprintf("entry %s has a NUL byte in its name", display(name))
	case strings.HasPrefix(n, "/") || hasVolume(n):
		return "", false, fmt.Sprintf("entry %s has an absolute path", display(name))
	}
	for _, elem := range strings.Split(n, "/") {
		if elem == ".." {
			return "", false, fmt.Sprintf("entry %s climbs out of the archive (its path holds \"..\")", display(name))
		}
	}
	return path.Clean(n), strings.HasSuffix(n, "/"), ""
}

// hasVolume reports whether n starts with a Windows drive letter ("C:").
func hasVolume(n string) bool {
	return len(n) >= 2 && n[1] == ':' && ('a' <= n[0]|0x20 && n[0]|0x20 <= 'z')
}

// isNoise reports whether p is litter that archivers and desktops add:
// __MACOSX folders, .DS_Store, AppleDouble "._" files, Thumbs.db.
func isNoise(p string) bool {
	if p == "__MACOSX" || strings.HasPrefix(p, "__MACOSX/") {
		return true
	}
	base := path.Base(p)
	return base == ".DS_Store" || base == "Thumbs.db" || strings.HasPrefix(base, "._")
}

// besideRoot reports whether p does not count when looking for the one
// folder a submission's root holds: noise, and hidden files and folders such
// as .git and .idea.
func besideRoot(p string) bool {
	return isNoise(p) || strings.HasPrefix(p, ".")
}

// topElem is the first element of the slash path p.
func topElem(p string) string {
	top, _, _ := strings.Cut(p, "/")
	return top
}

// display returns a path or name as it may be printed: as it is when it is
// printable UTF-8, quoted with escapes otherwise, so that a hostile name
// cannot write control sequences to the instructor's terminal or report.
func display(name string) string {
	if !utf8.ValidString(name) {
		return strconv.QuoteToASCII(name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return strconv.QuoteToASCII(name)
		}
	}
	return name
}
