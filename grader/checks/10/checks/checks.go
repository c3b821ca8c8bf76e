// Package checks holds the judgements of lesson 10, "Edits that don't
// clobber": each check's scenario, and how the student's play of it is
// compared with the reference's. Only the judge links it (see
// grader/checks/10/judge); the player links package play alone.
package checks

import (
	"harnesslab/grader/checkkit"
)

// What the edit tool and Undo say, as the kit knows it. The hand-written
// stories say from these what the reference must answer: a reference that
// answers otherwise is the kit's mistake.
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

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"changed_file_refused":         told(changedFileRefused),
	"chats_agree":                  {Scenario: generatedChats, Judge: judgeChatsAgree},
	"edit_in_chat":                 {Scenario: chatScenario, Judge: judgeEditInChat},
	"edit_needs_a_read":            told(editNeedsARead),
	"edit_replaces_one_place":      told(editReplacesOnePlace),
	"edits_agree":                  {Scenario: generatedStories, Judge: judgeEditsAgree},
	"empty_old_text_refused":       told(emptyOldTextRefused),
	"missing_old_text_refused":     told(missingOldTextRefused),
	"own_edit_needs_no_read":       told(ownEditNeedsNoRead),
	"read_again_then_edit":         told(readAgainThenEdit),
	"reads_belong_to_one_chat":     told(readsBelongToOneChat),
	"repeated_old_text_refused":    told(repeatedOldTextRefused),
	"text_taken_literally":         told(textTakenLiterally),
	"tracked_read_unchanged":       {Scenario: readsScenario, Judge: judgeTrackedReadUnchanged},
	"undo_keeps_their_change":      told(undoKeepsTheirChange),
	"undo_means_read_again":        told(undoMeansReadAgain),
	"undo_never_drops_their_write": {Scenario: storyScenario(othersWriteStories), Judge: judgeUndoNeverDropsTheirWrite},
	"undo_restores_original":       told(undoRestoresOriginal),
}
