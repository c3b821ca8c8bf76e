// Package intake turns the PATH arguments of `labrun grade NN PATH...` into
// submissions, safely: it finds the submissions among the paths, and takes
// only a lesson's student files out of each one into a fresh folder.
//
//	sources, skipped, err := intake.Expand(paths, []string{"harness.go"})
//	if err != nil {
//		return err // a usage error: a missing path, two submissions with one name
//	}
//	for _, p := range skipped {
//		fmt.Printf("skipped %s: not a submission\n", p)
//	}
//	for _, src := range sources {
//		sub := intake.Take(src, []string{"harness.go"}, workDir, intake.Limits{})
//		if sub.Problem != nil {
//			// grade 0 with status sub.Problem.Kind and reason sub.Problem.Message
//			continue
//		}
//		// build and check the student files in sub.Dir
//	}
//
// A PATH is a submission folder, a .zip, .tar.gz or .tgz archive, or a folder
// of those. Take never trusts a submission: archive entries that climb out of
// the archive, absolute paths, links and special files make the whole archive
// refused; entry count and sizes are capped by counting the bytes actually read;
// only the student files are ever written, and only into a new folder under the
// work folder the caller gives. Student files in a folder on disk are read
// through os.Root and never through a symbolic link.
//
// Everything that goes wrong with a submission is a Problem whose Kind is one
// of the grader's statuses ("empty", "missing", "bad_archive", "bad_source")
// and whose Message is a sentence for the instructor and the student: what was
// wrong and what to do about it.
//
// Non-goals: intake does not compile, check or judge the student files, and it
// does not read archive formats other than zip and (gzip-compressed) tar.
package intake
