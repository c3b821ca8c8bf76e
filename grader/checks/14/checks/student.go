// Package checks holds the checks of lesson 14, "Tools from elsewhere": an
// MCP client held against a server built with the official MCP Go SDK, and
// an MCP server driven by that SDK's client, over in-memory pipes.
package checks

import (
	"encoding/json"
	"fmt"
	"io"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the student's code as the checks call it. The check program's
// main fills it in from mcp.go, policy.go and harness.go; keeping the checks
// out of package main means they are compiled once.
type Student struct {
	ToolName func(server, tool string) string
	// Connect is the student's ConnectMCP, the client behind an interface.
	Connect  func(server string, r io.Reader, w io.Writer) (Client, error)
	ServeMCP func(tools []lab.Tool, r io.Reader, w io.Writer) error
	// Gate is the student's Gate over a policy that allows exactly the
	// tools named in effects, each with its class.
	Gate func(tools []lab.Tool, effects map[string]string) []lab.Tool
	// RunLoop is the student's RunLoop, with the status of the run.
	RunLoop func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, string)
}

// Client is the student's MCPClient as the checks use it.
type Client interface {
	Call(method string, params any) (json.RawMessage, error)
	Tools() ([]lab.Tool, error)
}

// RPCError is the checks' copy of an *RPCError the student's Call returned.
type RPCError struct {
	Code    int
	Message string
	Err     error // the student's error, as it was returned
}

// Error says what the student's error says.
func (e *RPCError) Error() string { return fmt.Sprint(e.Err) }

// S is the student's code under check.
var S Student

// The lesson's values, as the kit knows them. Checks build what they expect
// from these, never from the student's file.
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

// Checks holds every check of the lesson, by name. The scripts NN_name.txtar
// say which to run, in what order, and what each one promises the student.
var Checks = map[string]checkkit.Check{
	"answer_matched_by_id":      answerMatchedByID,
	"arguments_checked_first":   argumentsCheckedFirst,
	"call_reaches_tool":         callReachesTool,
	"client_writes_lines":       clientWritesLines,
	"connect_shakes_hands":      connectShakesHands,
	"error_response_is_error":   errorResponseIsError,
	"is_error_kept":             isErrorKept,
	"policy_rules_server_tools": policyRulesServerTools,
	"result_content_joined":     resultContentJoined,
	"sdk_client_connects":       sdkClientConnects,
	"server_lists_tools":        serverListsTools,
	"server_refuses_unknown":    serverRefusesUnknown,
	"server_runs_calls":         serverRunsCalls,
	"server_survives_bad_lines": serverSurvivesBadLines,
	"tools_named_per_server":    toolsNamedPerServer,
}
