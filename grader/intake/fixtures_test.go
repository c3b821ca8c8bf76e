package intake

import (
	"archive/tar"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"harnesslab/grader/results"
)

var update = flag.Bool("update", false, "rewrite the intake fixtures in testdata/submissions")

// fixtureDir is the kit's folder of submissions named by outcome.
const fixtureDir = "../../testdata/submissions"

const fixtureSource = "// A fixture of grader/intake: see testdata/submissions/README.md.\npackage harness\n"

// fixture is one submission in testdata/submissions that intake must refuse,
// with default limits, and how.
type fixture struct {
	name  string // its path under testdata/submissions
	make  func(t testing.TB, path string)
	kind  results.Status
	words []string
}

// zipFixture and tgzFixture write an archive of entries at path.
func zipFixture(entries ...zf) func(testing.TB, string) {
	return func(t testing.TB, path string) { writeFile(t, path, makeZip(t, entries...)) }
}

func tgzFixture(entries ...tf) func(testing.TB, string) {
	return func(t testing.TB, path string) { writeFile(t, path, gzipBytes(t, makeTar(t, entries...))) }
}

var fixtures = []fixture{
	{"hostile_zipslip.zip", zipFixture(zf{name: "harness.go", body: fixtureSource}, zf{name: "../../evil.go", body: "package evil\n"}),
		ProblemBadArchive, []string{"../../evil.go climbs out"}},
	{"hostile_absolute.tar.gz", tgzFixture(tf{name: "harness.go", body: fixtureSource}, tf{name: "/tmp/evil.go", body: "package evil\n"}),
		ProblemBadArchive, []string{"/tmp/evil.go has an absolute path"}},
	{"hostile_symlink.tar.gz", tgzFixture(tf{name: "harness.go", typeflag: tar.TypeSymlink, linkname: "/etc/passwd"}),
		ProblemBadArchive, []string{"harness.go is a symbolic link (to /etc/passwd)"}},
	{"hostile_symlink_zip.zip", zipFixture(zf{name: "harness.go", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777}),
		ProblemBadArchive, []string{"harness.go is a symbolic link"}},
	{"hostile_hardlink.tar.gz", tgzFixture(tf{name: "notes.txt", body: "n\n"}, tf{name: "harness.go", typeflag: tar.TypeLink, linkname: "/etc/passwd"}),
		ProblemBadArchive, []string{"harness.go is a hard link (to /etc/passwd)"}},
	{"hostile_bomb.zip", zipFixture(zf{name: "harness.go", body: fixtureSource}, zf{name: "zeros.bin", body: strings.Repeat("\x00", 5<<20)}),
		ProblemBadArchive, []string{"zeros.bin is bigger than 4 MiB uncompressed"}},
	{"hostile_bomb_lying.zip", zipFixture(zf{name: "harness.go", body: fixtureSource}, zf{name: "zeros.bin", body: strings.Repeat("\x00", 5<<20), lieSize: 100}),
		ProblemBadArchive, []string{"zeros.bin holds more data than its header says"}},
	{"hostile_bomb_total.tar.gz", tgzFixture(bombTotal()...),
		ProblemBadArchive, []string{"more than 32 MiB uncompressed"}},
	{"hostile_bomb_count.tar.gz", tgzFixture(bombCount()...),
		ProblemBadArchive, []string{"more than 2000 entries"}},
	{"corrupt.zip", func(t testing.TB, path string) {
		z := makeZip(t, zf{name: "harness.go", body: fixtureSource})
		writeFile(t, path, z[:len(z)-40])
	}, ProblemBadArchive, []string{"corrupt.zip is not a zip archive, or it is damaged", "re-download"}},
	{"corrupt_notanarchive.tgz", func(t testing.TB, path string) {
		writeFile(t, path, []byte("This was saved from a web page instead of the archive.\n"))
	}, ProblemBadArchive, []string{"is not a zip or tar.gz archive", "plain text"}},
	{"empty.zip", zipFixture(), ProblemEmpty, []string{"empty"}},
	{"misnamed/Harness.go", func(t testing.TB, path string) { writeFile(t, path, []byte(fixtureSource)) },
		ProblemMissing, []string{"found Harness.go: the file must be named exactly harness.go"}},
	{"bad_source_latin1.zip", zipFixture(zf{name: "harness.go", body: "// Caf\xe9: saved as Latin-1.\npackage harness\n"}),
		ProblemBadSource, []string{"harness.go is not valid UTF-8 text (line 1)"}},
	{"bad_source_huge.tar.gz", tgzFixture(tf{name: "harness.go", body: fixtureSource + strings.Repeat("// padding padding padding padding\n", 20000)}),
		ProblemBadSource, []string{"harness.go is 683.7 KiB, more than the 512 KiB"}},
	{"hostile_symlink_file/harness.go", func(t testing.TB, path string) {
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.Remove(path)
		if err := os.Symlink("../misnamed/Harness.go", path); err != nil {
			t.Fatal(err)
		}
	}, ProblemBadSource, []string{"harness.go is a symbolic link, and links are not followed"}},
}

// bombTotal is nine files of 4 MiB of zeros each: each within the cap for
// one file, together over the cap for a submission.
func bombTotal() []tf {
	var entries []tf
	for i := range 9 {
		entries = append(entries, tf{name: fmt.Sprintf("zeros%d.bin", i), size: 4 << 20})
	}
	return entries
}

// bombCount is 2001 empty folders, one over the cap on entries.
func bombCount() []tf {
	var entries []tf
	for i := range 2001 {
		entries = append(entries, tf{name: fmt.Sprintf("%04d/", i)})
	}
	return entries
}

// TestFixtures takes each intake fixture in testdata/submissions with the
// default limits. With -update it writes them first.
func TestFixtures(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			path := filepath.Join(fixtureDir, filepath.FromSlash(fx.name))
			if *update {
				fx.make(t, path)
			}
			sources, _, err := Expand([]string{filepath.Join(fixtureDir, topElem(fx.name))}, []string{"harness.go"})
			if err != nil || len(sources) != 1 {
				t.Fatalf("Expand: %v, %v; want one submission (run go test -run TestFixtures -update to write the fixtures)", sources, err)
			}
			src := sources[0]
			work := t.TempDir()
			sub := Take(src, []string{"harness.go"}, work, Limits{})
			checkSubmission(t, takeCase{kind: fx.kind, words: fx.words}, sub, work)
		})
	}
}
