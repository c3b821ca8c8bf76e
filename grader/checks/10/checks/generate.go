package checks

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/10/play"
	"harnesslab/lab"
)

// Generated stories: the lesson's rules combined in ways no hand-written
// story holds. Several conversations and a teammate work on several files at
// once; the model reads (files that are there and files that are not), edits
// with text that stands in the file once, twice or not at all, empty text,
// text full of characters a pattern would misread, and undoes, in any order.
// Each story is made from a fixed seed, so every run hands out the same ones,
// and they are played smallest first, so the first difference reported is the
// smallest found.

// generatedStoryCount is how many stories edits_agree generates, in two data
// sets.
const generatedStoryCount = 80

// genPaths are the files a generated story's workspace may hold.
var genPaths = []string{"config.py", "notes/todo.md", "src/é.go", "a"}

// genLines are the lines generated files are made of: repeated ones, empty
// ones, ones with characters a regular expression or a format reads,
// multi-byte ones, and one where "==" stands once, or twice if counted with
// overlaps.
var genLines = []string{"PORT = 8080", "HOST = \"localhost\"", "x = 1", "x = 1", "- ship 1.2", "", "rate = (a.b)*2 $1 %d",
	"// é ✓", "nom = \"Zoë\"", "  indented", "if a === b {"}

// genOld are the old_text of generated edits: whole lines, parts of lines,
// text that stands everywhere, text that stands nowhere, the other case,
// text a pattern would misread, text that overlaps itself where it stands
// ("==" in "==="), multi-byte text, empty text.
var genOld = []string{"PORT = 8080", "x = 1", "x = 1\n", "- ship 1.2", " = ", "\n", "(a.b)*", "$1 %d", "é", "port = 8080",
	"PORT = 9090", "HOST = \"0.0.0.0\"", "", " ", "x = 2", "  indented\n", "==", "ë\""}

// genNew are the new_text of generated edits: text that makes old text stand
// twice, text that takes it out, empty text, text a replacement would
// misread.
var genNew = []string{"PORT = 9090", "x = 2", "x = 1", "", "${1}$0 %s %% \\n", "HOST = \"0.0.0.0\"", "é\né", "PORT = 8080"}

// genText draws the text of a file: up to 14 lines of genLines, ending in a
// line end or not.
func genText(t *rapid.T, label string) string {
	lines := make([]string, rapid.IntRange(0, 14).Draw(t, label+" lines"))
	for i := range lines {
		lines[i] = rapid.SampledFrom(genLines).Draw(t, label+" line")
	}
	text := strings.Join(lines, "\n")
	if len(lines) > 0 && rapid.IntRange(0, 3).Draw(t, label+" end") > 0 {
		text += "\n"
	}
	return text
}

// storyGen generates a story: one to four files, one to three
// conversations, and up to 40 acts: reads most often, then edits, undos and
// a teammate's writes. Most acts are about the first file and the first
// conversation, and most edits replace a line the file held at the start or
// the text the last edit put in, so that edits go through, follow each
// other and are undone, as well as being refused.
var storyGen = rapid.Custom(func(t *rapid.T) play.Story {
	s := play.Story{Files: map[string]string{}, Conversations: rapid.IntRange(1, 3).Draw(t, "conversations")}
	for _, path := range genPaths[:rapid.IntRange(1, len(genPaths)).Draw(t, "files")] {
		s.Files[path] = genText(t, "file")
	}
	// The paths acts name: the files, the first most often, then one that
	// is not there yet (a teammate may make it), and one outside the
	// workspace.
	paths := slices.Sorted(maps.Keys(s.Files))
	pick := func(label string) string {
		switch n := rapid.IntRange(0, 19).Draw(t, label+" which"); {
		case n < 10:
			return genPaths[0]
		case n < 18:
			return rapid.SampledFrom(paths).Draw(t, label)
		case n < 19:
			return "missing.txt"
		}
		return "../outside.py"
	}
	// The texts edits of each file may replace: its lines at the start, and
	// what the last edit of it put in.
	known, last := map[string][]string{}, map[string]string{}
	for path, text := range s.Files {
		for _, line := range strings.Split(text, "\n") {
			if line != "" {
				known[path] = append(known[path], line)
			}
		}
	}
	id := 0
	call := func(conv int, name string, args lab.Args) {
		id++
		c := lab.Call(name, args).WithID(fmt.Sprintf("c%d", id))
		s.Acts = append(s.Acts, play.Act{Conv: conv, Call: &c})
	}
	for range rapid.IntRange(1, 40).Draw(t, "acts") {
		conv := 0
		if rapid.IntRange(0, 4).Draw(t, "other conversation") == 0 {
			conv = rapid.IntRange(0, s.Conversations-1).Draw(t, "conversation")
		}
		switch kind := rapid.IntRange(0, 19).Draw(t, "act"); {
		case kind < 5:
			call(conv, "read", lab.Args{"path": pick("read path")})
		case kind < 13:
			path := pick("edit path")
			if rapid.IntRange(0, 2).Draw(t, "read first") == 0 {
				call(conv, "read", lab.Args{"path": path})
			}
			old := rapid.SampledFrom(genOld).Draw(t, "old_text")
			switch n := rapid.IntRange(0, 8).Draw(t, "known old_text"); {
			case n < 3 && last[path] != "":
				old = last[path]
			case n < 6 && len(known[path]) > 0:
				old = rapid.SampledFrom(known[path]).Draw(t, "known")
			case n == 6:
				old = ""
			case n == 7:
				old = "==" // once in "===", or twice if counted with overlaps
			}
			// new_text marks the place, so that the next edit can find it,
			// or is the old text itself (an edit that changes nothing), or
			// other text.
			repl := rapid.SampledFrom(genNew).Draw(t, "new_text")
			switch rapid.IntRange(0, 5).Draw(t, "marked new_text") {
			case 0, 1, 2, 3:
				repl = fmt.Sprintf("%s # %d", old, id+1)
				last[path] = repl
			case 4:
				repl = old
			}
			args := lab.Args{"path": path, "old_text": old, "new_text": repl}
			if kind == 12 && rapid.Bool().Draw(t, "broken") {
				delete(args, rapid.SampledFrom([]string{"path", "old_text", "new_text"}).Draw(t, "missing argument"))
			}
			call(conv, "edit", args)
		case kind < 18:
			s.Acts = append(s.Acts, play.Act{Conv: conv, Undo: pick("undo path")})
		default:
			// The teammate writes the text the file had at the start (the
			// same text back, when nobody wrote it since), that text with a
			// line of their own, or new text.
			path := pick("write path")
			text := s.Files[path]
			switch rapid.IntRange(0, 2).Draw(t, "their text") {
			case 1:
				text += fmt.Sprintf("# theirs %d\n", len(s.Acts))
			case 2:
				text = genText(t, "write")
			}
			s.Acts = append(s.Acts, play.Act{Write: path, Text: text})
		}
	}
	return s
})

// storySize is how big a generated story is: its acts, then its files.
func storySize(s play.Story) int {
	n := 0
	for _, text := range s.Files {
		n += len(text)
	}
	return 1000*len(s.Acts) + 10*s.Conversations + n%10
}

// generatedStories is two data sets of generated stories.
func generatedStories() any {
	var all []play.Story
	for seed := range generatedStoryCount {
		all = append(all, storyGen.Example(seed))
	}
	slices.SortStableFunc(all, func(a, b play.Story) int { return storySize(a) - storySize(b) })
	for i := range all {
		all[i].What = fmt.Sprintf("generated story %d (%s)", i+1, describeStory(all[i]))
	}
	return checkkit.Generated(all, "stories")
}

// describeStory says in words how big a generated story is.
func describeStory(s play.Story) string {
	return fmt.Sprintf("%s, %s, %s", checkkit.Plural(len(s.Files), "file"), checkkit.Plural(s.Conversations, "conversation"), checkkit.Plural(len(s.Acts), "act"))
}

// judgeEditsAgree compares each generated story with the reference's play,
// act by act, and words the first difference with the acts before it.
func judgeEditsAgree(c *checkkit.C, yours, ref checkkit.Observed) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[[]play.Story]](c), func(k int, stories []play.Story) {
		for i, s := range stories {
			got := checkkit.Get[play.Told](c, yours, play.StoryKey(k, i))
			want := checkkit.Get[play.Told](c, ref, play.StoryKey(k, i))
			if len(want.Steps) != len(s.Acts) {
				c.KitFatalf("the reference played %d of the %d acts of %s", len(want.Steps), len(s.Acts), s.What)
			}
			referenceWritesRight(c, s, want)
			before := func(j int) string {
				if j == 0 {
					return fmt.Sprintf("In %s, at the start", s.What)
				}
				return fmt.Sprintf("In %s, after act %d (%s)", s.What, j, describe(s.Acts[j-1]))
			}
			if !agreeStory(c, s, got, want, before, true) {
				logStory(c, s, want, got)
				return
			}
		}
	})
}

// logStory shows a generated story: the files at the start, then each act
// with what the reference's play of it did, up to the first act where the
// student's did otherwise.
func logStory(c *checkkit.C, s play.Story, want, got play.Told) {
	var b strings.Builder
	fmt.Fprintf(&b, "The story, as the reference plays it. The files at the start:\n")
	for _, path := range slices.Sorted(maps.Keys(s.Files)) {
		fmt.Fprintf(&b, "  %s: %q\n", path, s.Files[path])
	}
	for j, a := range s.Acts {
		fmt.Fprintf(&b, "act %d: %s", j+1, describe(a))
		w := want.Steps[j]
		switch {
		case w.Result != nil:
			fmt.Fprintf(&b, " -> %q", w.Result.Content)
		case a.Undo != "":
			fmt.Fprintf(&b, " -> %s", errText(w.UndoError))
		case a.Write != "":
			fmt.Fprintf(&b, ": %q", a.Text)
		}
		b.WriteString("\n")
		if j >= len(got.Steps) || len(checkkit.Differences(w, got.Steps[j])) > 0 {
			fmt.Fprintf(&b, "(yours differs here)\n")
			break
		}
	}
	c.Logf("%s", b.String())
}

// referenceWritesRight stops the check as the kit's mistake when the
// reference's play of s breaks a rule that holds whatever the code: a read
// and every refusal write nothing, and an edit or an undo that works, like a
// teammate, writes its file once.
func referenceWritesRight(c *checkkit.C, s play.Story, ref play.Told) {
	for j, a := range s.Acts {
		step := ref.Steps[j]
		var want []string
		switch {
		case a.Write != "":
			want = []string{a.Write}
		case a.Call != nil && a.Call.Name == "edit" && step.Result != nil && !step.Result.IsError:
			path, _ := a.Call.Arguments["path"].(string)
			want = []string{path}
		case a.Undo != "" && step.UndoError == nil:
			want = []string{a.Undo}
		}
		if !slices.Equal(want, step.Wrote) {
			c.KitFatalf("in %s, the reference's act %d (%s) wrote %s, where it should write %s", s.What, j+1, describe(a), wroteWords(step.Wrote), wroteWords(want))
		}
	}
}
