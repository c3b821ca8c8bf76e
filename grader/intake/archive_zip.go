package intake

import (
	"archive/zip"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// scanZip reads the zip archive r of the given size, named name in messages.
// When r may not be a zip at all, seems says what it seems to be instead.
func scanZip(r io.ReaderAt, size int64, name, seems string, files []string, limits Limits) (*scan, *Problem) {
	br := &budgetReaderAt{r: r, left: limits.zipDirectoryCap()}
	zr, err := zip.NewReader(br, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // insecure names are refused below, by name
		if br.over {
			return nil, bombProblem(fmt.Sprintf("the archive's table of contents is bigger than %d entries could need", limits.MaxEntries))
		}
		if seems != "" {
			return nil, damagedProblem(fmt.Sprintf("%s is not a zip or tar.gz archive (%s)", display(name), seems))
		}
		return nil, damagedProblem(fmt.Sprintf("%s is not a zip archive, or it is damaged (%v)", display(name), err))
	}
	br.left = -1 // the table is loaded; entries are capped as they are read
	if len(zr.File) > limits.MaxEntries {
		return nil, countProblem(limits)
	}
	c := newCollector(files, limits)
	for _, zf := range zr.File {
		if pr := zipEntry(c, zf); pr != nil {
			return nil, pr
		}
	}
	return c.scan(), nil
}

// zipEntry records one entry of a zip archive, reading its contents when it
// is a file.
func zipEntry(c *collector, zf *zip.File) *Problem {
	mode := zf.Mode()
	p, pr := c.add(zf.Name, mode.IsDir(), entryFile)
	if pr != nil || p == "" {
		return pr
	}
	switch {
	case mode&fs.ModeSymlink != 0:
		return unsafeProblem(fmt.Sprintf("entry %s is a symbolic link", display(zf.Name)))
	case mode.Type()&^fs.ModeDir != 0:
		return unsafeProblem(fmt.Sprintf("entry %s is a special file (%v), not a file or folder", display(zf.Name), mode.Type()))
	case zf.Flags&0x1 != 0:
		return problem(ProblemBadArchive, fmt.Sprintf("entry %s is encrypted: ask for an archive without a password", display(zf.Name)))
	case c.kinds[p] == entryDir:
		return nil
	}
	if pr := c.declared(p, int64(min(zf.UncompressedSize64, 1<<62))); pr != nil {
		return pr
	}
	rc, err := zf.Open()
	if err != nil {
		return zipReadProblem(zf.Name, err)
	}
	defer rc.Close()
	pr, err = c.read(p, rc)
	if pr != nil {
		return pr
	}
	if err != nil {
		return zipReadProblem(zf.Name, err)
	}
	return nil
}

// zipReadProblem explains why entry name could not be read.
func zipReadProblem(name string, err error) *Problem {
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, zip.ErrAlgorithm):
		return problem(ProblemBadArchive, fmt.Sprintf("entry %s is compressed with a method this grader does not read: ask for a plain .zip (deflate) or a .tar.gz", display(name)))
	case errors.Is(err, zip.ErrFormat):
		return damagedProblem(fmt.Sprintf("entry %s holds more data than its header says (a forged or damaged archive)", display(name)))
	case errors.Is(err, zip.ErrChecksum):
		return damagedProblem(fmt.Sprintf("entry %s is damaged (its checksum does not match)", display(name)))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return damagedProblem(fmt.Sprintf("entry %s is cut short, or holds less data than its header says", display(name)))
	case errors.As(err, &corrupt):
		return damagedProblem(fmt.Sprintf("entry %s is damaged (%v)", display(name), err))
	default:
		return damagedProblem(fmt.Sprintf("entry %s cannot be read (%v)", display(name), err))
	}
}

// errBudget is what budgetReaderAt returns once its budget is spent.
var errBudget = errors.New("read budget spent")

// budgetReaderAt lets archive/zip read at most left bytes while it loads a
// zip's table of contents; left < 0 lifts the budget. archive/zip loads every
// entry of the table into memory before it returns, so a forged table of a
// million entries must be stopped while it is being read.
type budgetReaderAt struct {
	r    io.ReaderAt
	left int64
	over bool
}

func (b *budgetReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if b.left >= 0 {
		if int64(len(p)) > b.left {
			b.over = true
			return 0, errBudget
		}
		b.left -= int64(len(p))
	}
	return b.r.ReadAt(p, off)
}
