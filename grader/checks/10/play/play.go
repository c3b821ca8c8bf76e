// Package play drives the student's code of lesson 10, "Edits that don't
// clobber", through a check's scenario and records what came back. It is
// linked twice: into the player, with the student's files, and into the
// judge, with the reference solution, which plays the same scenario so the
// two records can be compared (see checkkit.JudgeMain). It holds no expected
// value.
package play

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	NewEdits func(ws *lab.Workspace) Edits
	RunTool  func(tools []lab.Tool, call lab.Block) lab.Message
	Chat     func(model lab.Model, messages []lab.Message, text string, tools []lab.Tool) ([]lab.Message, Result)
}

// Edits is one conversation's edit memory, as the lesson's NewEdits returns
// it.
type Edits struct {
	Track    func(read lab.Tool) lab.Tool
	EditTool func() lab.Tool
	Undo     func(path string) error
}

// Result is the play's copy of the lesson's Result: how a run of the loop
// ended.
type Result struct {
	Status string
	Text   string
	Steps  int
}

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// StoryKey names what the play of story i of data set k recorded.
func StoryKey(k, i int) string { return fmt.Sprintf("run %d, story %d", k+1, i+1) }

// ReadKey names what the play of read i of data set k recorded.
func ReadKey(k, i int) string { return fmt.Sprintf("run %d, read %d", k+1, i+1) }

// SpecKey names the spec of the tracked read tool of data set k.
func SpecKey(k int) string { return fmt.Sprintf("run %d, the tracked read tool", k+1) }

// ChatsKey names what chat i of data set k recorded.
func ChatsKey(k, i int) string { return fmt.Sprintf("run %d, chat %d", k+1, i+1) }

// ChatKey names what the chat of data set k recorded.
func ChatKey(k int) string { return fmt.Sprintf("run %d, the chat", k+1) }

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"changed_file_refused":         playStories,
	"chats_agree":                  playChatList,
	"edit_in_chat":                 playChats,
	"edit_needs_a_read":            playStories,
	"edit_replaces_one_place":      playStories,
	"edits_agree":                  playStories,
	"empty_old_text_refused":       playStories,
	"missing_old_text_refused":     playStories,
	"own_edit_needs_no_read":       playStories,
	"read_again_then_edit":         playStories,
	"reads_belong_to_one_chat":     playStories,
	"repeated_old_text_refused":    playStories,
	"text_taken_literally":         playStories,
	"tracked_read_unchanged":       playReads,
	"undo_keeps_their_change":      playStories,
	"undo_means_read_again":        playStories,
	"undo_never_drops_their_write": playStories,
	"undo_restores_original":       playStories,
}

// playStories tells every story of every data set.
func playStories(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]Story]](c) {
		for i, s := range set.Data {
			title := fmt.Sprintf("run %d (%s): %s", k+1, set.Name, s.What)
			c.Observe(StoryKey(k, i), Tell(c, title, s))
		}
	}
}

// playReads hands the reads of every data set to a read tool wrapped by
// Track.
func playReads(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[Reads]](c) {
		ws := lab.NewWorkspace(set.Data.Files)
		tracked := S.NewEdits(ws).Track(checkkit.ReadTool(ws))
		c.Observe(SpecKey(k), checkkit.SpecOf(tracked))
		rec := c.Record(fmt.Sprintf("run %d (%s): RunTool with the tracked read tool", k+1, set.Name))
		rec.Watch(ws)
		recorded := rec.Tools(tracked)
		for i, path := range set.Data.Paths {
			before := len(ws.Reads())
			result := S.RunTool(recorded, lab.Call("read", lab.Args{"path": path}).WithID(fmt.Sprintf("c%d", i+1)))
			c.Observe(ReadKey(k, i), Read{Result: result, Reads: ws.Reads()[before:]})
		}
	}
}

// playChats runs Chat over the chat of every data set.
func playChats(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[ChatStory]](c) {
		c.Observe(ChatKey(k), RunChat(c, fmt.Sprintf("run %d (%s): Chat with read and edit, and a teammate who writes the file", k+1, set.Name), set.Data))
	}
}

// playChatList runs Chat over every chat of every data set.
func playChatList(c *checkkit.C) {
	for k, set := range checkkit.Scenario[[]checkkit.Data[[]ChatStory]](c) {
		for i, s := range set.Data {
			c.Observe(ChatsKey(k, i), RunChat(c, fmt.Sprintf("run %d (%s): %s", k+1, set.Name, s.What), s))
		}
	}
}
