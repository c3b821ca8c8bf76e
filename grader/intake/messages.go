package intake

import "fmt"

// What to do about a refused archive, appended to its messages.
const (
	adviceRedownload = "re-download the submission, or ask the student to archive the submission folder again"
	adviceBomb       = "it may be an archive bomb: ask for an archive of just the submission folder"
	adviceUnsafe     = "the whole archive is refused: ask for a plain .zip or .tar.gz of the submission folder, without links"
)

// unsafeProblem refuses an archive for an entry that climbs out, is absolute,
// or is a link or a special file; refusal names the entry.
func unsafeProblem(refusal string) *Problem {
	return problem(ProblemBadArchive, refusal+"; "+adviceUnsafe)
}

// bombProblem refuses an archive for a cap; what says which.
func bombProblem(what string) *Problem {
	return problem(ProblemBadArchive, what+"; "+adviceBomb)
}

// fileCapProblem refuses an archive holding entry p bigger than the cap for
// one file.
func fileCapProblem(p string, l Limits) *Problem {
	return bombProblem(fmt.Sprintf("entry %s is bigger than %s uncompressed (the cap for one file)", display(p), formatBytes(l.MaxFileBytes)))
}

// totalCapProblem refuses an archive holding more than the cap for a
// submission.
func totalCapProblem(l Limits) *Problem {
	return bombProblem(fmt.Sprintf("the archive holds more than %s uncompressed (the cap for one submission)", formatBytes(l.MaxTotalBytes)))
}

// damagedProblem refuses an archive that cannot be read; what says what was
// wrong.
func damagedProblem(what string) *Problem {
	return problem(ProblemBadArchive, what+": "+adviceRedownload)
}

// countProblem refuses an archive holding more entries than the cap.
func countProblem(l Limits) *Problem {
	return bombProblem(fmt.Sprintf("the archive holds more than %d entries (the cap for one submission)", l.MaxEntries))
}
