// A fixture of grader/intake: see testdata/submissions/README.md.
package harness
