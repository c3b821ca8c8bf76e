package intake

import (
	"path/filepath"
	"strings"
)

// Kinds of Source.
const (
	KindDir   = "dir"    // a submission folder
	KindZip   = "zip"    // a .zip archive
	KindTarGz = "tar.gz" // a .tar.gz or .tgz archive
)

// Source is one submission found among the PATHs, before anything is read.
type Source struct {
	Name string // the submission's name: its base name without extension
	Path string // where it is, as given or joined under the PATH given
	Kind string // KindDir, KindZip or KindTarGz
}

// archiveExts maps each archive extension, lower case, to its kind. Longer
// extensions come first so that .tar.gz is not taken for .gz.
var archiveExts = []struct{ ext, kind string }{
	{".tar.gz", KindTarGz},
	{".tgz", KindTarGz},
	{".zip", KindZip},
}

// archiveKind returns the kind of the archive named base and its name
// without the extension, or ok false when base is not named like an archive.
// Extensions are matched ignoring case (ALICE.ZIP is a zip).
func archiveKind(base string) (kind, name string, ok bool) {
	lower := strings.ToLower(base)
	for _, a := range archiveExts {
		if strings.HasSuffix(lower, a.ext) {
			return a.kind, base[:len(base)-len(a.ext)], true
		}
	}
	return "", "", false
}

// baseName is the base name of path, after making it absolute so that "."
// and "sub/.." name the folder they mean.
func baseName(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return filepath.Base(path)
}
