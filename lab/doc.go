// Package lab is the bench every lesson of "Harness from First Principles" is
// built on: a small in-memory disk, the message types of a conversation, and a
// scripted model that behaves like a strict provider.
//
//	ws := lab.NewWorkspace(map[string]string{"config.py": "PORT = 9090\n"})
//	model := lab.NewScriptedModel(
//		lab.Reply(lab.Call("read", lab.Args{"path": "config.py"})),
//		lab.Say("The port is 9090."),
//	)
//	reply := model.Complete("You are a helpful assistant.",
//		[]lab.Message{lab.User("What port?")}, nil)
//	fmt.Println(lab.Show([]lab.Message{reply}))
//	// assistant -> toolCall c1 read({"path": "config.py"})
//
// Goals: reproduce exactly what a lesson claims (the billed text of a request,
// its token count, the refusals a provider gives), so that every figure in a
// lesson is the output of real code; make the right thing easy for a student
// (Go's types already forbid some mistakes a dynamic language must check at
// run time, such as sending a function as part of a tool spec); and let a check
// see everything that happened (every read, every request).
//
// Non-goals: talking to a real provider (no lesson's code or check does, 16
// included; `labrun run NN --model` plays a lesson's scenario against one
// through the adapters in grader/providers, which implement the same Model
// interface and which this package never imports), counting tokens the way
// a real tokenizer does (four characters make a token here; the shape of the
// bill is what matters), and speed.
package lab
