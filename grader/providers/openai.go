package providers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"harnesslab/lab"
)

// openaiURL is the address of OpenAI's API.
const openaiURL = "https://api.openai.com/v1"

// OpenAI is a model behind OpenAI's Chat Completions, or behind any server
// that speaks it (Options.BaseURL).
type OpenAI struct {
	model string
	key   string
	opts  Options
	own   bool // talking to OpenAI itself, not to a compatible server
}

// NewOpenAI returns the model called name (for example "gpt-4.1", or
// "qwen3" on a local Ollama with BaseURL http://localhost:11434/v1), or a
// *NoKeyError when OpenAI itself is asked and there is no key.
func NewOpenAI(name string, opts Options) (*OpenAI, error) {
	opts = opts.withDefaults()
	k, err := key(opts, "openai", "OPENAI_API_KEY")
	if err != nil {
		return nil, err
	}
	own := opts.BaseURL == ""
	if own {
		opts.BaseURL = openaiURL
	}
	return &OpenAI{model: name, key: k, opts: opts, own: own}, nil
}

// String names the model and, for a compatible server, its address; never
// the key.
func (o *OpenAI) String() string {
	if o.own {
		return "openai:" + o.model
	}
	return "openai:" + o.model + " at " + o.opts.BaseURL
}

// Name names the model, as lab.Provider asks.
func (o *OpenAI) Name() string { return o.String() }

// Complete answers one request, as lab.Model asks: the reply, or a reply
// with StopReason "error" whose Error says why there is none, the way the
// scripted model refuses.
func (o *OpenAI) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return complete(func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return o.send(ctx, lab.Choice{}, system, messages, tools)
	})
}

// CompleteWith answers one request made with a tool choice, as lab.Chooser
// asks: the choice goes in the body as tool_choice.
func (o *OpenAI) CompleteWith(choice lab.Choice, system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return complete(func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return o.send(ctx, choice, system, messages, tools)
	})
}

// Send answers one request by deadline (none when zero), as lab.Provider
// asks: the reply, or a *lab.ProviderError with the provider's status, type,
// code, words and retry-after, so lesson 09's retry code runs unchanged.
func (o *OpenAI) Send(system string, messages []lab.Message, tools []lab.Spec, deadline time.Time) (lab.Message, error) {
	return sendBy(deadline, func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return o.send(ctx, lab.Choice{}, system, messages, tools)
	})
}

func (o *OpenAI) send(ctx context.Context, choice lab.Choice, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, *lab.ProviderError) {
	header := http.Header{}
	if o.key != "" {
		header.Set("authorization", "Bearer "+o.key)
	}
	req := openaiRequestOf(o.model, system, messages, tools)
	req.ToolChoice = openaiChoice(choice)
	if o.own {
		req.MaxCompletionTokens = o.opts.MaxTokens
	} else {
		req.MaxTokens = o.opts.MaxTokens // what compatible servers read
	}
	x, err := post(ctx, lab.OpenAI, o.opts, o.opts.BaseURL+"/chat/completions", header, req)
	if err != nil {
		return lab.Message{}, err
	}
	return openaiReply(x)
}

// openaiRequest is the body of a Chat Completions request.
type openaiRequest struct {
	Model               string          `json:"model"`
	Messages            []openaiMessage `json:"messages"`
	Tools               []openaiTool    `json:"tools,omitempty"`
	ToolChoice          any             `json:"tool_choice,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
}

// openaiChoice is a tool choice as Chat Completions writes it: a word, or an
// object naming the function. Auto, the default when tools are sent, is
// left out; "any" is called "required" there.
func openaiChoice(c lab.Choice) any {
	switch c.Mode {
	case "", lab.ChoiceAuto:
		return nil
	case lab.ChoiceAny:
		return "required"
	case lab.ChoiceTool:
		return map[string]any{"type": "function", "function": map[string]string{"name": c.Tool}}
	default:
		return string(c.Mode)
	}
}

// openaiMessage is one message. Content is a pointer because an assistant
// message that only calls tools sends null.
type openaiMessage struct {
	Role       string           `json:"role"`
	Content    *string          `json:"content"`
	ToolCalls  []openaiToolCall `json:"tool_calls,omitempty"`
	ToolCallID string           `json:"tool_call_id,omitempty"`
}

type openaiToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"` // a JSON object, as a string
	} `json:"function"`
}

type openaiTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string     `json:"name"`
		Description string     `json:"description,omitempty"`
		Parameters  lab.Schema `json:"parameters,omitempty"`
	} `json:"function"`
}

// openaiRequestOf translates a lab request. The system prompt is the first
// message; a toolResult is a message with role tool. Chat Completions has no
// is_error: a failed result says so in its words, which lesson 04's results
// already do ("Error: ...").
func openaiRequestOf(model, system string, messages []lab.Message, tools []lab.Spec) openaiRequest {
	text := func(s string) *string { return &s }
	req := openaiRequest{Model: model}
	if system != "" {
		req.Messages = append(req.Messages, openaiMessage{Role: "system", Content: text(system)})
	}
	for _, m := range messages {
		switch m.Role {
		case lab.RoleUser:
			req.Messages = append(req.Messages, openaiMessage{Role: "user", Content: text(m.Content)})
		case lab.RoleToolResult:
			req.Messages = append(req.Messages, openaiMessage{Role: "tool", Content: text(m.Content), ToolCallID: m.ToolCallID})
		case lab.RoleAssistant:
			msg := openaiMessage{Role: "assistant"}
			var words string
			for _, b := range m.Blocks {
				if b.Type == lab.ToolCallBlock {
					var call openaiToolCall
					call.ID, call.Type = b.ID, "function"
					call.Function.Name, call.Function.Arguments = b.Name, string(argsJSON(b.Arguments))
					msg.ToolCalls = append(msg.ToolCalls, call)
					continue
				}
				words += b.Text
			}
			if words != "" || len(msg.ToolCalls) == 0 {
				msg.Content = text(words)
			}
			req.Messages = append(req.Messages, msg)
		}
	}
	for _, t := range tools {
		var tool openaiTool
		tool.Type = "function"
		tool.Function.Name, tool.Function.Description, tool.Function.Parameters = t.Name, t.Description, t.Parameters
		req.Tools = append(req.Tools, tool)
	}
	return req
}

// openaiResponse is the body of a successful reply.
type openaiResponse struct {
	Choices []struct {
		Message struct {
			Content   *string          `json:"content"`
			ToolCalls []openaiToolCall `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		Prompt     int `json:"prompt_tokens"`
		Completion int `json:"completion_tokens"`
		Details    struct {
			Cached int `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	} `json:"usage"`
}

// openaiReply translates a reply. prompt_tokens already counts the cached
// tokens, which are reported again apart.
func openaiReply(x exchange) (lab.Message, *lab.ProviderError) {
	if x.status/100 != 2 {
		return lab.Message{}, httpFailure(lab.OpenAI, x)
	}
	var resp openaiResponse
	err := json.Unmarshal(x.body, &resp)
	if err != nil || len(resp.Choices) == 0 {
		why := "it has no choices"
		if err != nil {
			why = err.Error()
		}
		return lab.Message{}, malformed(lab.OpenAI, x.status, "the reply is not the JSON Chat Completions documents: "+why)
	}
	choice := resp.Choices[0].Message
	reply := lab.Message{Role: lab.RoleAssistant, StopReason: "stop"}
	if choice.Content != nil && *choice.Content != "" {
		reply.Blocks = append(reply.Blocks, lab.Text(*choice.Content))
	}
	for _, c := range choice.ToolCalls {
		args, err := decodeArgs([]byte(c.Function.Arguments))
		if err != nil {
			return lab.Message{}, malformed(lab.OpenAI, x.status, fmt.Sprintf("tool call %s: its arguments are not a JSON object: %v", c.ID, err))
		}
		reply.Blocks = append(reply.Blocks, lab.Block{Type: lab.ToolCallBlock, ID: c.ID, Name: c.Function.Name, Arguments: args})
		reply.StopReason = "toolUse"
	}
	u := resp.Usage
	reply.Usage = lab.Usage{Input: u.Prompt, CacheRead: u.Details.Cached, Output: u.Completion}
	return reply, nil
}
