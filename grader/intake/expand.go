package intake

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Expand turns the PATH arguments of `labrun grade` into sources. A PATH is
// a submission folder, a .zip, .tar.gz or .tgz archive, or a folder of those:
// each child folder or archive is one submission, and the other children
// (plain files, links, hidden files, __MACOSX) come back in skipped, quoted
// when not printable. A folder is one submission when it holds a .go file or
// a student file at its top level, or inside the one folder it holds (hidden
// files aside); when it is empty; or when it holds neither folders nor
// archives.
//
// A submission's name is its base name without the archive extension,
// whatever it holds: a tab, a newline, a terminal escape, a report's name
// such as grades.csv. Only bytes that are not UTF-8 are changed, to Go
// escapes (`\xff`), so the name survives the JSON reports. Reports make
// each name safe where they write it (report.FolderName, report.DisplayName);
// names that differ only in letter case are two submissions. Two submissions
// with exactly the same name are an error naming both paths, since nothing
// in the gradebook could tell them apart. Sources come back sorted by name,
// skipped paths sorted.
func Expand(paths []string, studentFiles []string) (sources []Source, skipped []string, err error) {
	files, err := cleanStudentFiles(studentFiles)
	if err != nil {
		return nil, nil, fmt.Errorf("expand submissions: %w", err)
	}
	for _, p := range paths {
		found, skip, err := expandPath(p, files)
		if err != nil {
			return nil, nil, fmt.Errorf("expand submissions: %w", err)
		}
		sources = append(sources, found...)
		skipped = append(skipped, skip...)
	}
	if err := checkNames(sources); err != nil {
		return nil, nil, fmt.Errorf("expand submissions: %w", err)
	}
	slices.SortFunc(sources, func(a, b Source) int { return strings.Compare(a.Name, b.Name) })
	slices.Sort(skipped)
	return sources, skipped, nil
}

// expandPath turns one PATH into sources.
func expandPath(p string, files []string) ([]Source, []string, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case fi.Mode().IsRegular():
		kind, name, ok := archiveKind(filepath.Base(p))
		if !ok {
			return nil, nil, fmt.Errorf("%s is not a folder, .zip, .tar.gz or .tgz", display(p))
		}
		if !nameable(name) {
			return nil, nil, fmt.Errorf("%s gives no usable submission name: rename it", display(p))
		}
		return []Source{{Name: submissionName(name), Path: p, Kind: kind}}, nil, nil
	case fi.IsDir():
		one, err := isSubmissionFolder(p, files)
		if err != nil {
			return nil, nil, err
		}
		if one {
			if !nameable(baseName(p)) {
				return nil, nil, fmt.Errorf("%s gives no usable submission name: rename it", display(p))
			}
			return []Source{{Name: submissionName(baseName(p)), Path: p, Kind: KindDir}}, nil, nil
		}
		return expandChildren(p)
	default:
		return nil, nil, fmt.Errorf("%s is not a folder, .zip, .tar.gz or .tgz", display(p))
	}
}

// expandChildren turns each child of the folder of submissions dir into a
// source, or skips it. Links are skipped, not followed.
func expandChildren(dir string) ([]Source, []string, error) {
	children, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var sources []Source
	var skipped []string
	for _, c := range children {
		p := filepath.Join(dir, c.Name())
		kind, name, archive := archiveKind(c.Name())
		switch {
		case strings.HasPrefix(c.Name(), ".") || isNoise(c.Name()):
			skipped = append(skipped, display(p))
		case c.Type().IsDir():
			sources = append(sources, Source{Name: submissionName(c.Name()), Path: p, Kind: KindDir})
		case c.Type().IsRegular() && archive && nameable(name):
			sources = append(sources, Source{Name: submissionName(name), Path: p, Kind: kind})
		default:
			skipped = append(skipped, display(p))
		}
	}
	return sources, skipped, nil
}

// isSubmissionFolder reports whether dir is one submission rather than a
// folder of submissions.
func isSubmissionFolder(dir string, files []string) (bool, error) {
	children, err := readDirNoNoise(dir)
	if err != nil {
		return false, err
	}
	if len(children) == 0 || holdsStudentWork(children, files) {
		return true, nil
	}
	if len(children) == 1 && children[0].IsDir() {
		inner, err := readDirNoNoise(filepath.Join(dir, children[0].Name()))
		if err != nil {
			return false, err
		}
		if holdsStudentWork(inner, files) {
			return true, nil
		}
	}
	for _, c := range children {
		if _, _, archive := archiveKind(c.Name()); c.IsDir() || archive {
			return false, nil
		}
	}
	return true, nil
}

// readDirNoNoise lists dir, leaving out hidden files and noise such as
// __MACOSX, .git and .DS_Store.
func readDirNoNoise(dir string) ([]os.DirEntry, error) {
	children, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(children, func(c os.DirEntry) bool {
		return isNoise(c.Name()) || strings.HasPrefix(c.Name(), ".")
	}), nil
}

// holdsStudentWork reports whether children hold a .go file or a student
// file (or the first folder of one), letter case aside.
func holdsStudentWork(children []os.DirEntry, files []string) bool {
	for _, c := range children {
		if !c.IsDir() && strings.EqualFold(filepath.Ext(c.Name()), ".go") {
			return true
		}
		for _, f := range files {
			if strings.EqualFold(c.Name(), topElem(f)) {
				return true
			}
		}
	}
	return false
}

// checkNames refuses two sources with the same name. Names that differ in
// letter case are different submissions: the reports give each its own
// folder, even on a file system that ignores case.
func checkNames(sources []Source) error {
	byName := make(map[string]Source, len(sources))
	for _, s := range sources {
		if old, dup := byName[s.Name]; dup {
			return fmt.Errorf("%s and %s both make a submission named %s: rename or remove one, so that each student has one name in the gradebook", display(old.Path), display(s.Path), display(s.Name))
		}
		byName[s.Name] = s
	}
	return nil
}

// nameable reports whether name, the base name of a submission's path
// without its extension, can name a submission: it names something other
// than its own parent or nothing (an archive named ".zip" or "..zip").
// Hidden names are skipped before this is asked.
func nameable(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/"+string(filepath.Separator))
}

// submissionName is name as a submission's name: itself when it is UTF-8,
// and otherwise with Go escapes for every byte that is not printable, so the
// name can be written in JSON without losing what told it apart.
func submissionName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	q := strconv.Quote(name)
	return q[1 : len(q)-1]
}
