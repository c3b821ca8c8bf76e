package checks

import (
	"strings"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// story is one data set of the lesson's question: a port set three files
// deep, the question, and the files the model reads one after another to
// find it. Every scenario runs with at least two stories in one program, so
// code that keeps anything from one run to the next shows.
type story struct {
	Files    map[string]string
	Question string
	Chain    []string // the files the model reads, one a reply, in order
	Words    []string // the words of each reply that asks for a file
	Quote    string   // the answer quotes the line of the last file that starts with this
	ReadName string   // the name the read tool goes by
	Today    string   // when set, a today tool returning it is offered before the read tool
}

// lessonStory is the lesson's own bug: main.go leads to config.go, which
// leads to env.go, where the port is 9090.
var lessonStory = story{
	Files: map[string]string{
		"main.go":   "package main\n\nfunc main() {\n\tserve(loadConfig().Port)\n}\n",
		"config.go": "package main\n\nfunc loadConfig() Config {\n\treturn Config{Port: envInt(\"PORT\", defaultPort)}\n}\n",
		"env.go":    "package main\n\n// defaultPort is the port when $PORT is empty.\nconst defaultPort = 9090\n",
	},
	Question: "The server listens on 9090, not 8080. Where does 9090 come from?",
	Chain:    []string{"main.go", "config.go", "env.go"},
	Words: []string{
		"Let me start where the program starts.",
		"main.go gets its port from loadConfig, in config.go. Let me read that next.",
		"config.go falls back to defaultPort. Let me find where that is set.",
	},
	Quote:    "const defaultPort",
	ReadName: "read",
}

// otherStory is another program with the same kind of bug: another main.go,
// other paths, another port, and a second tool offered first. An empty file
// sits among them.
var otherStory = story{
	Files: map[string]string{
		"main.go":              "package main\n\nfunc main() {\n\tlisten(settings.Load().Addr)\n}\n",
		"settings/load.go":     "package settings\n\nfunc Load() Settings {\n\treturn Settings{Addr: \":\" + orDefault(os.Getenv(\"API_PORT\"), fallbackPort)}\n}\n",
		"settings/defaults.go": "package settings\n\n// fallbackPort is used when $API_PORT is unset.\nconst fallbackPort = \"7070\"\n",
		"settings/README":      "",
	},
	Question: "Why does the API answer on 7070? Find where 7070 is set.",
	Chain:    []string{"main.go", "settings/load.go", "settings/defaults.go"},
	Words: []string{
		"The address comes from settings.Load.",
		"Load falls back to fallbackPort.",
		"Now the defaults.",
	},
	Quote:    "const fallbackPort",
	ReadName: "read",
	Today:    "2026-12-01",
}

// stories is the pair every scenario runs with, the lesson's first.
func stories() []checkkit.Data[story] {
	return []checkkit.Data[story]{
		{Name: "the lesson's files, port 9090", Data: lessonStory},
		{Name: "other files, port 7070", Data: otherStory},
	}
}

// renamed is s with its read tool under another name: code that looks for
// "read" by name instead of the tools it was given shows.
func renamed(s story, name string) story {
	s.ReadName = name
	return s
}

// tools returns fresh kit tools over ws: the read tool under the story's
// name, after a today tool when the story has one.
func (s story) tools(ws *lab.Workspace) []lab.Tool {
	read := checkkit.ReadTool(ws)
	read.Name = s.ReadName
	if s.Today == "" {
		return []lab.Tool{read}
	}
	return []lab.Tool{checkkit.TodayTool(s.Today), read}
}

// specs is what every request should say about the story's tools, built from
// a fresh copy of them.
func (s story) specs() []lab.Spec {
	return checkkit.SpecsOf(s.tools(lab.NewWorkspace(s.Files)))
}

// read is a call to read path, with the story's tool.
func (s story) read(path string) lab.Block {
	return lab.Call(s.ReadName, lab.Args{"path": path})
}

// follows is the replies of a model that reads the chain, one file a reply.
func (s story) follows() []lab.Message {
	asks := make([]lab.Message, len(s.Chain))
	for i, path := range s.Chain {
		asks[i] = lab.Reply(lab.Text(s.Words[i]), s.read(path))
	}
	return asks
}

// stillAsking is the reply of a model that never stops asking: it wants the
// first file of the chain once more.
func (s story) stillAsking() lab.Message {
	first := s.Chain[0]
	return lab.Reply(lab.Text("Before I answer, let me check "+first+" once more."), s.read(first))
}

// answer is what the model says once it has been shown the last file of the
// chain.
func (s story) answer() string {
	last := s.Chain[len(s.Chain)-1]
	return quote(last, s.Files[last], s.Quote)
}

// quote answers from the line of text that starts with prefix.
func quote(path, text, prefix string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, prefix) {
			return "It comes from " + path + ": " + line + "."
		}
	}
	return "I have not seen where it is set."
}

// answers is the model's last step: it quotes the line from the result of
// call id, the last file of the chain. A model knows only what its request
// shows, so without that result it can only say so.
func (s story) answers(id string) lab.Respond {
	last := s.Chain[len(s.Chain)-1]
	return func(r lab.Request) lab.Message {
		res, _ := r.ResultFor(id)
		return lab.Say(quote(last, res.Content, s.Quote))
	}
}
