package checks

import (
	"fmt"

	"github.com/google/go-cmp/cmp/cmpopts"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	"harnesslab/lab"
)

// files are the two runs of every scenario: the same story told over other
// files, other text and other edits.
type files struct {
	path   string // the file the story edits
	text   string // its text at the start
	old    string // text that stands in it once
	new    string // what the edit puts in old's place
	theirs string // the file after a teammate's change, old still in it once
	other  string // a second file of the workspace
	otherT string // its text
	twice  string // text that stands in path more than once
	times  int    // how many times twice stands in it
	spot   string // text that stands in path once, away from old
	spotTo string // what another conversation puts in spot's place
}

var runs = []checkkit.Data[files]{
	{Name: "config.py, whose teammate changes HOST", Data: files{
		path: "config.py", text: "HOST = \"localhost\"\nPORT = 8080\nDEBUG = False\n",
		old: "PORT = 8080", new: "PORT = 9090",
		theirs: "HOST = \"0.0.0.0\"\nPORT = 8080\nDEBUG = False\n",
		other:  "README.md", otherT: "Run it with python config.py\n",
		twice: " = ", times: 3,
		spot: "DEBUG = False", spotTo: "DEBUG = True",
	}},
	{Name: "notes/todo.md, other text, a teammate who adds a line", Data: files{
		path: "notes/todo.md", text: "- ship 1.2\n- fix login\n- ship 1.3\n",
		old: "- fix login", new: "- fix login (done)",
		theirs: "- ship 1.2\n- fix login\n- ship 1.3\n- write docs\n",
		other:  "notes/done.md", otherT: "- set up CI\n",
		twice: "- ship", times: 2,
		spot: "- ship 1.3", spotTo: "- ship 1.3\n- write docs",
	}},
}

// act is one thing that happens in a story (see play.Act), and, for the
// hand-written stories, what the reference must answer: the result of a call
// (want), or the refusal of an undo (undoErr, "" when it must work).
type act struct {
	play.Act
	want    *lab.Message
	undoErr string
}

// story is a hand-written story: the files at the start, the acts, and the
// files the reference must leave (want; nil when the check leaves it free).
type story struct {
	what  string
	start map[string]string
	acts  []act
	want  map[string]string
}

// scene is the play's Story of s.
func (s story) scene() play.Story {
	out := play.Story{What: s.what, Files: s.start, Conversations: 2}
	for _, a := range s.acts {
		out.Acts = append(out.Acts, a.Act)
	}
	return out
}

// readAct is the model reading path in conversation conv, and the result it
// must get: the file's text as it stands.
func readAct(conv int, id, path, text string) act {
	call := lab.Call("read", lab.Args{"path": path}).WithID(id)
	want := checkkit.Result(id, "read", text)
	return act{Act: play.Act{Conv: conv, Call: &call}, want: &want}
}

// failedRead is the model reading path, which does not exist, in
// conversation conv: the result is the read tool's error.
func failedRead(conv int, id, path string) act {
	call := lab.Call("read", lab.Args{"path": path}).WithID(id)
	want := checkkit.ErrorResult(id, "read", "Error: read "+path+": file does not exist")
	return act{Act: play.Act{Conv: conv, Call: &call}, want: &want}
}

// editAct is the model asking for an edit, and the result it must get:
// refusal "" means the edit works.
func editAct(conv int, id, path, old, new, refusal string) act {
	call := lab.Call("edit", lab.Args{"path": path, "old_text": old, "new_text": new}).WithID(id)
	want := checkkit.Result(id, "edit", fmt.Sprintf(editDone, path))
	if refusal != "" {
		want = checkkit.ErrorResult(id, "edit", "Error: "+refusal)
	}
	return act{Act: play.Act{Conv: conv, Call: &call}, want: &want}
}

// teammate is a teammate writing text to path.
func teammate(path, text string) act { return act{Act: play.Act{Write: path, Text: text}} }

// undoAct is conversation conv undoing its edit of path; refusal "" means
// the undo works.
func undoAct(conv int, path, refusal string) act {
	return act{Act: play.Act{Conv: conv, Undo: path}, undoErr: refusal}
}

// startOf is the workspace a story starts from.
func startOf(f files) map[string]string {
	return map[string]string{f.path: f.text, f.other: f.otherT}
}

// with returns the disk of f's story with path now holding text.
func with(f files, changes ...string) map[string]string {
	disk := startOf(f)
	for i := 0; i+1 < len(changes); i += 2 {
		disk[changes[i]] = changes[i+1]
	}
	return disk
}

// storyScenario is the scenario of a check whose stories build makes, one
// data set per run.
func storyScenario(build func(f files) []story) func() any {
	return func() any {
		sets := make([]checkkit.Data[[]play.Story], len(runs))
		for k, run := range runs {
			sets[k].Name = run.Name
			for _, s := range build(run.Data) {
				sets[k].Data = append(sets[k].Data, s.scene())
			}
		}
		return sets
	}
}

// told is the judgement of a check that tells one hand-written story per
// run: the reference must answer as the story says, and the student's code
// as the reference does, act by act.
func told(build func(f files) story) checkkit.Judgement {
	stories := func(f files) []story { return []story{build(f)} }
	return checkkit.Judgement{Scenario: storyScenario(stories), Judge: func(c *checkkit.C, yours, ref checkkit.Observed) {
		checkkit.EachScenario(c, runs, func(k int, f files) {
			for i, s := range stories(f) {
				got := checkkit.Get[play.Told](c, yours, play.StoryKey(k, i))
				want := checkkit.Get[play.Told](c, ref, play.StoryKey(k, i))
				referenceTells(c, s, want)
				scene := s.scene()
				if !agreeStory(c, scene, got, want, func(j int) string { return "After " + checkkit.List(narrate(scene.Acts[:j])) }, false) {
					return
				}
			}
		})
	}}
}

// referenceTells stops the check as the kit's mistake when the reference's
// play of s is not what the story says.
func referenceTells(c *checkkit.C, s story, ref play.Told) {
	if len(ref.Steps) != len(s.acts) {
		c.KitFatalf("the reference played %d of the %d acts of %s", len(ref.Steps), len(s.acts), s.what)
	}
	for j, a := range s.acts {
		step := ref.Steps[j]
		switch {
		case a.want != nil && (step.Result == nil || len(checkkit.Differences(*a.want, *step.Result)) > 0):
			c.KitFatalf("the reference's result for %s is not what the story says: %v", describe(a.Act), checkkit.Differences(*a.want, step.Result))
		case a.Undo != "" && undoWords(step.UndoError) != a.undoErr:
			c.KitFatalf("the reference's undo of %s returned %q, the story says %q", a.Undo, undoWords(step.UndoError), a.undoErr)
		}
	}
	if s.want != nil && len(ref.Steps) > 0 {
		if d := checkkit.Differences(s.want, ref.Steps[len(ref.Steps)-1].Files); len(d) > 0 {
			c.KitFatalf("the reference left the files otherwise than the story says: %v", d)
		}
	}
}

// undoWords is the words of an undo's error, "" for nil.
func undoWords(err *string) string {
	if err == nil {
		return ""
	}
	return *err
}

// describe says one act in words.
func describe(a play.Act) string {
	switch {
	case a.Write != "":
		return "a teammate writes " + a.Write
	case a.Call != nil:
		return fmt.Sprintf("conversation %d: %s", a.Conv+1, checkkit.ShowBlocks([]lab.Block{*a.Call}))
	}
	return fmt.Sprintf("conversation %d undoes its edit of %s", a.Conv+1, a.Undo)
}

// narrate says acts in words, one item each.
func narrate(acts []play.Act) []string {
	words := make([]string, len(acts))
	for i, a := range acts {
		words[i] = describe(a)
	}
	return words
}

// agreeStory compares the student's play of s (got) with the reference's
// (want), act by act: each call's result and its arguments afterwards, each
// undo's answer, then the writes each act made and the files after it. It
// stops at the first difference and reports whether there was none. before(j)
// words where the story stands before act j ("After ..."). When lenient, an
// undo that refuses and writes nothing where the reference's put back the
// text another writer left is allowed (the lesson lets an undo refuse there),
// and the rest of the story, which then differs, is not compared.
func agreeStory(c *checkkit.C, s play.Story, got, want play.Told, before func(j int) string, lenient bool) bool {
	for j, a := range s.Acts {
		if j >= len(got.Steps) {
			c.Errorf("%s, your program recorded nothing more: it played %d of the story's %d acts.", before(j), len(got.Steps), len(s.Acts))
			return false
		}
		g, w := got.Steps[j], want.Steps[j]
		switch {
		case a.Call != nil:
			if g.Result == nil || w.Result == nil {
				c.Fatalf("%s, your program recorded no result for call %s: its record was changed.", before(j), a.Call.ID)
			}
			if !c.Equal(fmt.Sprintf("%s, RunTool returned the wrong result for call %s (%s).", before(j), a.Call.ID, describe(a)), *w.Result, *g.Result) {
				return false
			}
			if !c.Equal(fmt.Sprintf("Call %s's arguments changed while it ran: a tool must not write into them.", a.Call.ID), w.Arguments, g.Arguments) {
				return false
			}
		case a.Undo != "":
			at := fmt.Sprintf("%s, conversation %d's Undo(%q)", before(j), a.Conv+1, a.Undo)
			switch {
			case g.UndoError == nil && w.UndoError != nil:
				c.Errorf("%s returned nil, so it wrote the file; it should refuse with %s.", at, checkkit.Quote(*w.UndoError))
				return false
			case g.UndoError != nil && w.UndoError == nil:
				if lenient && len(g.Wrote) == 0 && othersWroteSince(s.Acts, want, j) {
					c.Logf("%s refused with %s where the reference's put back the text another writer left; the lesson allows that, so the rest of this story is not compared.",
						at, checkkit.Quote(*g.UndoError))
					return true
				}
				c.Errorf("%s refused with %s; it should put the original back and return nil.", at, checkkit.Quote(*g.UndoError))
				return false
			case g.UndoError != nil && !c.Equal(at+" refused for the wrong reason.", *w.UndoError, *g.UndoError):
				return false
			}
		}
		after := before(j+1) + ","
		if !c.Equal(fmt.Sprintf("%s the files were written in the wrong order, or too often (each edit and undo that works writes once, one that is refused writes nothing): "+
			"the reference's act %d wrote %s, yours wrote %s.", after, j+1, wroteWords(w.Wrote), wroteWords(g.Wrote)),
			w.Wrote, g.Wrote, cmpopts.EquateEmpty()) {
			return false
		}
		if !c.Equal(after+" the files are not as they should be.", w.Files, g.Files, cmpopts.EquateEmpty()) {
			return false
		}
	}
	return true
}

// othersWroteSince reports whether, in the reference's play (ref) of acts up
// to act j, someone other than act j's conversation wrote act j's file after
// that conversation's first edit of it not yet undone: a teammate, or
// another conversation's edit or undo.
func othersWroteSince(acts []play.Act, ref play.Told, j int) bool {
	type key struct {
		conv int
		path string
	}
	open, others := map[key]bool{}, map[key]bool{}
	for i := range j {
		a, step := acts[i], ref.Steps[i]
		writer, path := -1, ""
		switch {
		case a.Write != "":
			path = a.Write
		case a.Call != nil && a.Call.Name == "edit" && len(step.Wrote) > 0:
			writer, path = a.Conv, step.Wrote[0]
		case a.Undo != "" && step.UndoError == nil:
			writer, path = a.Conv, a.Undo
			open[key{writer, path}] = false
		default:
			continue
		}
		if k := (key{writer, path}); writer >= 0 && a.Undo == "" && !open[k] {
			open[k], others[k] = true, false
		}
		for k := range open {
			if open[k] && k.path == path && k.conv != writer {
				others[k] = true
			}
		}
	}
	k := key{acts[j].Conv, acts[j].Undo}
	return open[k] && others[k]
}

// tell is the story that starts from start, plays acts, and must leave want.
func tell(start map[string]string, acts []act, want map[string]string) story {
	return story{start: start, acts: acts, want: want}
}

// wroteWords says the paths an act wrote: "nothing", or the paths in order.
func wroteWords(paths []string) string {
	if len(paths) == 0 {
		return "nothing"
	}
	return checkkit.List(paths)
}
