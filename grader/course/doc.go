// Package course builds the lesson chain from its one source.
//
// Every lesson's starter is the lesson before's solution with new gaps, so
// written out whole the chain repeats each file in every later lesson. The
// kit keeps it once: solutions/NN-slug holds only what lesson NN adds,
//
//   - each file the lesson brings, whole, with both texts in each gap:
//
//     // --- your code ---
//     return Validate(tool.Parameters, call.Arguments)
//     // --- starter ---
//     panic("checkArguments: not written yet")
//     // --- end ---
//
//   - and, for a file an earlier lesson brought, a patch: only the
//     declarations this lesson adds or writes differently (see Apply).
//
// From that, Generate computes every lesson's files: the starter (each gap
// holding the starter's lines) and the reference solution (each gap holding
// the solution's lines). Lesson NN's earlier files are lesson NN-1's solution
// with its gap markers taken out, and NN's patches written in. The same
// patches describe the kit's known-wrong variants: a variant holds only the
// declarations it writes differently from the reference solution.
//
// Goals: one edit to an early lesson reaches every later lesson and every
// variant; the generated files are byte for byte what an author would write
// by hand. Non-goals: merging edits made to generated files back into the
// source (edit the source and generate again).
package course
