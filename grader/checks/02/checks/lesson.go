package checks

import (
	"strings"

	"harnesslab/lab"
)

// The lesson's own values. The checks build every expectation from these and
// from the kit's constructors (checkkit.ReadTool, checkkit.TodayTool), never
// from the student's file, so a changed constant or tool in harness.go cannot
// change what a check expects.

// system is the standing instruction of the lesson: harness.go's System, as
// the lesson gives it.
const system = "You are a helpful assistant."

// portQuestion is what the user asks in the lesson's one-file scenarios.
const portQuestion = "What port does config.py set?"

// disk is the files of one run of a scenario.
type disk map[string]string

// workspace returns a fresh workspace holding the files of d.
func (d disk) workspace() *lab.Workspace { return lab.NewWorkspace(d) }

// lessonFiles is the disk of the lesson: config.py and its backup.
var lessonFiles = disk{"config.py": "PORT = 9090\n", "backup.py": "PORT = 7070\n"}

// otherFiles is a second disk, with other names and other ports, so that
// code which keeps something from the first run shows in the second.
var otherFiles = disk{"settings.toml": "port = 6543\n", "local.toml": "port = 4321\n"}

// changedFiles is the lesson's disk after somebody edited config.py: the
// same names and the same question, another port.
var changedFiles = disk{"config.py": "PORT = 6543\n", "backup.py": "PORT = 7070\n"}

// reportModel asks to read path (after saying intro, if any), then reports
// what the result for c1 says. Without a result it can only guess, and it
// guesses 8080, the way the model in the lesson's opening does.
func reportModel(intro, path string) *lab.ScriptedModel {
	return lab.NewScriptedModel(askToRead(intro, path), lab.Respond(func(r lab.Request) lab.Message {
		if res, ok := r.ResultFor("c1"); ok {
			return lab.Say(report(path, res.Content))
		}
		return lab.Say("I checked " + path + ": the port is 8080.")
	}))
}

// askToRead is a reply that asks to read path, after saying intro if any.
// The model numbers the call c1.
func askToRead(intro, path string) lab.Message {
	call := lab.Call("read", lab.Args{"path": path})
	if intro == "" {
		return lab.Reply(call)
	}
	return lab.Reply(lab.Text(intro), call)
}

// askedToRead is askToRead as the model sent it, with no words before the
// call, and the call id the model gave it.
func askedToRead(path string) lab.Message {
	m := askToRead("", path)
	m.Blocks[len(m.Blocks)-1].ID = "c1"
	return m
}

// report is what reportModel says once it has seen content of path.
func report(path, content string) string {
	return path + " sets " + strings.TrimSpace(content) + "."
}
