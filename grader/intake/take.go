package intake

import (
	"fmt"
	"os"
	"path"
	"strings"
)

// scan is what was found in a submission, before any student file is taken.
type scan struct {
	entries  []entry // what the submission holds, folders included
	unlisted bool    // the listing stopped before the end (folders on disk only)
	listCap  int     // where the listing stops
	// lookup says what the submission holds at p, if anything.
	lookup func(p string) (entryKind, bool)
	// read returns the first MaxSourceBytes+1 bytes of the file at p and its
	// real size.
	read func(p string) (data []byte, size int64, pr *Problem)
}

// Take takes the student files out of src into a fresh folder under
// workDir, and lists everything else the submission holds. It never writes
// anything else, nor anywhere else; see the package documentation for what is
// refused. Student files are found at the submission's root, or inside the
// one folder the root holds when it holds nothing else (noise such as
// __MACOSX and .DS_Store, and hidden files such as .git, aside). A
// submission that cannot be graded as it is comes back with a Problem; Take
// itself never fails. The zero Limits means the defaults.
func Take(src Source, studentFiles []string, workDir string, limits Limits) Submission {
	sub := Submission{Name: src.Name}
	files, err := cleanStudentFiles(studentFiles)
	if err != nil {
		sub.Problem = problem(ProblemKitError, fmt.Sprintf("take submission %s: %v", display(src.Name), err))
		return sub
	}
	limits = limits.withDefaults()
	sub.Dir, err = os.MkdirTemp(workDir, dirPattern(src.Name))
	if err != nil {
		sub.Problem = problem(ProblemKitError, fmt.Sprintf("take submission %s: create its folder: %v", display(src.Name), err))
		return sub
	}
	sc, pr := scanSource(src, files, limits)
	if pr != nil {
		sub.Problem = pr
		return sub
	}
	taken, pr := pick(sc, files, limits)
	sub.Ignored = ignored(sc, files)
	if err := writeFiles(sub.Dir, files, taken); err != nil {
		sub.Problem = problem(ProblemKitError, fmt.Sprintf("take submission %s: %v", display(src.Name), err))
		return sub
	}
	for _, f := range files {
		if _, ok := taken[f]; ok {
			sub.Files = append(sub.Files, f)
		}
	}
	sub.Problem = pr
	return sub
}

// scanSource lists the submission src, by its kind.
func scanSource(src Source, files []string, limits Limits) (*scan, *Problem) {
	switch src.Kind {
	case KindDir:
		return scanFolder(src.Path, limits)
	case KindZip, KindTarGz:
		return scanArchive(src, files, limits)
	default:
		return nil, problem(ProblemKitError, fmt.Sprintf("take submission %s: unknown kind %q", display(src.Name), src.Kind))
	}
}

// pick finds each student file in sc and reads it. It returns the contents
// of the files taken, by student file, and the Problem, if any, with the
// files that were not taken.
func pick(sc *scan, files []string, limits Limits) (map[string][]byte, *Problem) {
	if isEmpty(sc.entries) {
		return nil, problem(ProblemEmpty, "the submission is empty: it holds no files"+emptyDetail(sc.entries))
	}
	prefix := rootPrefix(sc.entries)
	taken := make(map[string][]byte)
	var first *Problem
	var messages []string
	for _, sf := range files {
		data, pr := pickOne(sc, sf, prefix, limits)
		if pr == nil {
			taken[sf] = data
			continue
		}
		if first == nil {
			first = pr
		}
		messages = append(messages, pr.Message)
	}
	if first == nil {
		return taken, nil
	}
	message := strings.Join(messages, "; ")
	if len(files) > 1 {
		message += fmt.Sprintf(" (the lesson takes %s)", strings.Join(files, ", "))
	}
	return taken, problem(first.Kind, message)
}

// pickOne finds student file sf at prefix+sf and reads it.
func pickOne(sc *scan, sf, prefix string, limits Limits) ([]byte, *Problem) {
	p := prefix + sf
	kind, ok := sc.lookup(p)
	if !ok {
		return nil, problem(ProblemMissing, missingMessage(sf, prefix, sc.entries))
	}
	if pr := notRegular(p, kind); pr != nil {
		return nil, pr
	}
	data, size, pr := sc.read(p)
	if pr != nil {
		return nil, pr
	}
	if pr := checkSource(p, data, size, limits); pr != nil {
		return nil, pr
	}
	return data, nil
}

// isEmpty reports whether entries hold no file but noise.
func isEmpty(entries []entry) bool {
	for _, e := range entries {
		if e.kind != entryDir && !isNoise(e.path) {
			return false
		}
	}
	return true
}

// emptyDetail says what an empty submission holds, if anything.
func emptyDetail(entries []entry) string {
	if len(entries) == 0 {
		return ""
	}
	return " (only empty folders, or system files such as __MACOSX and .DS_Store): submit the folder that holds the lesson's files"
}

// rootPrefix is "name/" when the submission's root holds only the folder
// name (noise and hidden files aside), and "" otherwise.
func rootPrefix(entries []entry) string {
	top, isDir := "", false
	for _, e := range entries {
		if besideRoot(e.path) {
			continue
		}
		t := topElem(e.path)
		if top != "" && t != top {
			return ""
		}
		top = t
		if e.path == top && e.kind != entryDir {
			return ""
		}
		isDir = true
	}
	if !isDir {
		return ""
	}
	return top + "/"
}

// writeFiles writes the files taken into dir, through an os.Root, each
// created afresh with mode 0600.
func writeFiles(dir string, files []string, taken map[string][]byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("open its folder: %w", err)
	}
	defer root.Close()
	for _, sf := range files {
		data, ok := taken[sf]
		if !ok {
			continue
		}
		if d := path.Dir(sf); d != "." {
			if err := root.MkdirAll(d, 0o700); err != nil {
				return fmt.Errorf("write %s: %w", sf, err)
			}
		}
		f, err := root.OpenFile(sf, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return fmt.Errorf("write %s: %w", sf, err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", sf, err)
		}
	}
	return nil
}

// dirPattern is the os.MkdirTemp pattern for the folder of submission name:
// the name with anything but letters, digits, '.', '-' and '_' replaced.
func dirPattern(name string) string {
	safe := []rune(strings.Map(func(r rune) rune {
		if r < 0x80 && (r == '.' || r == '-' || r == '_' || 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9') {
			return r
		}
		return '_'
	}, name))
	if len(safe) > 64 {
		safe = safe[:64]
	}
	return strings.TrimLeft(string(safe), ".") + "-*"
}
