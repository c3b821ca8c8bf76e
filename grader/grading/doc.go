// Package grading grades a class: many submissions of one lesson, in
// parallel, each in a sandbox, with results written as each finishes so that
// an interrupted run loses nothing.
//
//	out, err := grading.Run(ctx, grading.Config{
//		Kit: kit, Lesson: lesson, Paths: []string{"submissions/"},
//		Out: "grades", Jobs: 2,
//	})
//
// Goals: finish whatever the submissions do; give every student a fair and
// repeatable grade with a reason; never let student code or a hostile
// archive touch anything outside its own folder; and write what gradebooks
// already read (see package report); and survive being stopped: a run whose
// context is canceled records nothing in flight, and a run resumed after a
// stop or a kill gives the grades of a run never stopped.
//
// Non-goals: spreading one run over several machines (split a cohort with
// Config.Shard and merge the results with report.Load and report.WriteRun).
package grading
