package harness

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
	for res.Steps < MaxSteps {
		cost := RequestTokens(PatchSystem, res.Messages, specs)
		if res.Spent+cost > job.Budget {
			res.Status = OverBudget
			break
		}
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
	if res.Status == GaveUp {
		return res // the model never finished: nothing to check
	}
	out, err := job.Commands.Run(res.Copy, []string{"go", "test", "./..."})
	res.TestsPass = err == nil && out.ExitCode == 0
	return res
	// --- end ---
}
