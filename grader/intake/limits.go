package intake

import (
	"fmt"

	"harnesslab/grader/gosource"
)

// Limits caps what one submission may hold. The zero value means the
// defaults, and so does any field left at zero or below.
type Limits struct {
	MaxEntries     int   // entries in an archive, folders included (default 2000)
	MaxFileBytes   int64 // one file in an archive, uncompressed (default 4 MiB)
	MaxTotalBytes  int64 // all files in an archive, uncompressed (default 32 MiB)
	MaxSourceBytes int64 // one student source file (default 512 KiB)
}

// The default limits.
const (
	DefaultMaxEntries     = 2000
	DefaultMaxFileBytes   = 4 << 20
	DefaultMaxTotalBytes  = 32 << 20
	DefaultMaxSourceBytes = gosource.MaxBytes // the grading engine's own cap
)

// withDefaults returns l with every unset field set to its default.
func (l Limits) withDefaults() Limits {
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultMaxFileBytes
	}
	if l.MaxTotalBytes <= 0 {
		l.MaxTotalBytes = DefaultMaxTotalBytes
	}
	if l.MaxSourceBytes <= 0 {
		l.MaxSourceBytes = DefaultMaxSourceBytes
	}
	return l
}

// archiveFileCap is the largest archive file accepted on disk: the total
// cap, plus room for the headers of MaxEntries entries. A compressed archive
// bigger than that cannot hold a submission within the caps.
func (l Limits) archiveFileCap() int64 {
	return l.MaxTotalBytes + int64(l.MaxEntries)*1024 + 64<<10
}

// streamCap is the most bytes a gzip stream may expand to: the total cap,
// plus the tar headers, padding and extended headers of MaxEntries entries.
func (l Limits) streamCap() int64 {
	return l.MaxTotalBytes + int64(l.MaxEntries+2)*4096 + 1<<20
}

// zipDirectoryCap is the most bytes archive/zip may read while it loads a zip's
// table of contents: the end record plus a generous 1 KiB per entry. It keeps a
// forged table of a million tiny entries from being loaded into memory.
func (l Limits) zipDirectoryCap() int64 {
	return int64(l.MaxEntries)*1024 + 128<<10
}

// formatBytes writes n for people: "600 bytes", "512 KiB", "4.5 MiB".
func formatBytes(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return trimUnit(float64(n)/(1<<10), "KiB")
	default:
		return trimUnit(float64(n)/(1<<20), "MiB")
	}
}

func trimUnit(v float64, unit string) string {
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d %s", int64(v), unit)
	}
	return fmt.Sprintf("%.1f %s", v, unit)
}
