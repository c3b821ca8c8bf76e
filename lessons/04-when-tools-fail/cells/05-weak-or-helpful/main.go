// The model asks for config.yaml; the file is config.py. The same model,
// the same loop, two read tools: one whose error says what went wrong, one
// whose error also says what there is.
package main

import (
	"fmt"
	"log"
	"regexp"
	"strings"

	"harnesslab/lab"
	harness "harnesslab/lessons/04-when-tools-fail"
)

// helpfulRead is the lesson's read tool with a better error: it says which
// files exist.
func helpfulRead(ws *lab.Workspace) lab.Tool {
	tool := harness.MakeReadTool(ws)
	tool.Execute = func(args lab.Args) (string, error) {
		path, _ := args["path"].(string)
		if _, ok := ws.Peek(path); !ok {
			return "", fmt.Errorf("no file called %s; the files here are %s", path, strings.Join(ws.Paths(), ", "))
		}
		return ws.ReadText(path)
	}
	return tool
}

var named = regexp.MustCompile(`config\.\w+`)

// model reads config.yaml first, then acts on the latest result: a file
// name in an error is worth a try, an error without one gets one retry and
// then a guess.
func model() *lab.ScriptedModel {
	return lab.NewScriptedModel(lab.Always(lab.Respond(func(r lab.Request) lab.Message {
		last := r.Messages[len(r.Messages)-1]
		switch {
		case last.Role == lab.RoleUser:
			return lab.Reply(lab.Call("read", lab.Args{"path": "config.yaml"}))
		case !last.IsError:
			return lab.Say("The port is " + strings.TrimPrefix(strings.TrimSpace(last.Content), "PORT = ") + ".")
		}
		for _, name := range named.FindAllString(last.Content, -1) {
			if name != "config.yaml" {
				return lab.Reply(lab.Call("read", lab.Args{"path": name}))
			}
		}
		if len(r.Messages) < 5 {
			return lab.Reply(lab.Call("read", lab.Args{"path": "config.yaml"}))
		}
		return lab.Say("I could not read the config. Services like this one usually listen on 8080.")
	})))
}

func main() {
	files := map[string]string{"config.py": "PORT = 9090\n", "main.go": "from config import PORT\n", "README.md": "# server\n"}
	var recs []*lab.Recorder
	for _, run := range []struct {
		label string
		tool  func(*lab.Workspace) lab.Tool
	}{
		{"the read tool as it is", harness.MakeReadTool},
		{"a read tool that says what exists", helpfulRead},
	} {
		ws := lab.NewWorkspace(files)
		rec := lab.NewRecorder(run.label)
		rec.Watch(ws)
		recs = append(recs, rec)
		messages, result := harness.Chat(rec.Model(model()), nil, "Which port does the server use?", rec.Tools(run.tool(ws)))
		fmt.Println(run.label + ":")
		fmt.Println(lab.Show(messages[1:]))
		fmt.Printf("=> %s after %d steps\n\n", result.Status, result.Steps)
	}
	if err := lab.WriteTranscript(recs...); err != nil {
		log.Fatal(err)
	}
}
