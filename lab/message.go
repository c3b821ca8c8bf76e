package lab

// Role says who spoke a message.
type Role string

// The three speakers of a conversation.
const (
	RoleUser       Role = "user"       // the person, or code speaking for them
	RoleAssistant  Role = "assistant"  // the model
	RoleToolResult Role = "toolResult" // your program, reporting what a tool did
)

// BlockType says what an assistant's content block holds.
type BlockType string

// The kinds of block an assistant message can hold.
const (
	TextBlock     BlockType = "text"     // words for the reader
	ToolCallBlock BlockType = "toolCall" // a request to run a tool: nothing has run yet
)

// Args holds the arguments of a tool call, exactly as the model wrote them:
// a JSON object decoded into Go values.
type Args = map[string]any

// Schema is a JSON Schema, written as the JSON object it is.
type Schema = map[string]any

// Block is one piece of an assistant message's content. A text block uses
// Text; a toolCall block uses ID, Name and Arguments.
type Block struct {
	Type      BlockType
	Text      string // for a text block
	ID        string // for a toolCall block: the call id, written by the model (c1, c2, ...)
	Name      string // for a toolCall block: the tool it asks for
	Arguments Args   // for a toolCall block: what it asks the tool to be given
}

// Usage is what one request cost, in tokens.
type Usage struct {
	Input     int // tokens of the request, everything it carried
	CacheRead int // tokens served from a cache (always 0 in this lab)
	Output    int // tokens of the reply's content
}

// Message is one entry of a conversation. Which fields it uses depends on
// its role:
//
//   - user: Content holds the words.
//   - assistant: Blocks holds the content, in the order it was written.
//   - toolResult: Content holds what the tool returned; ToolCallID quotes the
//     id of the call it answers; ToolName says which tool ran; IsError says
//     whether Content describes a failure.
//
// StopReason, Usage and Error describe a reply from a model. They are not sent
// back to the model: a request carries only the wire keys of each role.
type Message struct {
	Role       Role
	Content    string  // user and toolResult messages: the text
	Blocks     []Block // assistant messages: the content blocks
	ToolCallID string  // toolResult: the id of the call this answers
	ToolName   string  // toolResult: the tool that ran
	IsError    bool    // toolResult: true when Content reports a failure

	StopReason string // a reply: "stop", "toolUse" or "error"
	Usage      Usage  // a reply: what the request and the reply cost
	Error      string // a refused request: the provider's error, for example "400 invalid_request: ..."
}

// User returns a user message saying text.
func User(text string) Message {
	return Message{Role: RoleUser, Content: text}
}

// Text returns a text block.
func Text(text string) Block {
	return Block{Type: TextBlock, Text: text}
}

// Call returns a toolCall block asking for the tool name with args. Leave the
// id empty and the scripted model numbers the call when it plays the reply
// (c1, c2, ...); give one with WithID.
func Call(name string, args Args) Block {
	return Block{Type: ToolCallBlock, Name: name, Arguments: args}
}

// WithID returns a copy of the block with its call id set.
func (b Block) WithID(id string) Block {
	b.ID = id
	return b
}

// Reply returns an assistant message whose content is blocks, in order.
func Reply(blocks ...Block) Message {
	m := Message{Role: RoleAssistant, Blocks: append([]Block(nil), blocks...)}
	m.StopReason = stopReason(m.Blocks)
	return m
}

// Say returns an assistant message holding one text block.
func Say(text string) Message {
	return Reply(Text(text))
}

func stopReason(blocks []Block) string {
	for _, b := range blocks {
		if b.Type == ToolCallBlock {
			return "toolUse"
		}
	}
	return "stop"
}

// Clone returns a deep copy of m: changing the copy's blocks or arguments
// leaves m as it was.
func (m Message) Clone() Message {
	if m.Blocks != nil {
		blocks := make([]Block, len(m.Blocks))
		for i, b := range m.Blocks {
			b.Arguments = cloneArgs(b.Arguments)
			blocks[i] = b
		}
		m.Blocks = blocks
	}
	return m
}

// CloneMessages returns a deep copy of messages.
func CloneMessages(messages []Message) []Message {
	if messages == nil {
		return nil
	}
	out := make([]Message, len(messages))
	for i, m := range messages {
		out[i] = m.Clone()
	}
	return out
}

// CloneArgs returns a deep copy of args (or of a Schema): nested maps and
// lists are copied too.
func CloneArgs(args Args) Args { return cloneArgs(args) }

func cloneArgs(args Args) Args {
	if args == nil {
		return nil
	}
	out := make(Args, len(args))
	for k, v := range args {
		out[k] = cloneValue(v)
	}
	return out
}

func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return cloneArgs(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = cloneValue(x)
		}
		return out
	case []string:
		return append([]string(nil), v...)
	default:
		return v
	}
}
