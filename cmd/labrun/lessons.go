package main

import "harnesslab/grader"

// neighbours returns the lessons before and after l in the kit, nil where
// there is none.
func neighbours(kit *grader.Kit, l *grader.Lesson) (prev, next *grader.Lesson, err error) {
	lessons, err := kit.Lessons()
	if err != nil {
		return nil, nil, err
	}
	for i, x := range lessons {
		if x.Number != l.Number {
			continue
		}
		if i > 0 {
			prev = lessons[i-1]
		}
		if i+1 < len(lessons) {
			next = lessons[i+1]
		}
	}
	return prev, next, nil
}

// nextNumber is the number of the lesson after l, or "".
func nextNumber(kit *grader.Kit, l *grader.Lesson) string {
	numbers, err := kit.LessonNumbers()
	if err != nil {
		return ""
	}
	for i, n := range numbers {
		if n == l.Number && i+1 < len(numbers) {
			return numbers[i+1]
		}
	}
	return ""
}
