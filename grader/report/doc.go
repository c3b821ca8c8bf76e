// Package report writes the reports of a grading run: what an instructor
// hands to a gradebook, a CI dashboard or Gradescope.
//
//	for r := range finished { // as each submission finishes
//		if err := report.WriteSubmission(out, r, opt); err != nil {
//			return err
//		}
//	}
//	results, err := report.Load(out) // every submission in out, earlier runs included
//	if err != nil {
//		return err
//	}
//	if err := report.WriteRun(out, results, opt); err != nil {
//		return err
//	}
//	return report.WriteSummary(os.Stdout, results)
//
// A run's folder holds, for each submission, a folder named after it
// (FolderName: the name itself when it is safe as a folder name everywhere,
// else a safe form of it with a hash of the name):
//
//	FOLDER/results.json  Gradescope's autograder results (WriteGradescope)
//	FOLDER/result.json   the results.Result itself, read back by Load
//
// and for the whole run, rebuilt from those by WriteRun:
//
//	grades.csv   one row per submission, one column per check (WriteCSV)
//	junit.xml    one testsuite per submission, one testcase per check (WriteJUnit)
//	report.json  everything in one versioned document (WriteReport)
//
// Goals: every file is written atomically, so an interrupted run leaves each
// file whole or absent, and a resumed run (Load, then grade the rest) loses
// nothing; the same results give the same bytes (nothing depends on the
// clock, maps or input order, and Options.ZeroDurations removes timings);
// student text cannot break a format: control characters are replaced where
// a reader would choke on them (XML, Gradescope), CSV cells cannot start a
// spreadsheet formula; every submission gets its folder and its row in every
// report whatever its name holds (a report's own name, a slash, a tab), the
// reports giving both its name, escaped where needed (DisplayName), and its
// folder.
//
// Non-goals: grading, deciding scores (the package writes results.Result as
// given) and merging runs from several machines (Load each folder, then
// WriteRun once).
package report
