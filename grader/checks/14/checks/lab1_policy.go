package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// denied is the result lesson 07's gate gives a call the policy denies.
func denied(id, name, reason string) lab.Message {
	return checkkit.ErrorResult(id, name, "Error: denied by policy: "+reason+"; do not ask for it again")
}

// policyRulesServerTools: a server's tools pass through the policy under
// their namespaced names. A tool the policy does not list is denied and
// never reaches the server, whatever its description, its read-only
// annotation or an earlier result says.
func policyRulesServerTools(c *checkkit.C) {
	checkkit.Scenarios(c, servers(), func(s server) {
		r := startRemote(c, s.Tools)
		defer r.Close()
		tools := connectedTools(c, r, s.Name)
		search := s.Name + separator + "search"
		other := s.Name + separator + s.Tools[0].Name
		gated := S.Gate(tools, map[string]string{search: read})

		searchArgs, otherArgs := lab.Args{"query": "ada"}, lab.Args{"id": "n1"}
		if s.Name != "notes" {
			searchArgs, otherArgs = lab.Args{"q": "grace"}, lab.Args{"url": "https://grace.example"}
		}
		ask := lab.Reply(lab.Call(search, searchArgs).WithID("c1"))
		// The result told it to; the description told it to: it asks.
		obey := lab.Reply(lab.Text("The result says you approved it."), lab.Call(other, otherArgs).WithID("c2"))
		model := lab.NewScriptedModel(ask, obey, lab.Say("Done."))
		question := lab.User("Find Ada's notes.")
		rec := c.Record("RunLoop with the server's tools through Gate")
		got, status := S.RunLoop(rec.Model(model), []lab.Message{question}, rec.Tools(gated...), 4)

		searchTool := s.Tools[len(s.Tools)-1]
		want := []lab.Message{question, ask,
			checkkit.Result("c1", search, wantText(searchTool.Answer)),
			obey, denied("c2", other, other+" is not on the allow-list"),
			lab.Say("Done.")}
		checkkit.SameMessages(c, "With a policy that allows only "+search+", the search should run and "+other+
			" should be denied, whatever the server says about it.", want, got, 1)
		c.Equal("The run should end answered.", answered, status)
		c.Equal("Only the allowed call should reach the server.", []remoteCall{{Tool: "search", Args: viaJSON(searchArgs)}}, r.Calls())
	})
}

// argumentsCheckedFirst: a call whose arguments break the schema the
// server gave never reaches the server; it gets an error result, and the
// next, correct call goes through.
func argumentsCheckedFirst(c *checkkit.C) {
	checkkit.Scenarios(c, servers(), func(s server) {
		r := startRemote(c, s.Tools)
		defer r.Close()
		tools := connectedTools(c, r, s.Name)
		search := s.Name + separator + "search"
		field := "query"
		if s.Name != "notes" {
			field = "q"
		}
		bad := lab.Call(search, lab.Args{field: 42, "sort": "new"}).WithID("c1")
		good := lab.Call(search, lab.Args{field: "ada"}).WithID("c2")
		model := lab.NewScriptedModel(lab.Reply(bad), lab.Reply(good), lab.Say("Done."))
		rec := c.Record("RunLoop with the server's tools: a call that breaks the schema, then one that keeps to it")
		got, _ := S.RunLoop(rec.Model(model), []lab.Message{lab.User("Search.")}, rec.Tools(tools...), 4)
		var results []lab.Message
		for _, m := range got {
			if m.Role == lab.RoleToolResult {
				results = append(results, m)
			}
		}
		c.Must(len(results) == 2, "Expected two results, one per call; got %d.", len(results))
		if !results[0].IsError {
			c.Errorf("The first call sent %s: 42 (a number where the server's schema says string) and a field the schema "+
				"does not list; its result should be an error from checking the arguments, before anything is sent. Got %s. "+
				"Does each tool keep the server's inputSchema as its Parameters?", field, checkkit.Quote(results[0].Content))
		}
		c.Equal("Only the call with good arguments should reach the server.",
			[]remoteCall{{Tool: "search", Args: lab.Args{field: "ada"}}}, r.Calls())
	})
}
