package grader

import "testing"

// testKit returns the kit these tests run in, and its lessons.
func testKit(t *testing.T) (*Kit, []*Lesson) {
	t.Helper()
	kit, err := FindKit(".")
	if err != nil {
		t.Fatal(err)
	}
	lessons, err := kit.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	if len(lessons) == 0 {
		t.Fatal("the kit has no lessons")
	}
	return kit, lessons
}

// solutionDir returns the folder of l's generated reference solution.
func solutionDir(t testing.TB, l *Lesson) string {
	t.Helper()
	dir, err := l.SolutionDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// starterDir returns the folder of l's generated pristine starter.
func starterDir(t testing.TB, l *Lesson) string {
	t.Helper()
	dir, err := l.StarterDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
