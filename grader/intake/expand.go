package intake

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Expand turns the PATH arguments of `labrun grade` into sources. A PATH is
// a submission folder, a .zip, .tar.gz or .tgz archive, or a folder of those:
// each child folder or archive is one submission, and the other children
// (plain files, links, hidden files, __MACOSX, names that are not printable)
// come back in skipped, quoted when not printable. A folder is one
// submission when it holds a .go file or a student file at its top level, or
// inside the one folder it holds (hidden files aside); when it is empty; or
// when it holds neither folders nor archives. A submission's name is its base
// name without the archive extension; two submissions whose names differ only
// in letter case are an error naming both paths, since their reports would
// collide. Sources come back sorted by name, skipped paths sorted.
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
		if !usableName(name) {
			return nil, nil, fmt.Errorf("%s gives no usable submission name: rename it", display(p))
		}
		return []Source{{Name: name, Path: p, Kind: kind}}, nil, nil
	case fi.IsDir():
		one, err := isSubmissionFolder(p, files)
		if err != nil {
			return nil, nil, err
		}
		if one {
			if !usableName(baseName(p)) {
				return nil, nil, fmt.Errorf("%s gives no usable submission name: rename it", display(p))
			}
			return []Source{{Name: baseName(p), Path: p, Kind: KindDir}}, nil, nil
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
		case c.Type().IsDir() && usableName(c.Name()):
			sources = append(sources, Source{Name: c.Name(), Path: p, Kind: KindDir})
		case c.Type().IsRegular() && archive && usableName(name):
			sources = append(sources, Source{Name: name, Path: p, Kind: kind})
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

// checkNames refuses two sources whose names are equal, letter case aside.
func checkNames(sources []Source) error {
	byName := make(map[string]Source, len(sources))
	for _, s := range sources {
		key := strings.ToLower(s.Name)
		if old, dup := byName[key]; dup {
			return fmt.Errorf("%s and %s both make a submission named %s: rename one (names must differ, letter case aside)", display(old.Path), display(s.Path), display(s.Name))
		}
		byName[key] = s
	}
	return nil
}
