package course

import (
	"fmt"
	"strings"
)

// Apply returns the Go file base with the declarations of patch written in.
// name is how errors name the file.
//
// A patch is a Go file of the same package that holds only what changes,
// declaration by declaration:
//   - a declaration base also has (same name: "Chat", "(*Agent).Run",
//     "imports", a type, var or const group by its first name) replaces it
//     where it stands, with the comments and blank lines before it;
//   - a new declaration goes right after the one before it in the patch, or
//     right after the imports (or the package clause) when it comes first;
//   - a package doc in the patch replaces base's;
//   - a line "//course:remove Name..." removes those declarations;
//   - a patch that gives every declaration of base is the whole file: the
//     result is the patch itself, in its own order. That is how a patch
//     reorders declarations.
func Apply(name string, base, patch []byte) ([]byte, error) {
	bs, err := splitFile(name, base)
	if err != nil {
		return nil, err
	}
	patch, removed := removals(patch)
	ps, err := splitFile(name+" (patch)", patch)
	if err != nil {
		return nil, err
	}
	if pkg(bs) != pkg(ps) {
		return nil, fmt.Errorf("patch %s: its package clause %q differs from the file's %q", name, pkg(ps), pkg(bs))
	}
	if coversAll(bs, ps) {
		return patch, nil
	}
	out := append([]chunk(nil), bs...)
	if hasDoc(ps[0]) {
		out[0] = ps[0]
	}
	after := max(indexOf(out, "imports"), 0) // the index in out after which a new declaration goes
	for _, p := range ps[1:] {
		if p.name == "tail" {
			if strings.TrimSpace(p.text) != "" {
				out = setTail(out, p)
			}
			continue
		}
		if i := indexOf(out, p.name); i >= 0 {
			out[i] = p
			after = i
			continue
		}
		after++
		if after < len(out) && out[after-1].name == "tail" {
			after-- // never after the tail
		}
		out = append(out[:after], append([]chunk{p}, out[after:]...)...)
	}
	for _, r := range removed {
		i := indexOf(out, r)
		if i < 0 {
			return nil, fmt.Errorf("patch %s: //course:remove %s: the file has no such declaration", name, r)
		}
		out = append(out[:i], out[i+1:]...)
	}
	return joinChunks(out), nil
}

// removeLine starts a patch's line that names declarations to remove.
const removeLine = "//course:remove "

// removals returns the patch without its remove lines, and the names they
// list.
func removals(patch []byte) ([]byte, []string) {
	var keep strings.Builder
	var names []string
	for _, line := range strings.SplitAfter(string(patch), "\n") {
		if rest, ok := strings.CutPrefix(line, removeLine); ok {
			names = append(names, strings.Fields(rest)...)
			continue
		}
		keep.WriteString(line)
	}
	return []byte(keep.String()), names
}

// pkg returns the package clause's last line: "package harness".
func pkg(cs []chunk) string {
	lines := strings.Split(strings.TrimRight(cs[0].text, "\n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// hasDoc reports whether a header chunk holds more than the package clause.
func hasDoc(c chunk) bool {
	return strings.TrimSpace(c.text) != pkg([]chunk{c})
}

// coversAll reports whether the patch names every declaration of base.
func coversAll(base, patch []chunk) bool {
	for _, b := range base[1:] {
		if b.name != "tail" && indexOf(patch, b.name) < 0 {
			return false
		}
	}
	return true
}

func indexOf(cs []chunk, name string) int {
	for i, c := range cs {
		if c.name == name {
			return i
		}
	}
	return -1
}

func setTail(cs []chunk, tail chunk) []chunk {
	if n := len(cs); cs[n-1].name == "tail" {
		cs[n-1] = tail
		return cs
	}
	return append(cs, tail)
}

// Diff returns the smallest patch that Apply turns base into target: the
// declarations of target that base lacks or holds written differently, each
// new one with the declaration before it, so that it lands in its place,
// and a remove line for those target lacks. When no such patch gives target
// back (declarations moved), the patch is the whole of target.
func Diff(name string, base, target []byte) ([]byte, error) {
	bs, err := splitFile(name, base)
	if err != nil {
		return nil, err
	}
	ts, err := splitFile(name, target)
	if err != nil {
		return nil, err
	}
	keep := make([]bool, len(ts))
	for i, t := range ts[1:] {
		j := indexOf(bs, t.name)
		if j < 0 || bs[j].text != t.text {
			keep[i+1] = true
			if j < 0 && i > 0 {
				keep[i] = true // the one before, so the new one lands after it
			}
		}
	}
	var b strings.Builder
	if ts[0].text != bs[0].text {
		b.WriteString(ts[0].text)
	} else {
		b.WriteString(pkg(ts) + "\n")
	}
	var gone []string
	for _, b := range bs[1:] {
		if b.name != "tail" && indexOf(ts, b.name) < 0 {
			gone = append(gone, b.name)
		}
	}
	if len(gone) > 0 {
		b.WriteString(removeLine + strings.Join(gone, " ") + "\n")
	}
	any := len(gone) > 0
	for i, t := range ts[1:] {
		if keep[i+1] {
			b.WriteString(t.text)
			any = true
		}
	}
	patch := []byte(b.String())
	if !any && ts[0].text == bs[0].text {
		return nil, nil
	}
	if got, err := Apply(name, base, patch); err == nil && string(got) == string(target) {
		return patch, nil
	}
	return target, nil
}
