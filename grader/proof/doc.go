// Package proof is the kit proving itself, lesson by lesson (`labrun
// verify`, and TestVerify with a subtest per lesson): every starter builds
// and fails its checks, every solution passes them, every solution is its
// starter with only the gaps filled, every variant in testdata/variants gets
// exactly the outcome it declares, and every check is failed by at least
// one known-wrong variant.
//
//	proofs := proof.Verify(ctx, lessons, engine.Options{CheckTimeout: proof.CheckTimeout}, nil)
//	for _, p := range proofs {
//		for _, f := range p.Findings {
//			fmt.Println(f.Lesson, f.Text)
//		}
//	}
//
// It runs every copy through engine.Check, the path `labrun check` and
// `labrun grade` take, with a check limit of CheckTimeout, counted in
// processor time, which a machine busy with other work does not change.
//
// Non-goals: proving the kit's Go code (its own tests do) or the lessons'
// prose (TestLessonREADMEs keeps each README's cells and lists of checks
// equal to what the kit runs).
package proof
