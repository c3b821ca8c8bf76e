// Package play drives the student's code of lesson 14, "Tools from
// elsewhere", through a check's scenario and records what came back. It is
// linked twice: into the player, with the student's files, and into the
// judge, with the reference solution, which plays the same scenario so the
// two records can be compared (see checkkit.JudgeMain). It holds no expected
// value: the servers and clients it plays against are the world, built from
// the scenario, and what they saw is recorded beside what the code returned.
package play

import (
	"encoding/json"
	"fmt"
	"io"

	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// Student is the code under play, as the play functions call it.
type Student struct {
	ToolName func(server, tool string) string
	// Connect is ConnectMCP, the client behind an interface.
	Connect  func(server string, r io.Reader, w io.Writer) (Client, error)
	ServeMCP func(tools []lab.Tool, r io.Reader, w io.Writer) error
	// Gate is Gate over a policy that allows exactly the tools named in
	// effects, each with its class.
	Gate func(tools []lab.Tool, effects map[string]string) []lab.Tool
	// RunLoop is RunLoop, with the status of the run.
	RunLoop func(model lab.Model, messages []lab.Message, tools []lab.Tool, maxSteps int) ([]lab.Message, string)
}

// Client is an MCPClient as the play functions use it.
type Client interface {
	Call(method string, params any) (json.RawMessage, error)
	Tools() ([]lab.Tool, error)
}

// RPCError is the play's copy of an *RPCError that Call returned.
type RPCError struct {
	Code    int
	Message string
	Err     error // the error as it was returned
}

// Error says what the returned error says.
func (e *RPCError) Error() string { return fmt.Sprint(e.Err) }

// S is the code under play: the student's in the player, the reference's in
// the judge.
var S Student

// Key names what run k of a scenario recorded under what: "run 1, connect".
func Key(k int, what string) string { return fmt.Sprintf("run %d, %s", k+1, what) }

// ItemKey names what item i of run k recorded: "run 2, session 3".
func ItemKey(k int, noun string, i int) string { return fmt.Sprintf("run %d, %s %d", k+1, noun, i+1) }

// words returns err's words, or nil for no error.
func words(err error) *string {
	if err == nil {
		return nil
	}
	s := err.Error()
	return &s
}

// Connected is what ConnectMCP returned: its error's words (nil for none),
// and whether it returned a client.
type Connected struct {
	Error  *string
	Client bool
}

// Listed is what Tools returned: the specs of its tools and its error.
type Listed struct {
	Specs []lab.Spec
	Error *string
}

// Ran is what running one tool returned.
type Ran struct {
	Text  string
	Error *string
}

// Answered is what Call returned: the raw result, the error's words, and
// when the error is an *RPCError, its code and message.
type Answered struct {
	Raw     string
	Error   *string
	RPC     bool
	Code    int
	Message string
}

// Looped is what RunLoop returned: the list and the run's status.
type Looped struct {
	Messages []lab.Message
	Status   string
}

// Plays holds every check of the lesson, by name, as the player plays it.
var Plays = map[string]checkkit.Check{
	"answer_matched_by_id":      playAnswerMatchedByID,
	"arguments_checked_first":   playArgumentsCheckedFirst,
	"call_reaches_tool":         playCallReachesTool,
	"client_agrees":             playClientSessions,
	"client_writes_lines":       playClientWritesLines,
	"connect_shakes_hands":      playConnectShakesHands,
	"error_response_is_error":   playErrorResponseIsError,
	"is_error_kept":             playIsErrorKept,
	"policy_rules_server_tools": playPolicyRulesServerTools,
	"result_content_joined":     playResultContentJoined,
	"sdk_client_connects":       playSDKClientConnects,
	"server_agrees":             playRawSessions,
	"server_lists_tools":        playServerListsTools,
	"server_refuses_unknown":    playRawSessions,
	"server_runs_calls":         playServerRunsCalls,
	"server_survives_bad_lines": playRawSessions,
	"tools_named_per_server":    playToolsNamedPerServer,
}
