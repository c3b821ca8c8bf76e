package intake

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
)

// scanFolder lists the submission folder dir, without following any
// symbolic link, and reads student files from it through an os.Root. The
// listing stops after limits.MaxEntries entries below the top level (the top
// level is always listed in full); student files are looked up directly, so a
// long listing never hides one.
func scanFolder(dir string, limits Limits) (*scan, *Problem) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, problem(ProblemKitError, fmt.Sprintf("open submission folder %s: %v", display(dir), err))
	}
	sc := &scan{
		listCap: limits.MaxEntries,
		lookup: func(p string) (entryKind, bool) {
			fi, err := root.Lstat(p)
			if err != nil {
				return 0, false
			}
			return kindOf(fi.Mode()), true
		},
		read: func(p string) ([]byte, int64, *Problem) { return readFolderFile(root, p, limits) },
	}
	if err := listFolder(root.FS(), sc, limits.MaxEntries); err != nil {
		return nil, problem(ProblemKitError, fmt.Sprintf("list submission folder %s: %v", display(dir), err))
	}
	return sc, nil
}

// listFolder lists fsys into sc: its top level in full, then what lies
// below, until max entries below the top level have been listed.
func listFolder(fsys fs.FS, sc *scan, max int) error {
	tops, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return err
	}
	for _, d := range tops {
		sc.entries = append(sc.entries, entry{path: d.Name(), kind: kindOf(d.Type())})
	}
	deep := 0
	for _, d := range tops {
		if !d.IsDir() || sc.unlisted {
			continue
		}
		err := fs.WalkDir(fsys, d.Name(), func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil // an unreadable folder is left out of the listing
			case path.Dir(p) == ".":
				return nil // listed above
			case deep == max:
				sc.unlisted = true
				return fs.SkipAll
			}
			deep++
			sc.entries = append(sc.entries, entry{path: p, kind: kindOf(d.Type())})
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// kindOf says what an entry with mode m is.
func kindOf(m fs.FileMode) entryKind {
	switch {
	case m.IsDir():
		return entryDir
	case m.Type() == 0:
		return entryFile
	case m.Type() == fs.ModeSymlink:
		return entryLink
	default:
		return entryOther
	}
}

// readFolderFile reads the student file p from root: at most MaxSourceBytes+1
// bytes, and only when p and every folder above it are real, not links.
func readFolderFile(root *os.Root, p string, limits Limits) ([]byte, int64, *Problem) {
	for dir := path.Dir(p); dir != "."; dir = path.Dir(dir) {
		if fi, err := root.Lstat(dir); err != nil || !fi.IsDir() {
			return nil, 0, problem(ProblemBadSource, fmt.Sprintf("%s is inside %s, which is a link or not a folder: links are not followed; submit the files themselves", display(p), display(dir)))
		}
	}
	before, err := root.Lstat(p)
	if err != nil {
		return nil, 0, problem(ProblemKitError, fmt.Sprintf("read %s: %v", display(p), err))
	}
	if pr := notRegular(p, kindOf(before.Mode())); pr != nil {
		return nil, 0, pr
	}
	f, err := root.Open(p)
	if err != nil {
		return nil, 0, problem(ProblemKitError, fmt.Sprintf("read %s: %v", display(p), err))
	}
	defer f.Close()
	after, err := f.Stat()
	if err != nil || !os.SameFile(before, after) {
		return nil, 0, problem(ProblemBadSource, fmt.Sprintf("%s changed while it was being read: grade the submission again", display(p)))
	}
	data, err := io.ReadAll(io.LimitReader(f, limits.MaxSourceBytes+1))
	if err != nil {
		return nil, 0, problem(ProblemKitError, fmt.Sprintf("read %s: %v", display(p), err))
	}
	return data, max(int64(len(data)), after.Size()), nil
}

// notRegular refuses a student file p of kind k that is not a regular file.
func notRegular(p string, k entryKind) *Problem {
	switch k {
	case entryFile:
		return nil
	case entryLink:
		return problem(ProblemBadSource, fmt.Sprintf("%s is a symbolic link, and links are not followed: submit the file itself", display(p)))
	case entryDir:
		return problem(ProblemMissing, fmt.Sprintf("%s is a folder, not a file", display(p)))
	default:
		return problem(ProblemBadSource, fmt.Sprintf("%s is not a regular file (a device, pipe or socket): submit the file itself", display(p)))
	}
}
