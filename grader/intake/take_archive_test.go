package intake

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const goodSource = "package harness\n\nfunc Answer() string { return \"42\" }\n"

// zipAt returns a builder writing a zip of entries as name in the folder it
// is given.
func zipAt(name string, entries ...zf) func(testing.TB, string) Source {
	return func(t testing.TB, dir string) Source {
		p := filepath.Join(dir, name)
		writeFile(t, p, makeZip(t, entries...))
		return Source{Name: "alice", Path: p, Kind: KindZip}
	}
}

// tgzAt returns a builder writing a gzip-compressed tar of entries as name.
func tgzAt(name string, entries ...tf) func(testing.TB, string) Source {
	return func(t testing.TB, dir string) Source {
		p := filepath.Join(dir, name)
		writeFile(t, p, gzipBytes(t, makeTar(t, entries...)))
		return Source{Name: "alice", Path: p, Kind: KindTarGz}
	}
}

// bytesAt returns a builder writing data as name, a source of kind kind.
func bytesAt(name, kind string, data func(testing.TB) []byte) func(testing.TB, string) Source {
	return func(t testing.TB, dir string) Source {
		p := filepath.Join(dir, name)
		writeFile(t, p, data(t))
		return Source{Name: "alice", Path: p, Kind: kind}
	}
}

// manyZip returns n small entries under names made from format.
func manyZip(n int, format string) []zf {
	var entries []zf
	for i := range n {
		entries = append(entries, zf{name: fmt.Sprintf(format, i), body: "x"})
	}
	return entries
}

// tarLyingHeader is a tar whose only header says its file holds 1 GiB, then
// only a few bytes follow.
func tarLyingHeader(t testing.TB) []byte {
	var buf bytes.Buffer
	w := tar.NewWriter(&buf)
	if err := w.WriteHeader(&tar.Header{Name: "harness.go", Typeflag: tar.TypeReg, Mode: 0o644, Size: 1 << 30, ModTime: fixedTime}); err != nil {
		t.Fatal(err)
	}
	buf.WriteString(goodSource)
	return gzipBytes(t, buf.Bytes())
}

var archiveCases = []takeCase{
	// Accepted archives.
	{name: "zip with the file at its root", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "notes.txt", body: "hi"}),
		taken: []string{"harness.go"}, ignored: []string{"notes.txt"}},
	{name: "zip of a folder: the single folder is descended into", build: zipAt("a.zip", zf{name: "alice/"}, zf{name: "alice/harness.go", body: goodSource}, zf{name: "alice/README.md", body: "r"}),
		taken: []string{"harness.go"}, ignored: []string{"alice/README.md"}},
	{name: "zip made on a Mac: __MACOSX and .DS_Store do not stop the descent", build: zipAt("a.zip",
		zf{name: "alice/harness.go", body: goodSource}, zf{name: "__MACOSX/alice/._harness.go", body: "junk"}, zf{name: ".DS_Store", body: "junk"}, zf{name: "alice/.DS_Store", body: "junk"}),
		taken: []string{"harness.go"}, ignored: []string{".DS_Store", "__MACOSX/alice/._harness.go", "alice/.DS_Store"}},
	{name: "zip of a folder beside a .git folder: descended into", build: zipAt("a.zip", zf{name: ".git/HEAD", body: "ref"}, zf{name: "alice/harness.go", body: goodSource}),
		taken: []string{"harness.go"}, ignored: []string{".git/HEAD"}},
	{name: "zip made on Windows: backslashes are separators", build: zipAt("a.zip", zf{name: `alice\harness.go`, body: goodSource}),
		taken: []string{"harness.go"}, ignored: []string{}},
	{name: "an empty student file is still taken (the compiler will say what is wrong)", build: zipAt("a.zip", zf{name: "harness.go"}),
		taken: []string{"harness.go"}, ignored: []string{}},
	{name: "a zip named .tgz is read as a zip", build: func(t testing.TB, dir string) Source {
		p := filepath.Join(dir, "a.tgz")
		writeFile(t, p, makeZip(t, zf{name: "harness.go", body: goodSource}))
		return Source{Name: "alice", Path: p, Kind: KindTarGz}
	}, taken: []string{"harness.go"}},
	{name: "tar.gz with ./ names, folder entries and a pax global header (as git archive writes)", build: tgzAt("a.tar.gz",
		tf{name: "pax_global_header", typeflag: tar.TypeXGlobalHeader}, tf{name: "./"}, tf{name: "./alice/"}, tf{name: "./alice/harness.go", body: goodSource}, tf{name: "./alice/go.mod", body: "module x"}),
		taken: []string{"harness.go"}, ignored: []string{"alice/go.mod"}},
	{name: "an uncompressed tar named .tar.gz is read as a tar", build: bytesAt("a.tar.gz", KindTarGz, func(t testing.TB) []byte {
		return makeTar(t, tf{name: "harness.go", body: goodSource})
	}), taken: []string{"harness.go"}},

	// Empty.
	{name: "empty zip", build: zipAt("a.zip"), kind: ProblemEmpty, words: []string{"empty", "no files"}},
	{name: "zip of empty folders and Mac litter only", build: zipAt("a.zip", zf{name: "alice/"}, zf{name: "__MACOSX/._alice", body: "j"}),
		kind: ProblemEmpty, words: []string{"empty", "__MACOSX"}, ignored: []string{"__MACOSX/._alice"}},
	{name: "empty tar.gz", build: tgzAt("a.tgz"), kind: ProblemEmpty, words: []string{"empty"}},

	// Missing or misnamed.
	{name: "file named with a capital", build: zipAt("a.zip", zf{name: "Harness.go", body: goodSource}),
		kind: ProblemMissing, words: []string{"harness.go is missing", "found Harness.go: the file must be named exactly harness.go"}, ignored: []string{"Harness.go"}},
	{name: "file saved with an extra extension", build: tgzAt("a.tgz", tf{name: "harness.go.txt", body: goodSource}),
		kind: ProblemMissing, words: []string{"found harness.go.txt: the file must be named exactly harness.go"}},
	{name: "file a browser renamed", build: zipAt("a.zip", zf{name: "harness (1).go", body: goodSource}),
		kind: ProblemMissing, words: []string{"found harness (1).go: the file must be named exactly harness.go"}},
	{name: "nothing close: what was found is listed", build: zipAt("a.zip", zf{name: "main.go", body: goodSource}, zf{name: "notes.txt", body: "n"}),
		kind: ProblemMissing, words: []string{"harness.go is missing; found main.go, notes.txt"}},
	{name: "file inside a folder, beside other files: taken from the one place it is", build: zipAt("a.zip", zf{name: "src/harness.go", body: goodSource}, zf{name: "README.md", body: "r"}),
		taken: []string{"harness.go"}, ignored: []string{"README.md"}, notes: []string{"harness.go was taken from src/harness.go"}},
	{name: "file deep inside folders, after a second top-level entry: still taken", build: zipAt("a.zip", zf{name: "frank/lesson02/src/harness.go", body: goodSource}, zf{name: "notes.txt", body: "n"}, zf{name: "__MACOSX/frank/lesson02/src/._harness.go", body: "junk"}),
		taken: []string{"harness.go"}, ignored: []string{"__MACOSX/frank/lesson02/src/._harness.go", "notes.txt"}, notes: []string{"harness.go was taken from frank/lesson02/src/harness.go"}},
	{name: "file in two places, neither where the lesson puts it: both named", build: tgzAt("a.tgz", tf{name: "v1/harness.go", body: goodSource}, tf{name: "v2/src/harness.go", body: goodSource}),
		kind: ProblemMissing, words: []string{"harness.go is in 2 places, v1/harness.go and v2/src/harness.go", "hand in one copy"}},
	{name: "at the top and deeper: the top one wins", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "old/harness.go", body: "package harness\n// old\n"}),
		taken: []string{"harness.go"}, ignored: []string{"old/harness.go"}},
	{name: "two folders, each with the file: both places named", build: zipAt("a.zip", zf{name: "a/harness.go", body: goodSource}, zf{name: "b/harness.go", body: goodSource}),
		kind: ProblemMissing, words: []string{"harness.go is in 2 places, a/harness.go and b/harness.go"}},
	{name: "two folders deep: the one place is found", build: zipAt("a.zip", zf{name: "a/b/harness.go", body: goodSource}),
		taken: []string{"harness.go"}, ignored: []string{}, notes: []string{"harness.go was taken from a/b/harness.go"}},

	// Damaged, or not an archive.
	{name: "zip cut short", build: bytesAt("a.zip", KindZip, func(t testing.TB) []byte {
		z := makeZip(t, zf{name: "harness.go", body: goodSource})
		return z[:len(z)-30]
	}), kind: ProblemBadArchive, words: []string{"a.zip", "re-download"}},
	{name: "zip whose data is damaged", build: bytesAt("a.zip", KindZip, func(t testing.TB) []byte {
		z := makeZip(t, zf{name: "harness.go", body: strings.Repeat(goodSource, 20)})
		z[60] ^= 0xff // inside the deflated data (after a 30-byte header, a 10-byte name, a 9-byte extra field)
		return z
	}), kind: ProblemBadArchive, words: []string{"harness.go", "damaged", "re-download"}},
	{name: "a text file named .zip", build: bytesAt("a.zip", KindZip, func(testing.TB) []byte { return []byte("not an archive at all\n") }),
		kind: ProblemBadArchive, words: []string{"a.zip is not a zip or tar.gz archive", "plain text", "re-download"}},
	{name: "an HTML error page named .tgz", build: bytesAt("a.tgz", KindTarGz, func(testing.TB) []byte { return []byte("<html>403 Forbidden</html>") }),
		kind: ProblemBadArchive, words: []string{"a.tgz is not a zip or tar.gz archive", "web page"}},
	{name: "an empty file named .zip", build: bytesAt("a.zip", KindZip, func(testing.TB) []byte { return nil }),
		kind: ProblemBadArchive, words: []string{"empty file (0 bytes)", "re-download"}},
	{name: "tar.gz cut short", build: bytesAt("a.tar.gz", KindTarGz, func(t testing.TB) []byte {
		g := gzipBytes(t, makeTar(t, tf{name: "harness.go", body: strings.Repeat(goodSource, 50)}))
		return g[:len(g)/2]
	}), kind: ProblemBadArchive, words: []string{"a.tar.gz", "cut short", "re-download"}},
	{name: "gzip of something that is not a tar", build: bytesAt("a.tgz", KindTarGz, func(t testing.TB) []byte {
		return gzipBytes(t, []byte(strings.Repeat("plain text, not a tar\n", 40)))
	}), kind: ProblemBadArchive, words: []string{"not a tar archive", "re-download"}},
	{name: "encrypted zip entry", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource, flags: 0x1}),
		kind: ProblemBadArchive, words: []string{"harness.go is encrypted", "without a password"}},
	{name: "the same file twice", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "./harness.go", body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"harness.go appears twice"}},

	// Hostile entries.
	{name: "zip slip", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "../../../evil.go", body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"../../../evil.go climbs out", "refused"}},
	{name: "zip slip inside a path", build: zipAt("a.zip", zf{name: "alice/../../evil.go", body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"alice/../../evil.go climbs out"}},
	{name: "zip slip with backslashes", build: zipAt("a.zip", zf{name: `..\..\evil.go`, body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"climbs out"}},
	{name: "tar slip", build: tgzAt("a.tgz", tf{name: "../evil.go", body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"../evil.go climbs out"}},
	{name: "absolute path in a zip", build: zipAt("a.zip", zf{name: "/tmp/evil.go", body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"/tmp/evil.go has an absolute path"}},
	{name: "absolute Windows path in a zip", build: zipAt("a.zip", zf{name: `C:\evil.go`, body: "package evil"}),
		kind: ProblemBadArchive, words: []string{"absolute path"}},
	{name: "absolute path in a tar", build: tgzAt("a.tgz", tf{name: "/etc/cron.d/evil", body: "* * * * * root sh"}),
		kind: ProblemBadArchive, words: []string{"/etc/cron.d/evil has an absolute path"}},
	{name: "symbolic link in a zip", build: zipAt("a.zip", zf{name: "harness.go", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777}),
		kind: ProblemBadArchive, words: []string{"harness.go is a symbolic link", "refused"}},
	{name: "symbolic link in a tar", build: tgzAt("a.tgz", tf{name: "harness.go", typeflag: tar.TypeSymlink, linkname: "/etc/passwd"}),
		kind: ProblemBadArchive, words: []string{"harness.go is a symbolic link (to /etc/passwd)"}},
	{name: "hard link in a tar", build: tgzAt("a.tgz", tf{name: "notes.txt", body: "n"}, tf{name: "harness.go", typeflag: tar.TypeLink, linkname: "/etc/shadow"}),
		kind: ProblemBadArchive, words: []string{"harness.go is a hard link (to /etc/shadow)"}},
	{name: "named pipe in a tar", build: tgzAt("a.tgz", tf{name: "harness.go", typeflag: tar.TypeFifo}),
		kind: ProblemBadArchive, words: []string{"harness.go is a device or a named pipe"}},
	{name: "device in a tar", build: tgzAt("a.tgz", tf{name: "dev/sda", typeflag: tar.TypeBlock}),
		kind: ProblemBadArchive, words: []string{"dev/sda is a device"}},
	{name: "named pipe in a zip", build: zipAt("a.zip", zf{name: "harness.go", body: "", mode: fs.ModeNamedPipe | 0o644}),
		kind: ProblemBadArchive, words: []string{"harness.go is a special file"}},
	{name: "control characters in a name are escaped", build: zipAt("a.zip", zf{name: "../\x1b[2Jevil", body: "x"}),
		kind: ProblemBadArchive, words: []string{`\x1b[2Jevil`, "climbs out"}},

	// Bombs.
	{name: "bomb by entry count in a zip", limits: Limits{MaxEntries: 10}, build: zipAt("a.zip", manyZip(11, "f%02d.txt")...),
		kind: ProblemBadArchive, words: []string{"more than 10 entries", "bomb"}},
	{name: "bomb by entry count in a tar", limits: Limits{MaxEntries: 10}, build: func(t testing.TB, dir string) Source {
		var entries []tf
		for i := range 11 {
			entries = append(entries, tf{name: fmt.Sprintf("d%02d/", i)})
		}
		return tgzAt("a.tgz", entries...)(t, dir)
	}, kind: ProblemBadArchive, words: []string{"more than 10 entries", "bomb"}},
	{name: "bomb by a table of contents too big for the entry cap", limits: Limits{MaxEntries: 10}, build: zipAt("a.zip", manyZip(3000, "a-rather-long-name-to-fill-the-table-quickly-%05d.txt")...),
		kind: ProblemBadArchive, words: []string{"table of contents", "bomb"}},
	{name: "bomb by size in a zip, honest header", limits: Limits{MaxFileBytes: 1024}, build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "zeros.bin", body: strings.Repeat("\x00", 4096)}),
		kind: ProblemBadArchive, words: []string{"zeros.bin is bigger than 1 KiB", "the cap for one file", "bomb"}},
	{name: "bomb by size in a zip, lying header", build: zipAt("a.zip", zf{name: "harness.go", body: goodSource}, zf{name: "zeros.bin", body: strings.Repeat("\x00", 1<<20), lieSize: 100}),
		kind: ProblemBadArchive, words: []string{"zeros.bin holds more data than its header says"}},
	{name: "bomb by size in a tar, honest header", limits: Limits{MaxFileBytes: 1024}, build: tgzAt("a.tgz", tf{name: "zeros.bin", size: 4096}),
		kind: ProblemBadArchive, words: []string{"zeros.bin is bigger than 1 KiB"}},
	{name: "bomb by size in a tar, lying header", build: bytesAt("a.tgz", KindTarGz, tarLyingHeader),
		kind: ProblemBadArchive, words: []string{"harness.go is bigger than 4 MiB"}},
	{name: "bomb by total size in a zip", limits: Limits{MaxTotalBytes: 4096}, build: zipAt("a.zip", zf{name: "a.bin", body: strings.Repeat("a", 3000)}, zf{name: "b.bin", body: strings.Repeat("b", 3000)}),
		kind: ProblemBadArchive, words: []string{"more than 4 KiB uncompressed", "the cap for one submission"}},
	{name: "bomb by total size in a tar", limits: Limits{MaxTotalBytes: 4096}, build: tgzAt("a.tgz", tf{name: "a.bin", size: 3000}, tf{name: "b.bin", size: 3000}),
		kind: ProblemBadArchive, words: []string{"more than 4 KiB uncompressed"}},
	{name: "archive file bigger than any within the caps", limits: Limits{MaxTotalBytes: 1024, MaxEntries: 1}, build: bytesAt("a.zip", KindZip, func(t testing.TB) []byte {
		return bytes.Repeat([]byte("PK\x03\x04"), 100_000)
	}), kind: ProblemBadArchive, words: []string{"a.zip is 390.6 KiB, more than an archive within the caps can be"}},

	// Bad sources.
	{name: "student file in Latin-1", build: zipAt("a.zip", zf{name: "harness.go", body: "package harness\n// caf\xe9\n"}),
		kind: ProblemBadSource, words: []string{"harness.go is not valid UTF-8 text (line 2)", "save it as UTF-8"}, ignored: []string{}},
	{name: "student file with a NUL byte", build: tgzAt("a.tgz", tf{name: "alice/harness.go", body: "package harness\n\n\x00"}),
		kind: ProblemBadSource, words: []string{"alice/harness.go holds a NUL byte (line 3)"}},
	{name: "student file too big", limits: Limits{MaxSourceBytes: 100}, build: zipAt("a.zip", zf{name: "harness.go", body: strings.Repeat("// padding\n", 20)}),
		kind: ProblemBadSource, words: []string{"harness.go is 220 bytes, more than the 100 bytes a student source file may be"}},
	{name: "student file too big in a wrapped folder", limits: Limits{MaxSourceBytes: 100}, build: tgzAt("a.tgz", tf{name: "alice/harness.go", body: strings.Repeat("// padding\n", 20)}),
		kind: ProblemBadSource, words: []string{"alice/harness.go is 220 bytes"}},
}

func TestTakeArchives(t *testing.T) {
	runTakeCases(t, archiveCases)
}
