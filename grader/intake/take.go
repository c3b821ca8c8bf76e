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
// __MACOSX and .DS_Store, and hidden files such as .git, aside), or else
// wherever the submission holds them, at any depth, when it holds each in
// exactly one place (Notes says where; two places are a Problem naming
// them). A
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
	taken, where, pr := pick(sc, files, limits)
	sub.Ignored = ignored(sc, files, where)
	prefix := rootPrefix(sc.entries)
	for _, sf := range files {
		if p, ok := where[sf]; ok && p != prefix+sf {
			if _, took := taken[sf]; took {
				sub.Notes = append(sub.Notes, foundDeep(sf, p))
			}
		}
	}
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
// of the files taken and the path each student file was found at, by
// student file, and the Problem, if any, with the files that were not taken.
func pick(sc *scan, files []string, limits Limits) (map[string][]byte, map[string]string, *Problem) {
	if isEmpty(sc.entries) {
		return nil, nil, problem(ProblemEmpty, "the submission is empty: it holds no files"+emptyDetail(sc.entries))
	}
	prefix := rootPrefix(sc.entries)
	taken := make(map[string][]byte)
	where := make(map[string]string)
	var first *Problem
	var messages []string
	for _, sf := range files {
		p, pr := locate(sc, sf, prefix)
		var data []byte
		if pr == nil {
			where[sf] = p
			data, pr = pickOne(sc, p, limits)
		}
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
		return taken, where, nil
	}
	message := strings.Join(messages, "; ")
	if len(files) > 1 {
		message += fmt.Sprintf(" (the lesson takes %s)", strings.Join(files, ", "))
	}
	return taken, where, problem(first.Kind, message)
}

// locate finds student file sf: at prefix+sf, where the lesson puts it, or
// else in the one place at any depth the submission holds it. Two places
// or none are a Problem.
func locate(sc *scan, sf, prefix string) (string, *Problem) {
	if _, ok := sc.lookup(prefix + sf); ok {
		return prefix + sf, nil
	}
	switch places := placesOf(sc.entries, sf); {
	case len(places) == 1:
		return places[0], nil
	case len(places) > 1:
		return "", problem(ProblemMissing, twiceMessage(sf, places))
	}
	return "", problem(ProblemMissing, missingMessage(sf, prefix, sc.entries))
}

// pickOne reads the student file found at p.
func pickOne(sc *scan, p string, limits Limits) ([]byte, *Problem) {
	kind, ok := sc.lookup(p)
	if !ok {
		return nil, problem(ProblemKitError, fmt.Sprintf("take %s: it was listed but is gone", display(p)))
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
