package intake

import (
	"fmt"
	"io"
	"strings"
)

// collector gathers the entries of an archive as it is read, enforcing the
// limits on the bytes actually read, and keeps in memory the few entries
// that may turn out to be student files. Nothing else is stored: every
// other entry's contents are read only to be counted.
type collector struct {
	limits  Limits
	want    map[string]bool // the student files
	entries []entry         // every entry but the archive's root
	kinds   map[string]entryKind
	count   int               // entries seen, the root included
	total   int64             // bytes read from all entries
	top     string            // the first top-level element that is not noise
	tops    int               // how many different top-level elements, noise aside (0, 1 or 2 meaning "more")
	bodies  map[string]*body  // candidate student files
	deep    map[string]string // by student file, the first entry at any depth that is it
	seen    map[string]int    // by student file, how many entries at any depth are it
	buf     []byte            // for reading entries
}

// body is a candidate student file: its first MaxSourceBytes+1 bytes and its
// real size.
type body struct {
	data []byte
	size int64
}

func newCollector(files []string, limits Limits) *collector {
	c := &collector{
		limits: limits,
		want:   make(map[string]bool),
		kinds:  make(map[string]entryKind),
		bodies: make(map[string]*body),
		deep:   make(map[string]string),
		seen:   make(map[string]int),
	}
	for _, f := range files {
		c.want[f] = true
	}
	return c
}

// add records the entry named name. It returns the entry's clean path ("" for
// the archive's root, which is not an entry of the submission), or a Problem
// when the archive must be refused: too many entries, a name that climbs out or
// is absolute, or a file that appears twice.
func (c *collector) add(name string, dirHint bool, kind entryKind) (string, *Problem) {
	if pr := c.tick(); pr != nil {
		return "", pr
	}
	p, isDir, refusal := cleanEntry(name)
	if refusal != "" {
		return "", unsafeProblem(refusal)
	}
	if p == "." {
		return "", nil
	}
	if isDir || dirHint {
		kind = entryDir
	}
	if old, dup := c.kinds[p]; dup && (old != entryDir || kind != entryDir) {
		return "", problem(ProblemBadArchive, fmt.Sprintf("entry %s appears twice in the archive, so which one counts is unclear: ask for the submission folder to be archived again", display(p)))
	}
	c.kinds[p] = kind
	c.entries = append(c.entries, entry{path: p, kind: kind})
	c.noteTop(p)
	return p, nil
}

// tick counts one more entry against the cap.
func (c *collector) tick() *Problem {
	c.count++
	if c.count > c.limits.MaxEntries {
		return countProblem(c.limits)
	}
	return nil
}

// noteTop follows the top-level elements of the archive. Once there are two,
// the archive has no single wrapping folder, and candidates inside a folder
// can no longer be student files: they are dropped.
func (c *collector) noteTop(p string) {
	if besideRoot(p) || c.tops > 1 {
		return
	}
	switch t := topElem(p); {
	case c.tops == 0:
		c.top, c.tops = t, 1
	case t != c.top:
		c.tops = 2
		for q := range c.bodies {
			if !c.want[q] && !c.firstDeep(q) {
				delete(c.bodies, q)
			}
		}
	}
}

// candidate reports whether p may be a student file: it is one at the root,
// or inside the one folder the archive holds so far, or the first entry at
// any depth that is one (taken when it stays the only one). It counts the
// entries at any depth that are each student file.
func (c *collector) candidate(p string) bool {
	first := false
	for sf := range c.want {
		if deepMatch(p, sf) {
			if c.seen[sf]++; c.seen[sf] == 1 {
				c.deep[sf], first = p, true
			}
		}
	}
	if c.want[p] || first {
		return true
	}
	top, rest, nested := strings.Cut(p, "/")
	return nested && c.tops == 1 && top == c.top && c.want[rest]
}

// firstDeep reports whether p is the first entry at any depth found to be
// a student file.
func (c *collector) firstDeep(p string) bool {
	for _, q := range c.deep {
		if q == p {
			return true
		}
	}
	return false
}

// declared checks the size an entry's header declares, before reading it.
// Headers are trusted only to refuse early, never to accept.
func (c *collector) declared(p string, size int64) *Problem {
	if size > c.limits.MaxFileBytes {
		return fileCapProblem(p, c.limits)
	}
	return nil
}

// read reads the contents of entry p from r to the end, counting every byte
// against the caps, and keeps them when p may be a student file. It returns a
// Problem for a cap, or the reader's own error for the caller to explain.
func (c *collector) read(p string, r io.Reader) (*Problem, error) {
	var b *body
	if c.candidate(p) {
		b = &body{}
		c.bodies[p] = b
	}
	var size int64
	if c.buf == nil {
		c.buf = make([]byte, 32<<10)
	}
	buf := c.buf
	for {
		n, err := r.Read(buf)
		size += int64(n)
		c.total += int64(n)
		if size > c.limits.MaxFileBytes {
			return fileCapProblem(p, c.limits), nil
		}
		if c.total > c.limits.MaxTotalBytes {
			return totalCapProblem(c.limits), nil
		}
		if b != nil {
			b.size = size
			if room := c.limits.MaxSourceBytes + 1 - int64(len(b.data)); room > 0 {
				b.data = append(b.data, buf[:min(int64(n), room)]...)
			}
		}
		if err == io.EOF {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// scan is what the collector gathered, for Take to decide on.
func (c *collector) scan() *scan {
	return &scan{
		entries: c.entries,
		lookup: func(p string) (entryKind, bool) {
			k, ok := c.kinds[p]
			return k, ok
		},
		read: func(p string) ([]byte, int64, *Problem) {
			b := c.bodies[p]
			if b == nil { // a bug: Take asked for a file that could not be a student file
				return nil, 0, problem(ProblemKitError, fmt.Sprintf("take %s: it was not kept while the archive was read", display(p)))
			}
			return b.data, b.size, nil
		},
	}
}
