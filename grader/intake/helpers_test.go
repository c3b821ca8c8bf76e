package intake

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixedTime keeps generated archives byte for byte the same on every run.
var fixedTime = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// zf is one entry of a zip built for a test.
type zf struct {
	name string
	body string
	mode fs.FileMode // 0 means a regular 0644 file (or a folder for names ending in "/")
	// lieSize, when set, is the uncompressed size the header claims, whatever
	// the body: a bomb with a lying header.
	lieSize uint64
	flags   uint16 // extra header flags, such as 0x1 (encrypted)
}

// makeZip returns the bytes of a zip holding entries, in order.
func makeZip(t testing.TB, entries ...zf) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: fixedTime}
		switch {
		case e.mode != 0:
			h.SetMode(e.mode)
		case strings.HasSuffix(e.name, "/"):
			h.SetMode(fs.ModeDir | 0o755)
		default:
			h.SetMode(0o644)
		}
		if e.lieSize != 0 || e.flags != 0 {
			writeRawZipEntry(t, w, h, e)
			continue
		}
		fw, err := w.CreateHeader(h)
		if err != nil {
			t.Fatalf("zip %s: %v", e.name, err)
		}
		if _, err := fw.Write([]byte(e.body)); err != nil {
			t.Fatalf("zip %s: %v", e.name, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("close zip: %v", err)
	}
	return buf.Bytes()
}

// writeRawZipEntry writes e's body deflated, with a header that claims what
// e says: a lying size, or flags.
func writeRawZipEntry(t testing.TB, w *zip.Writer, h *zip.FileHeader, e zf) {
	t.Helper()
	var deflated bytes.Buffer
	fw, _ := flate.NewWriter(&deflated, flate.BestCompression)
	fw.Write([]byte(e.body))
	fw.Close()
	h.CRC32 = crc32.ChecksumIEEE([]byte(e.body))
	h.CompressedSize64 = uint64(deflated.Len())
	h.UncompressedSize64 = uint64(len(e.body))
	if e.lieSize != 0 {
		h.UncompressedSize64 = e.lieSize
	}
	h.Flags |= e.flags
	raw, err := w.CreateRaw(h)
	if err != nil {
		t.Fatalf("zip %s: %v", e.name, err)
	}
	if _, err := raw.Write(deflated.Bytes()); err != nil {
		t.Fatalf("zip %s: %v", e.name, err)
	}
}

// tf is one entry of a tar built for a test.
type tf struct {
	name     string
	body     string
	typeflag byte   // 0 means a regular file (or a folder for names ending in "/")
	linkname string // for links
	size     int64  // the size the header claims when not len(body); the body is padded with zeros
}

// makeTar returns the bytes of a tar holding entries, in order.
func makeTar(t testing.TB, entries ...tf) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := tar.NewWriter(&buf)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Typeflag: e.typeflag, Linkname: e.linkname, Mode: 0o644, ModTime: fixedTime, Size: int64(len(e.body)), Format: tar.FormatPAX}
		if e.typeflag == 0 {
			h.Typeflag = tar.TypeReg
			if strings.HasSuffix(e.name, "/") {
				h.Typeflag, h.Mode = tar.TypeDir, 0o755
			}
		}
		if e.typeflag == tar.TypeXGlobalHeader {
			h = &tar.Header{Name: e.name, Typeflag: e.typeflag, PAXRecords: map[string]string{"comment": "0123abcd"}, Format: tar.FormatPAX}
		}
		if e.size != 0 {
			h.Size = e.size
		}
		if h.Typeflag != tar.TypeReg {
			h.Size = 0
		}
		if err := w.WriteHeader(h); err != nil {
			t.Fatalf("tar %s: %v", e.name, err)
		}
		body := []byte(e.body)
		if h.Size > int64(len(body)) {
			body = append(body, make([]byte, h.Size-int64(len(body)))...)
		}
		if _, err := w.Write(body); err != nil {
			t.Fatalf("tar %s: %v", e.name, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("close tar: %v", err)
	}
	return buf.Bytes()
}

// gzipBytes compresses b, with a fixed header.
func gzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.ModTime = fixedTime
	if _, err := w.Write(b); err != nil {
		t.Fatalf("gzip: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("gzip: %v", err)
	}
	return buf.Bytes()
}

// writeFile writes data at path, making its folders.
func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// snapshot lists every path under root, relative to it, except those under
// the folders in skip.
func snapshot(t testing.TB, root string, skip ...string) map[string]bool {
	t.Helper()
	seen := make(map[string]bool)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		for _, s := range skip {
			if p == s {
				return filepath.SkipDir
			}
		}
		rel, _ := filepath.Rel(root, p)
		seen[rel] = true
		return nil
	})
	return seen
}

// checkNothingNew fails when root holds a path that before did not, outside
// the folders in skip.
func checkNothingNew(t testing.TB, root string, before map[string]bool, skip ...string) {
	t.Helper()
	for p := range snapshot(t, root, skip...) {
		if !before[p] {
			t.Errorf("%s was written outside the work folder", filepath.Join(root, p))
		}
	}
}

// checkDir checks that dir holds exactly files, 0600 each, and is itself
// 0700.
func checkDir(t testing.TB, dir string, files []string) {
	t.Helper()
	if dir == "" {
		return
	}
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatalf("submission folder: %v", err)
	}
	if fi.Mode().Perm() != 0o700 {
		t.Errorf("submission folder mode = %v, want 0700", fi.Mode().Perm())
	}
	want := make(map[string]bool)
	for _, f := range files {
		want[filepath.FromSlash(f)] = true
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if !want[rel] {
			t.Errorf("submission folder holds %s, which was not taken", rel)
		}
		if fi, err := os.Lstat(p); err != nil || fi.Mode() != 0o600 {
			t.Errorf("%s: mode %v, want -rw-------", rel, fi.Mode())
		}
		delete(want, rel)
		return nil
	})
	for f := range want {
		t.Errorf("submission folder lacks %s", f)
	}
}
