// Package checks holds the judgements of lesson 14, "Tools from elsewhere":
// each check's scenario, and how the student's play of it is compared with
// the reference's. Only the judge links it (see grader/checks/14/judge); the
// player links package play alone.
package checks

import (
	"fmt"

	"harnesslab/grader/checkkit"
	"harnesslab/grader/checks/14/play"
	"harnesslab/lab"
)

// The lesson's values, as the kit knows them. Judgements build what they
// expect from these and from the reference's play, never from the student's
// file.
const (
	mcpVersion    = "2025-11-25"
	separator     = "__"
	clientName    = "harnesslab-client"
	serverName    = "harnesslab-server"
	answered      = "answered"
	read          = "read"
	methodMissing = -32601
	parseError    = -32700
)

// Judges holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Judges = map[string]checkkit.Judgement{
	"answer_matched_by_id":      {Scenario: matchedByID, Judge: judgeAnswerMatchedByID},
	"arguments_checked_first":   {Scenario: checkedFirst, Judge: judgeArgumentsCheckedFirst},
	"call_reaches_tool":         {Scenario: reaches, Judge: judgeCallReachesTool},
	"client_agrees":             {Scenario: generatedClientSessions, Judge: judgeClientAgrees},
	"client_writes_lines":       {Scenario: serverScenario, Judge: judgeClientWritesLines},
	"connect_shakes_hands":      {Scenario: handshakes, Judge: judgeConnectShakesHands},
	"error_response_is_error":   {Scenario: askings, Judge: judgeErrorResponseIsError},
	"is_error_kept":             {Scenario: failing, Judge: judgeIsErrorKept},
	"policy_rules_server_tools": {Scenario: policed, Judge: judgePolicyRulesServerTools},
	"result_content_joined":     {Scenario: joined, Judge: judgeResultContentJoined},
	"sdk_client_connects":       {Scenario: versions, Judge: judgeSDKClientConnects},
	"server_agrees":             {Scenario: generatedServerSessions, Judge: judgeServerAgrees},
	"server_lists_tools":        {Scenario: prefixes, Judge: judgeServerListsTools},
	"server_refuses_unknown":    {Scenario: unknownMethods, Judge: judgeServerRefusesUnknown},
	"server_runs_calls":         {Scenario: callRuns, Judge: judgeServerRunsCalls},
	"server_survives_bad_lines": {Scenario: badLines, Judge: judgeServerSurvivesBadLines},
	"tools_named_per_server":    {Scenario: pairs, Judge: judgeToolsNamedPerServer},
}

// each runs judge on every data set of the check's scenario, with its index.
func each[T any](c *checkkit.C, judge func(k int, data T)) {
	checkkit.EachScenario(c, checkkit.Scenario[[]checkkit.Data[T]](c), judge)
}

// said words an error for the student: "the error "..."" or "no error".
func said(err *string) string {
	if err == nil {
		return "no error"
	}
	return "the error " + checkkit.Quote(*err)
}

// connected checks what ConnectMCP returned in run k (under "connect", or
// what), against the reference's: the reference connects, and so must
// yours. It stops the check, with the wire, when yours did not.
func connected(c *checkkit.C, yours, ref checkkit.Observed, k int, what, name, wire string) {
	key := play.Key(k, what)
	want := checkkit.Get[play.Connected](c, ref, key)
	if want.Error != nil || !want.Client {
		c.KitFatalf("the reference could not connect to %q: %s", name, said(want.Error))
	}
	got := checkkit.Get[play.Connected](c, yours, key)
	if got.Error != nil {
		logWire(c, yours, wire)
		c.Fatalf("ConnectMCP(%q, ...) returned the error %s, connecting to a server that answers initialize as the protocol says. The wire is below.", name, checkkit.Quote(*got.Error))
	}
	if !got.Client {
		logWire(c, yours, wire)
		c.Fatalf("ConnectMCP(%q, ...) returned no client and no error.", name)
	}
}

// listed checks what Tools returned in run k (under key), and returns yours
// and the reference's: the reference lists, and so must yours.
func listed(c *checkkit.C, yours, ref checkkit.Observed, key, name, wire string) (got, want play.Listed) {
	want = checkkit.Get[play.Listed](c, ref, key)
	if want.Error != nil {
		c.KitFatalf("the reference could not list the tools of %q: %s", name, *want.Error)
	}
	got = checkkit.Get[play.Listed](c, yours, key)
	if got.Error != nil {
		logWire(c, yours, wire)
		c.Fatalf("Tools() of the server %q returned the error %s; the server answered tools/list. The wire is below.", name, checkkit.Quote(*got.Error))
	}
	return got, want
}

// toolRuns makes a checkkit.ToolRuns holding runs, for checkkit.SameToolRuns.
func toolRuns(runs []checkkit.ToolRun) *checkkit.ToolRuns {
	r := &checkkit.ToolRuns{}
	for _, run := range runs {
		tool := lab.Tool{Name: run.Tool, Execute: func(lab.Args) (string, error) { return "", nil }}
		_, _ = r.Wrap(tool)[0].Execute(run.Args)
	}
	return r
}

// names returns the names of specs.
func names(specs []lab.Spec) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
}

// ran words what running a tool returned.
func ran(r play.Ran) string {
	if r.Error != nil {
		return fmt.Sprintf("the error %s", checkkit.Quote(*r.Error))
	}
	return checkkit.Quote(r.Text)
}
