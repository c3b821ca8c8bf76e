package grader

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Source says where the student files come from.
type Source struct {
	// Dir holds the lesson's student files. Empty means the lesson's own
	// folder, edited in place; then every .go file there counts.
	Dir string
	// Shown is how messages name Dir, for example a submission's name when
	// Dir is a temporary copy. Empty names Dir as given.
	Shown string
}

// studentFiles returns the student files to build, as a map from the file's
// path in the kit to the file to read, and the path to show the student.
func (l *Lesson) studentFiles(src Source) (map[string]string, map[string]string, *Result) {
	files, shown := map[string]string{}, map[string]string{}
	if src.Dir == "" {
		names, err := filepath.Glob(filepath.Join(l.Dir, "*.go"))
		if err != nil || len(names) == 0 {
			return nil, nil, failure(StatusMissing, fmt.Sprintf("%s has no .go files; it needs %s", l.Dir, strings.Join(l.StudentFiles, ", ")))
		}
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			files[n] = n
			shown[n] = ShownPath(n)
		}
		return files, shown, nil
	}
	info, err := os.Stat(src.Dir)
	if err != nil || !info.IsDir() {
		return nil, nil, failure(StatusMissing, fmt.Sprintf("%s is not a folder; give the folder that holds your %s", src.Dir, strings.Join(l.StudentFiles, ", ")))
	}
	for _, name := range l.StudentFiles {
		p := filepath.Join(src.Dir, name)
		if _, err := os.Stat(p); err != nil {
			return nil, nil, failure(StatusMissing, fmt.Sprintf("%s has no %s: lesson %s needs %s there (copy it from %s to start)",
				src.Dir, name, l.Number, strings.Join(l.StudentFiles, ", "), ShownPath(filepath.Join(l.Dir, name))))
		}
		abs, _ := filepath.Abs(p)
		kitPath := filepath.Join(l.Dir, name)
		files[kitPath] = abs
		shown[kitPath] = p
		if src.Shown != "" {
			shown[kitPath] = filepath.Join(src.Shown, name)
		}
	}
	return files, shown, nil
}

// MaxSourceBytes is the largest student file the engine reads.
const MaxSourceBytes = 512 << 10

// checkSources reports a student file that is not text, names the wrong
// package, or imports what the lesson does not allow.
func (l *Lesson) checkSources(files, shown map[string]string) *Result {
	allowed := l.AllowedImports
	for _, kitPath := range sortedKeys(files) {
		path, show := files[kitPath], shown[kitPath]
		data, err := os.ReadFile(path)
		if err != nil {
			return failure(StatusMissing, fmt.Sprintf("read %s: %v", show, err))
		}
		if len(data) > MaxSourceBytes {
			return failure(StatusBadSource, fmt.Sprintf("%s is %d bytes; a student file may be at most %d", show, len(data), MaxSourceBytes))
		}
		if !utf8.Valid(data) || strings.ContainsRune(string(data), 0) {
			return failure(StatusBadSource, fmt.Sprintf("%s is not UTF-8 text; save it as plain UTF-8 Go source", show))
		}
		f, err := parser.ParseFile(token.NewFileSet(), show, data, parser.ImportsOnly)
		if err != nil {
			// The compiler words syntax errors better; let the build report it.
			continue
		}
		if f.Name.Name != l.Package {
			return failure(StatusRejected, fmt.Sprintf("%s says package %s; lesson %s's files are package %s", show, f.Name.Name, l.Number, l.Package))
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !slices.Contains(allowed, p) {
				return failure(StatusRejected, fmt.Sprintf("%s imports %q, which lesson %s does not allow. This lesson needs only: %s",
					show, p, l.Number, strings.Join(allowed, ", ")))
			}
		}
	}
	return nil
}

func failure(status Status, msg string) *Result {
	return &Result{Status: status, Message: msg}
}

// ShownPath returns path relative to the working directory when it lies
// inside it, the way messages to a student name files; otherwise path.
func ShownPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
