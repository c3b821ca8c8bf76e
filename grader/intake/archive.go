package intake

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// The formats an archive's first bytes can reveal.
const (
	formatUnknown = iota
	formatZip
	formatGzip
	formatTar
)

// scanArchive opens the archive src and reads it by what its first bytes
// say it is, whatever its extension: a zip named .tgz is still read as a zip.
// A file that is no archive at all is refused with a word on what it seems to
// be.
func scanArchive(src Source, files []string, limits Limits) (*scan, *Problem) {
	name := filepath.Base(src.Path)
	before, err := os.Stat(src.Path)
	if err != nil {
		return nil, problem(ProblemKitError, fmt.Sprintf("open submission %s: %v", display(src.Path), err))
	}
	if !before.Mode().IsRegular() { // a named pipe would block Open
		return nil, problem(ProblemBadArchive, fmt.Sprintf("%s is not a regular file, so it is not read: submit the archive itself", display(name)))
	}
	f, err := os.Open(src.Path)
	if err != nil {
		return nil, problem(ProblemKitError, fmt.Sprintf("open submission %s: %v", display(src.Path), err))
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !os.SameFile(before, fi) {
		return nil, problem(ProblemKitError, fmt.Sprintf("open submission %s: it changed while being opened", display(src.Path)))
	}
	switch {
	case fi.Size() == 0:
		return nil, damagedProblem(fmt.Sprintf("%s is an empty file (0 bytes), not an archive", display(name)))
	case fi.Size() > limits.archiveFileCap():
		return nil, bombProblem(fmt.Sprintf("%s is %s, more than an archive within the caps can be", display(name), formatBytes(fi.Size())))
	}
	head := make([]byte, 512)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, problem(ProblemKitError, fmt.Sprintf("read submission %s: %v", display(src.Path), err))
	}
	head = head[:n]
	switch format := sniff(head); {
	case format == formatZip:
		return scanZip(f, fi.Size(), name, "", files, limits)
	case format == formatUnknown && src.Kind == KindZip: // perhaps a zip with a prefix, as self-extracting ones have
		return scanZip(f, fi.Size(), name, looksLike(head), files, limits)
	case format == formatGzip:
		return scanTarGz(f, name, files, limits)
	case format == formatTar:
		return scanTar(bufio.NewReader(f), name, files, limits)
	default:
		return nil, damagedProblem(fmt.Sprintf("%s is not a zip or tar.gz archive (%s)", display(name), looksLike(head)))
	}
}

// sniff says what format head, the first bytes of a file, belongs to.
func sniff(head []byte) int {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return formatZip
	case bytes.HasPrefix(head, []byte("\x1f\x8b")):
		return formatGzip
	case len(head) >= 262 && string(head[257:262]) == "ustar":
		return formatTar
	}
	return formatUnknown
}

// looksLike says in a few words what a file that starts with head seems to
// be.
func looksLike(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("Rar!")):
		return "it is a RAR archive, which is not read: use .zip or .tar.gz"
	case bytes.HasPrefix(head, []byte("7z\xbc\xaf")):
		return "it is a 7-Zip archive, which is not read: use .zip or .tar.gz"
	case bytes.HasPrefix(head, []byte("%PDF")):
		return "it is a PDF document"
	case bytes.HasPrefix(head, []byte("<")):
		return "it looks like a web page, perhaps an error page saved instead of the file"
	case utf8.Valid(head) && bytes.IndexByte(head, 0) < 0:
		return "it holds plain text"
	}
	return "its first bytes match no archive format"
}
