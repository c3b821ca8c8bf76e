package harness

// AllowCommand is the allow-list of commands. It splits command into words
// (any run of spaces or tabs separates two words) and returns them when they
// have one of these shapes, and nothing else:
//
//	go test [-v] [PATTERN...]
//	go vet [PATTERN...]
//
// where each PATTERN is a package pattern inside the module: ".", "./...",
// "./calc" or "./calc/...". Every other command is an error, commandRefused
// with the command as the model wrote it.
func AllowCommand(command string) ([]string, error) {
	// --- your code ---
	words := strings.Fields(command)
	shapes := map[string]int{"go test -v": 3, "go test": 2, "go vet": 2}
	for _, shape := range []string{"go test -v", "go test", "go vet"} {
		n := shapes[shape]
		if len(words) < n || strings.Join(words[:n], " ") != shape {
			continue
		}
		for _, word := range words[n:] {
			if !packageWord.MatchString(word) {
				return nil, fmt.Errorf(commandRefused, command)
			}
		}
		return words, nil
	}
	return nil, fmt.Errorf(commandRefused, command)
	// --- end ---
}

// Patch runs one session: it copies the repository, offers PatchTools over
// the copy, says the task, and loops as RunLoop does (at most MaxSteps
// requests, the calls of each reply run through RunCalls with PatchEffects),
// with PatchSystem as the system prompt. Before each request it works out the
// request's bill (RequestTokens); when the bill so far plus this one would
// pass job.Budget, it stops with OverBudget and sends nothing. After the
// session it runs go test ./... in the copy itself: TestsPass is true only
// when that run exits with 0.
func Patch(job PatchJob) PatchResult {
	// --- your code ---
	res := PatchResult{Copy: copyOf(job.Repo)}
	tools := PatchTools(res.Copy, NewEdits(res.Copy), job.Commands, job.Ask, &res.Log)
	specs := ToolSpecs(tools)
	res.Messages = []lab.Message{UserMessage(job.Task)}
	res.Status = GaveUp
	left := job.Budget
	for res.Steps < MaxSteps {
		cost := RequestTokens(PatchSystem, res.Messages, specs)
		if cost > left {
			res.Status = OverBudget
			break
		}
		left -= cost
		reply := job.Model.Complete(PatchSystem, res.Messages, specs)
		res.Steps++
		res.Spent += cost
		res.Messages = append(res.Messages, reply)
		calls := ToolCalls(reply)
		if len(calls) == 0 {
			res.Status, res.Text = Answered, TextOf(reply)
			break
		}
		res.Messages = append(res.Messages, RunCalls(context.Background(), tools, PatchEffects, calls)...)
	}
	out, err := job.Commands.Run(res.Copy, []string{"go", "test", "./..."})
	res.TestsPass = err == nil && out.ExitCode == 0
	return res
	// --- end ---
}
