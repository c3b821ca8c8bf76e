package lab

import (
	"fmt"
	"io/fs"
	"sort"
	"sync"
)

// Workspace is a small disk held in memory. It writes down every path anybody
// reads, in order, so that a cell or a check can see what was really read.
// It is safe for use by several goroutines at once.
type Workspace struct {
	mu     sync.Mutex
	files  map[string]string
	reads  []string
	writes []string
}

// NewWorkspace returns a workspace holding a copy of files (path to text).
func NewWorkspace(files map[string]string) *Workspace {
	w := &Workspace{files: make(map[string]string, len(files))}
	for path, text := range files {
		w.files[path] = text
	}
	return w
}

// ReadText returns the text of the file at path and logs the read, whether or
// not the file exists. Reading a missing file is an error that names the path
// and wraps fs.ErrNotExist.
func (w *Workspace) ReadText(path string) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reads = append(w.reads, path)
	text, ok := w.files[path]
	if !ok {
		return "", fmt.Errorf("read %s: %w", path, fs.ErrNotExist)
	}
	return text, nil
}

// WriteText sets the text of the file at path, creating it if needed, and
// logs the write.
func (w *Workspace) WriteText(path, text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, path)
	w.files[path] = text
}

// Reads returns every path read so far, in order.
func (w *Workspace) Reads() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string{}, w.reads...)
}

// Writes returns every path written so far, in order.
func (w *Workspace) Writes() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string{}, w.writes...)
}

// Paths returns the paths of every file, sorted.
func (w *Workspace) Paths() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	paths := make([]string, 0, len(w.files))
	for p := range w.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// Peek returns the text of the file at path without logging a read, for code
// that inspects the disk from outside the story (a check, a cell's last line).
func (w *Workspace) Peek(path string) (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	text, ok := w.files[path]
	return text, ok
}
