package providers

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"harnesslab/lab"
)

// anthropicURL is the Messages API's address; anthropicVersion the API
// version every request names.
const (
	anthropicURL     = "https://api.anthropic.com/v1"
	anthropicVersion = "2023-06-01"
)

// Anthropic is a model behind Anthropic's Messages API.
type Anthropic struct {
	model string
	key   string
	opts  Options
}

// NewAnthropic returns the model called name (for example
// "claude-sonnet-4-5"), or a *NoKeyError when there is no key.
func NewAnthropic(name string, opts Options) (*Anthropic, error) {
	opts = opts.withDefaults()
	k, err := key(opts, "anthropic", "ANTHROPIC_API_KEY")
	if err != nil {
		return nil, err
	}
	if opts.BaseURL == "" {
		opts.BaseURL = anthropicURL
	}
	return &Anthropic{model: name, key: k, opts: opts}, nil
}

// String names the model, never the key.
func (a *Anthropic) String() string { return "anthropic:" + a.model }

// Name names the model, as lab.Provider asks.
func (a *Anthropic) Name() string { return a.String() }

// Complete answers one request, as lab.Model asks: the reply, or a reply
// with StopReason "error" whose Error says why there is none, the way the
// scripted model refuses.
func (a *Anthropic) Complete(system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return complete(func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return a.send(ctx, lab.Choice{}, system, messages, tools)
	})
}

// CompleteWith answers one request made with a tool choice, as lab.Chooser
// asks: the choice goes in the body as tool_choice.
func (a *Anthropic) CompleteWith(choice lab.Choice, system string, messages []lab.Message, tools []lab.Spec) lab.Message {
	return complete(func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return a.send(ctx, choice, system, messages, tools)
	})
}

// Send answers one request by deadline (none when zero), as lab.Provider
// asks: the reply, or a *lab.ProviderError with the provider's status, type,
// words and retry-after, so lesson 09's retry code runs unchanged.
func (a *Anthropic) Send(system string, messages []lab.Message, tools []lab.Spec, deadline time.Time) (lab.Message, error) {
	return sendBy(deadline, func(ctx context.Context) (lab.Message, *lab.ProviderError) {
		return a.send(ctx, lab.Choice{}, system, messages, tools)
	})
}

func (a *Anthropic) send(ctx context.Context, choice lab.Choice, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, *lab.ProviderError) {
	header := http.Header{}
	header.Set("x-api-key", a.key)
	header.Set("anthropic-version", anthropicVersion)
	req := anthropicRequestOf(a.model, a.opts.MaxTokens, system, messages, tools)
	req.ToolChoice = anthropicChoice(choice)
	x, err := post(ctx, lab.Anthropic, a.opts, a.opts.BaseURL+"/messages", header, req)
	if err != nil {
		return lab.Message{}, err
	}
	return anthropicReply(x)
}

// anthropicRequest is the body of a Messages API request.
type anthropicRequest struct {
	Model      string             `json:"model"`
	MaxTokens  int                `json:"max_tokens"`
	System     string             `json:"system,omitempty"`
	Messages   []anthropicMessage `json:"messages"`
	Tools      []anthropicTool    `json:"tools,omitempty"`
	ToolChoice map[string]string  `json:"tool_choice,omitempty"`
}

// anthropicChoice is a tool choice as the Messages API writes it; auto, the
// API's own default, is left out.
func anthropicChoice(c lab.Choice) map[string]string {
	switch c.Mode {
	case "", lab.ChoiceAuto:
		return nil
	case lab.ChoiceTool:
		return map[string]string{"type": "tool", "name": c.Tool}
	default:
		return map[string]string{"type": string(c.Mode)}
	}
}

type anthropicMessage struct {
	Role    string           `json:"role"`
	Content []anthropicBlock `json:"content"`
}

// anthropicBlock is every kind of content block this adapter sends or reads.
type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

type anthropicTool struct {
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	InputSchema lab.Schema `json:"input_schema"`
}

// anthropicRequestOf translates a lab request. A toolResult becomes a
// tool_result block in a user message; results and user words that follow
// one another share one user message, because the API wants the roles to
// alternate. Empty text blocks are left out: the API refuses them.
func anthropicRequestOf(model string, maxTokens int, system string, messages []lab.Message, tools []lab.Spec) anthropicRequest {
	req := anthropicRequest{Model: model, MaxTokens: maxTokens, System: system, Messages: []anthropicMessage{}}
	add := func(role string, block anthropicBlock) {
		if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == role && role == "user" {
			req.Messages[n-1].Content = append(req.Messages[n-1].Content, block)
			return
		}
		req.Messages = append(req.Messages, anthropicMessage{Role: role, Content: []anthropicBlock{block}})
	}
	for _, m := range messages {
		switch m.Role {
		case lab.RoleUser:
			add("user", anthropicBlock{Type: "text", Text: m.Content})
		case lab.RoleToolResult:
			add("user", anthropicBlock{Type: "tool_result", ToolUseID: m.ToolCallID, Content: m.Content, IsError: m.IsError})
		case lab.RoleAssistant:
			msg := anthropicMessage{Role: "assistant", Content: []anthropicBlock{}}
			for _, b := range m.Blocks {
				switch {
				case b.Type == lab.ToolCallBlock:
					msg.Content = append(msg.Content, anthropicBlock{Type: "tool_use", ID: b.ID, Name: b.Name, Input: argsJSON(b.Arguments)})
				case b.Text != "":
					msg.Content = append(msg.Content, anthropicBlock{Type: "text", Text: b.Text})
				}
			}
			req.Messages = append(req.Messages, msg)
		}
	}
	for _, t := range tools {
		schema := t.Parameters
		if schema == nil {
			schema = lab.Schema{"type": "object"}
		}
		req.Tools = append(req.Tools, anthropicTool{Name: t.Name, Description: t.Description, InputSchema: schema})
	}
	return req
}

// argsJSON is a call's arguments as the JSON object the API wants; no
// arguments are an empty object, never null.
func argsJSON(args lab.Args) json.RawMessage {
	if args == nil {
		return json.RawMessage("{}")
	}
	data, err := json.Marshal(args)
	if err != nil {
		return json.RawMessage("{}")
	}
	return data
}

// anthropicResponse is the body of a successful reply.
type anthropicResponse struct {
	Content    []anthropicBlock `json:"content"`
	StopReason string           `json:"stop_reason"`
	Usage      struct {
		Input         int `json:"input_tokens"`
		Output        int `json:"output_tokens"`
		CacheRead     int `json:"cache_read_input_tokens"`
		CacheCreation int `json:"cache_creation_input_tokens"`
	} `json:"usage"`
}

// anthropicReply translates a reply. Usage.Input counts every token of the
// request: the API reports cached and newly cached tokens apart from the rest.
func anthropicReply(x exchange) (lab.Message, *lab.ProviderError) {
	if x.status/100 != 2 {
		return lab.Message{}, httpFailure(lab.Anthropic, x)
	}
	var resp anthropicResponse
	if err := json.Unmarshal(x.body, &resp); err != nil {
		return lab.Message{}, malformed(lab.Anthropic, x.status, "the reply is not the JSON the Messages API documents: "+err.Error())
	}
	reply := lab.Message{Role: lab.RoleAssistant, StopReason: "stop"}
	for _, b := range resp.Content {
		switch b.Type {
		case "text":
			reply.Blocks = append(reply.Blocks, lab.Text(b.Text))
		case "tool_use":
			args, err := decodeArgs(b.Input)
			if err != nil {
				return lab.Message{}, malformed(lab.Anthropic, x.status, "tool_use "+b.ID+": "+err.Error())
			}
			reply.Blocks = append(reply.Blocks, lab.Block{Type: lab.ToolCallBlock, ID: b.ID, Name: b.Name, Arguments: args})
			reply.StopReason = "toolUse"
		}
	}
	u := resp.Usage
	reply.Usage = lab.Usage{Input: u.Input + u.CacheRead + u.CacheCreation, CacheRead: u.CacheRead, Output: u.Output}
	return reply, nil
}

// decodeArgs reads a call's arguments, which must be a JSON object.
func decodeArgs(data []byte) (lab.Args, error) {
	args := lab.Args{}
	if len(data) == 0 {
		return args, nil
	}
	if err := json.Unmarshal(data, &args); err != nil {
		return nil, err
	}
	return args, nil
}
