package checks

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/16/play"
	"harnesslab/lab"
)

// Reads at once: RunCalls runs the reads of one reply side by side, and the
// tools Patch offers share memory (the edit memory that every read notes its
// version in, and the count of artifacts KeepBigOutputs keeps). The check
// programs of this lesson run under the race detector, so a read that writes
// that memory unguarded stops the program and names the lines.

// The repository of readsAtOnce: the module, logCount build logs (each one
// a big output when read), and fillers small files besides. The fillers make
// every look at the workspace's paths take longer, which widens the moment
// in which two reads at once can write the same memory: the race detector
// sees only what really ran at the same time.
const (
	logCount = 12
	fillers  = 400
)

// rounds is how many times readsAtOnce plays its session: rounds-1 times
// unobserved, each one more chance for reads at once to overlap, then once
// observed.
const rounds = 4

// readsRepo returns the files of the repository of readsAtOnce for story s.
func readsRepo(s story) map[string]string {
	repo := s.mod.pristine()
	for n := 1; n <= logCount; n++ {
		repo[logPath(n)] = buildLog(n)
	}
	for n := 1; n <= fillers; n++ {
		repo[fillerPath(n)] = fmt.Sprintf("item %d\n", n)
	}
	return repo
}

// fillerPath returns the path of small file n.
func fillerPath(n int) string { return fmt.Sprintf("data/item-%03d.txt", n) }

// buildLog returns the text of build log n: more lines than a preview keeps,
// each one its own, so that two logs never look alike.
func buildLog(n int) string {
	var b strings.Builder
	for k := 1; k <= 30+n; k++ {
		fmt.Fprintf(&b, "build %d step %02d: ok\n", n, k)
	}
	return b.String()
}

// logPath returns the path of build log n.
func logPath(n int) string { return fmt.Sprintf("logs/build-%d.log", n) }

// fullOutputAt finds the artifact a preview points at.
var fullOutputAt = regexp.MustCompile(`Full output: (\S+)\. Read it with`)

// readsAtOnceScript is the session: one reply that reads every file of the
// module, every build log, a page of one log and a search over them all, at
// once (more reads than any pool of workers a harness might keep); then the
// fix; then the answer.
func readsAtOnceScript(s story) (steps []lab.Message, reads []lab.Block) {
	paths := make([]string, 0, len(s.mod.files))
	for path := range s.mod.files {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		reads = append(reads, lab.Call("read", lab.Args{"path": path}))
	}
	for n := 1; n <= logCount; n++ {
		reads = append(reads, lab.Call("read", lab.Args{"path": logPath(n)}))
	}
	reads = append(reads,
		lab.Call("read_lines", lab.Args{"path": logPath(2), "offset": 0, "limit": 50}),
		lab.Call("search", lab.Args{"query": "step 1"}))
	for i := range reads {
		reads[i] = reads[i].WithID(fmt.Sprintf("c%d", i+1))
	}
	fix := lab.Call("edit", lab.Args{"path": s.mod.bugFile, "old_text": s.mod.bug, "new_text": s.mod.fix}).WithID("e1")
	return []lab.Message{
		lab.Reply(append([]lab.Block{lab.Text("Let me read everything at once.")}, reads...)...),
		lab.Reply(fix),
		lab.Say("Fixed " + s.mod.bugFile + "."),
	}, reads
}

// readsSessions are the sessions of readsAtOnce, one per story, each played
// rounds times.
func readsSessions() []checkkit.Data[play.Session] {
	out := make([]checkkit.Data[play.Session], len(stories))
	for k, st := range stories {
		steps, _ := readsAtOnceScript(st.Data)
		s := st.Data.session("Patch: one reply of many reads at once", steps, 1_000_000)
		s.Files, s.Rounds = readsRepo(st.Data), rounds-1
		out[k] = checkkit.Data[play.Session]{Name: st.Name, Data: s}
	}
	return out
}

// judgeReadsAtOnce: a reply of many reads, run at the same time, gets one
// result for each read; a read still lets the model edit the file it read;
// and each big output is kept whole in an artifact of its own. The player
// plays it with GOMAXPROCS at least 4, under the race detector, so a read
// that writes shared memory unguarded stops the program and names the lines.
func judgeReadsAtOnce(c *checkkit.C, yours, ref checkkit.Observed) {
	judgeStories(c, yours, ref, readsSessions(), func(s story, _ play.Session, got, want play.Ran) {
		_, reads := readsAtOnceScript(s)
		mustHaveCopy(c, got)
		what := fmt.Sprintf("one reply of %d reads, which RunCalls runs at the same time", len(reads))
		if problems := lab.Validate(got.Messages); len(problems) > 0 {
			c.Fatalf("After %s, the conversation breaks the pairing rules: %s", what, strings.Join(problems, "; "))
		}
		artifacts := map[string]string{} // artifact path: the call whose preview points at it
		for _, call := range reads {
			shown := checkkit.ShowBlocks([]lab.Block{call})
			result := oneResult(c, got.Messages, call.ID, shown)
			if result.IsError {
				c.Errorf("After %s, %s got an error result: %q. Every read should work.", what, shown, result.Content)
				continue
			}
			path, _ := call.Arguments["path"].(string)
			if text, ok := s.mod.files[path]; ok && call.Name == "read" {
				c.Equal(fmt.Sprintf("%s reads a small file: its result should be the whole file.", shown), text, result.Content)
				continue
			}
			at := fullOutputAt.FindStringSubmatch(result.Content)
			if at == nil {
				c.Errorf("After %s, the result of %s holds %d lines and points at no artifact: a big output should reach the model as a preview that names the artifact holding all of it.",
					what, shown, strings.Count(result.Content, "\n"))
				continue
			}
			if first, taken := artifacts[at[1]]; taken {
				c.Errorf("After %s, the previews of %s and %s both point at %s: two big outputs kept at once took the same artifact, and one of them is lost. KeepBigOutputs' count of artifacts is shared by every tool: guard it, and the writing of the artifact, with a sync.Mutex.",
					what, first, shown, at[1])
				continue
			}
			artifacts[at[1]] = shown
			kept, ok := got.Copy[at[1]]
			lines := strings.SplitAfter(result.Content, "\n")
			switch {
			case !ok:
				c.Errorf("After %s, the preview of %s points at %s, and the copy holds no such file.", what, shown, at[1])
			case call.Name == "read" && kept != buildLog(logNumber(path)):
				c.Errorf("After %s, %s should hold the whole of %s, the output of %s; it holds something else (%d lines). Was it written by another read at the same time?",
					what, at[1], path, shown, strings.Count(kept, "\n"))
			case !strings.HasPrefix(kept, strings.Join(lines[:10], "")):
				c.Errorf("After %s, %s does not start as the preview of %s does: it holds another output.", what, at[1], shown)
			}
		}
		kept := 0
		for path := range got.Copy {
			if strings.HasPrefix(path, "outputs/") {
				kept++
			}
		}
		if kept != len(artifacts) {
			c.Errorf("After %s, %s point at artifacts, and the copy holds %s in outputs/: each big output should be kept once, in a file of its own.",
				what, checkkit.Plural(len(artifacts), "preview"), checkkit.Plural(kept, "file"))
		}
		edit := oneResult(c, got.Messages, "e1", "the edit of "+s.mod.bugFile)
		c.Equal(fmt.Sprintf("The model read %s among the reads that ran at once, so its edit should work: the read noted the version it read in the edit memory.", s.mod.bugFile),
			checkkit.Result("e1", "edit", fmt.Sprintf("Edited %s: replaced one place.", s.mod.bugFile)), edit)
	})
}

// logNumber returns n for the path of build log n.
func logNumber(path string) int {
	var n int
	fmt.Sscanf(path, "logs/build-%d.log", &n)
	return n
}
