package report

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// claims remembers, for each run's folder this process writes to, which
// submission took which folder. Files on disk tell whose a folder is only
// once its result.json is written; until then only this memory does. It
// also tells folders apart the way the file system does (os.SameFile), so
// that on a case-insensitive file system "Alice" and "alice" are seen to
// be one folder.
var claims = struct {
	sync.Mutex
	byDir map[string][]claim
}{byDir: map[string][]claim{}}

// claim is a folder taken by a submission.
type claim struct {
	name   string      // the submission's name
	folder string      // its folder
	info   os.FileInfo // the folder, as the file system identifies it
}

// claimFolder finds, and creates if needed, the folder of the submission
// named name in the run's folder dir: FolderName(name) when it is free or
// already this submission's, else the name made safe with the hash suffix,
// then with "-2", "-3", ... after it. A folder is taken when another
// submission of this process claimed it, or when its result.json names
// another submission; a folder with no result.json (left by a stopped run)
// is free, and one whose result.json cannot be read is left alone.
func claimFolder(dir, name string) (string, error) {
	key, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	claims.Lock()
	defer claims.Unlock()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for i := 0; ; i++ {
		folder := folderCandidate(name, i)
		free, err := folderFree(key, filepath.Join(dir, folder), name)
		if err != nil {
			return "", err
		}
		if !free {
			continue
		}
		path := filepath.Join(dir, folder)
		if err := os.Mkdir(path, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		info, err := os.Stat(path)
		if err != nil {
			return "", err
		}
		claims.byDir[key] = append(claims.byDir[key], claim{name: name, folder: folder, info: info})
		return folder, nil
	}
}

// folderCandidate is the i-th folder name to try for the submission named
// name, counting from 0.
func folderCandidate(name string, i int) string {
	first := FolderName(name)
	hashed := safeName(name) + "-" + nameHash(name)
	switch {
	case i == 0:
		return first
	case first != hashed:
		i-- // the hashed name is the second try
		if i == 0 {
			return hashed
		}
	}
	return hashed + "-" + strconv.Itoa(i+1)
}

// folderFree reports whether path may hold the files of the submission
// named name: it does not exist, or it is a folder that is this
// submission's or nobody's. key identifies the run's folder in claims.
func folderFree(key, path, name string) (bool, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	if !info.IsDir() {
		return false, nil // a file in the way, such as a report on a case-insensitive file system
	}
	for _, c := range claims.byDir[key] {
		if os.SameFile(c.info, info) {
			return c.name == name, nil
		}
	}
	data, err := os.ReadFile(filepath.Join(path, ResultFile))
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	var doc resultDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return false, nil // unreadable: leave it for a person to look at, and take another
	}
	return doc.Result.Name == name, nil
}
