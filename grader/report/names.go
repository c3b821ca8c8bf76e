package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxFolderBytes caps the part of a folder name taken from a submission's
// name. File systems allow 255 bytes; the cap leaves room for the suffix
// FolderName adds and for tools that add their own.
const maxFolderBytes = 100

// DisplayName is a submission's name as people read it in a report or a
// terminal: the name itself when every character is printable UTF-8, and
// otherwise the name with Go's escapes and no quotes, so that a tab shows as
// `alice\tbob` and a terminal escape as `\x1b`. Such a name has its
// backslashes and double quotes escaped too, so the original can be read
// back from it with strconv.Unquote after adding the quotes.
func DisplayName(name string) string {
	if printable(name) {
		return name
	}
	q := strconv.Quote(name)
	return q[1 : len(q)-1]
}

// printable reports whether s is UTF-8 made only of printable characters
// (the ASCII space is the only space allowed).
func printable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) })
}

// FolderName is the folder a submission's files go to in a run's folder,
// unless another submission has taken it (WriteSubmission then picks
// another). A name that is safe as a folder on Linux, macOS and Windows is
// its own folder name. Any other name is made safe (characters that are not
// printable or that a file system refuses become "_", as do a leading dot
// and a trailing dot or space; names a run or Windows reserves, and names
// longer than 100 bytes, are changed too) and gets "-" and eight hex digits
// of a hash of the original name, so two names made safe the same way still
// get different folders, and the same name always gets the same folder.
func FolderName(name string) string {
	safe := safeName(name)
	if safe == name && !runFileName(name) {
		return name
	}
	return safe + "-" + nameHash(name)
}

// safeName is name with everything unsafe in a folder name replaced. It
// returns name itself when nothing needed replacing.
func safeName(name string) string {
	s := strings.ToValidUTF8(name, "_")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, s)
	if len(s) > maxFolderBytes {
		s = truncateUTF8(s, maxFolderBytes)
	}
	if strings.HasPrefix(s, ".") {
		s = "_" + s[1:]
	}
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, " ") {
		s = s[:len(s)-1] + "_"
	}
	if s == "" || reservedName(s) {
		s = "_" + s
	}
	return s
}

// nameHash is eight hex digits of the SHA-256 of name.
func nameHash(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:4])
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// runFileName reports whether name is one of the run's own files, letter
// case aside (on a case-insensitive file system GRADES.CSV is grades.csv).
func runFileName(name string) bool {
	for _, f := range []string{GradesFile, JUnitFile, ReportFile} {
		if strings.EqualFold(name, f) {
			return true
		}
	}
	return false
}

// reservedName reports whether Windows refuses name as a file name: CON,
// PRN, AUX, NUL, COM1-9 and LPT1-9, alone or before a dot, in any case.
func reservedName(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	switch stem {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) && stem[3] >= '1' && stem[3] <= '9'
}
