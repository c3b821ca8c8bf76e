// Package mutate measures how well a lesson's checks catch the mistakes a
// student could make: it makes small wrong versions (mutants) of the
// reference solution, one change each, runs the lesson's checks on every one
// and counts the mutants the checks kill.
//
//	mutants, err := mutate.Generate("harness.go", solutionSource)
//	report := mutate.Run(ctx, mutants, check, equivalent, progress)
//	fmt.Println(report.Score())
//
// A mutant changes only what the student writes: code inside the gaps of the
// solution ("// --- your code ---" to "// --- end ---"), never the code the
// lesson hands over. The changes are the classic ones: a comparison or its
// boundary flipped, a logical or arithmetic operator swapped, a whole-number
// constant one higher or lower, true for false, a negation dropped, an if's
// condition negated or its branches swapped, a statement removed, break for
// continue, a function without results that returns at once.
//
// A mutant that does not compile is stillborn and counts for nothing. A
// mutant that passes every check has survived: either the checks miss a
// mistake, or the change makes no difference a student could be blamed for
// (an equivalent mutant). Equivalent mutants are listed, each with its
// reason, in the lesson's equivalent.txt (see ReadEquivalent), and are left
// out of the score.
//
// Goals: a score that says how many realistic mistakes the checks catch,
// repeatable (the same source gives the same mutants, in the same order, with
// the same names), and survivors shown as the line before and after, so that
// a course author can read them and write the check that is missing.
//
// Non-goals: deciding how a mutant is checked (the caller passes a Checker),
// or mutating code outside the gaps.
package mutate
