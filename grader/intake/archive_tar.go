package intake

import (
	"archive/tar"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// scanTarGz reads the gzip-compressed tar archive r, named name in messages.
func scanTarGz(r io.Reader, name string, files []string, limits Limits) (*scan, *Problem) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, damagedProblem(fmt.Sprintf("%s is not a gzip-compressed archive, or it is damaged (%v)", display(name), err))
	}
	defer zr.Close()
	return scanTar(zr, name, files, limits)
}

// scanTar reads the tar archive r (already decompressed), named name in
// messages. The decompressed stream itself is capped, headers and padding
// included, so that a gzip bomb stops early whatever its tar headers say.
func scanTar(r io.Reader, name string, files []string, limits Limits) (*scan, *Problem) {
	cr := &capReader{r: r, left: limits.streamCap()}
	tr := tar.NewReader(cr)
	c := newCollector(files, limits)
	where := "before its first entry"
	for {
		hdr, err := tr.Next()
		if errors.Is(err, tar.ErrInsecurePath) { // such names are refused below, by name
			err = nil
		}
		if err == io.EOF {
			return c.scan(), nil
		}
		if err != nil {
			return nil, tarReadProblem(name, where, err, limits)
		}
		where = "in entry " + display(hdr.Name)
		pr, err := tarEntry(c, tr, hdr)
		if pr != nil {
			return nil, pr
		}
		if err != nil {
			return nil, tarReadProblem(name, where, err, limits)
		}
		where = "after entry " + display(hdr.Name)
	}
}

// tarEntry records one entry of a tar archive, reading its contents when it
// is a file. It returns a Problem when the archive is refused, or the error
// that stopped the reading of its contents.
func tarEntry(c *collector, tr *tar.Reader, hdr *tar.Header) (*Problem, error) {
	if hdr.Typeflag == tar.TypeXGlobalHeader { // pax_global_header, as git archive writes
		return c.tick(), nil
	}
	p, pr := c.add(hdr.Name, hdr.Typeflag == tar.TypeDir, entryFile)
	if pr != nil || p == "" {
		return pr, nil
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		return nil, nil
	case tar.TypeReg: // archive/tar reports the old TypeRegA as TypeReg or TypeDir
	case tar.TypeSymlink:
		return unsafeProblem(fmt.Sprintf("entry %s is a symbolic link (to %s)", display(hdr.Name), display(hdr.Linkname))), nil
	case tar.TypeLink:
		return unsafeProblem(fmt.Sprintf("entry %s is a hard link (to %s)", display(hdr.Name), display(hdr.Linkname))), nil
	case tar.TypeChar, tar.TypeBlock, tar.TypeFifo:
		return unsafeProblem(fmt.Sprintf("entry %s is a device or a named pipe, not a file or folder", display(hdr.Name))), nil
	default:
		return unsafeProblem(fmt.Sprintf("entry %s is of a type this grader does not read (tar type %q)", display(hdr.Name), hdr.Typeflag)), nil
	}
	if pr := c.declared(p, hdr.Size); pr != nil {
		return pr, nil
	}
	return c.read(p, tr)
}

// tarReadProblem explains why the archive named name could not be read;
// where says where in the archive.
func tarReadProblem(name, where string, err error, limits Limits) *Problem {
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, errStreamCap):
		return totalCapProblem(limits)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return damagedProblem(fmt.Sprintf("%s is cut short (it ends %s)", display(name), where))
	case errors.Is(err, tar.ErrHeader):
		return damagedProblem(fmt.Sprintf("%s is not a tar archive, or it is damaged %s (%v)", display(name), where, err))
	case errors.Is(err, gzip.ErrChecksum), errors.As(err, &corrupt):
		return damagedProblem(fmt.Sprintf("%s is damaged %s (%v)", display(name), where, err))
	default:
		return damagedProblem(fmt.Sprintf("%s cannot be read %s (%v)", display(name), where, err))
	}
}

// errStreamCap is what capReader returns once its cap is passed.
var errStreamCap = errors.New("the decompressed archive is over its cap")

// capReader reads at most left bytes from r, then fails with errStreamCap.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var probe [1]byte // at the cap exactly: fine if the stream ends here
		if n, err := c.r.Read(probe[:]); n == 0 && err != nil {
			return 0, err
		}
		return 0, errStreamCap
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
