package build

import (
	"debug/elf"
	"fmt"
	"strings"

	"harnesslab/grader"
	"harnesslab/grader/results"
)

// loaderNeeds lists what the program at path asks of a dynamic loader: the
// loader itself (a PT_INTERP program header) and the libraries it loads
// (DT_NEEDED entries). A check program needs neither: it is linked
// statically, so that nothing but Go runs in it.
func loaderNeeds(path string) ([]string, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var needs []string
	for _, p := range f.Progs {
		if p.Type != elf.PT_INTERP {
			continue
		}
		data := make([]byte, p.Filesz)
		if _, err := p.ReadAt(data, 0); err != nil {
			return nil, fmt.Errorf("read its PT_INTERP header: %w", err)
		}
		needs = append(needs, "the dynamic loader "+strings.TrimRight(string(data), "\x00"))
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return nil, fmt.Errorf("read its dynamic section: %w", err)
	}
	for _, lib := range libs {
		needs = append(needs, "the library "+lib)
	}
	return needs, nil
}

// refuseLoader refuses a check program of lesson l that would start through a dynamic
// loader: the loader, and the libraries it loads, would run before Go
// starts, outside everything that keeps student code inside safe Go. Only
// student code can make the linker produce one (the kit's own programs are
// static), for example with a //go:cgo_import_dynamic line.
func refuseLoader(l *grader.Lesson, bin string) *results.Result {
	needs, err := loaderNeeds(bin)
	if err != nil {
		return failure(results.StatusKitError, fmt.Sprintf("inspect the check program %s: %v", bin, err))
	}
	if len(needs) == 0 {
		return nil
	}
	return failure(results.StatusRejected, fmt.Sprintf("Your code made the check program need %s, which would run before Go starts. "+
		"A //go: line such as //go:cgo_import_dynamic in your files does this: remove it; lesson %s needs no //go: lines.",
		strings.Join(needs, " and "), l.Number))
}
