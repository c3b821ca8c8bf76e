// Package results holds the words the grader's parts share about an outcome:
// the Status of a copy of a lesson, the Kind of a failed check, and the
// Result and CheckResult types that checking, grading, intake and the
// reports all read and write.
//
//	r := results.Result{Name: "alice", Lesson: "02", Status: results.StatusFailed}
//	r.Checks = append(r.Checks, results.CheckResult{Name: "calls_in_order",
//		Kind: results.KindTimeout, Message: "timed out: ..."})
//
// Goals: one spelling of every status and kind, typed so that a misspelt one
// does not compile; types with no behaviour beyond their JSON form.
//
// Non-goals: deciding outcomes (package grader does) or formatting them for
// gradebooks (package report does). Of the project it imports only package
// lab (a check's transcripts are lab.Transcript values), so any part of the
// grader may import it.
package results
