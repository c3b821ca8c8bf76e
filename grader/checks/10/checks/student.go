package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from the student's files; keeping the checks out of
// package main means they are compiled once.
type Student struct {
	NewEdits func(ws *lab.Workspace) Edits
	RunTool  func(tools []lab.Tool, call lab.Block) lab.Message
	Chat     func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
}

// Edits is one conversation's edit memory, as harness.NewEdits returns it.
type Edits struct {
	Track    func(read lab.Tool) lab.Tool
	EditTool func() lab.Tool
	Undo     func(path string) error
}

// S is the student's code under check.
var S Student

// Result is how a run of the student's loop ended, copied from harness.Result.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// What the edit tool and Undo say, as the kit knows it. Checks build what
// they expect from these, never from the student's file.
const (
	notReadYet       = "%s has not been read in this conversation: read it first, then edit it"
	changedSinceRead = "%s changed since you read it: read it again, then make your edit against the new text"
	emptyOldText     = "old_text is empty: give the exact text to replace"
	oldTextMissing   = "old_text was not found in %s: read it again and copy the text to replace exactly"
	oldTextRepeated  = "old_text appears %d times in %s: give more of the lines around it, so that it appears once"
	editDone         = "Edited %s: replaced one place."
	nothingToUndo    = "nothing to undo in %s: it has not been edited"
	changedSinceEdit = "%s changed since your edit: undoing it would overwrite that change, so it was left as it is"
)

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"changed_file_refused":         changedFileRefused,
	"edit_in_chat":                 editInChat,
	"edit_needs_a_read":            editNeedsARead,
	"edit_replaces_one_place":      editReplacesOnePlace,
	"empty_old_text_refused":       emptyOldTextRefused,
	"missing_old_text_refused":     missingOldTextRefused,
	"read_again_then_edit":         readAgainThenEdit,
	"reads_belong_to_one_chat":     readsBelongToOneChat,
	"repeated_old_text_refused":    repeatedOldTextRefused,
	"own_edit_needs_no_read":       ownEditNeedsNoRead,
	"text_taken_literally":         textTakenLiterally,
	"tracked_read_unchanged":       trackedReadUnchanged,
	"undo_keeps_their_change":      undoKeepsTheirChange,
	"undo_means_read_again":        undoMeansReadAgain,
	"undo_never_drops_their_write": undoNeverDropsTheirWrite,
	"undo_restores_original":       undoRestoresOriginal,
}
