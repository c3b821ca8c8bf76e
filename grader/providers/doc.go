// Package providers connects a harness to real models: Anthropic's Messages
// API, OpenAI's Chat Completions, and any server that speaks Chat Completions
// (a local Ollama, llama.cpp or vLLM, reached by its base URL). Each adapter
// is a lab.Model, so the harness a student wrote against the scripted model
// runs unchanged against a real one.
//
//	model, err := providers.New("anthropic:claude-sonnet-4-5", providers.Options{})
//	if err != nil {
//		return err // no key: the error says which variable to set
//	}
//	reply := model.Complete(system, messages, specs)
//
// # Goals
//
//   - Translate both ways, exactly: a toolCall block is Anthropic's tool_use
//     block or OpenAI's tool_calls entry; a toolResult message is a
//     tool_result block inside a user message, or a message with role tool.
//     The call ids the provider wrote are kept, so results pair with calls
//     the same way they do in the lab.
//   - Map usage to the lab's bill: Usage.Input is every token of the request,
//     Usage.CacheRead the part served from the provider's cache.
//   - Map every failure to the lab's shapes. As a lab.Model (Complete), a
//     failure is a reply with StopReason "error", the way the scripted model
//     refuses: Error reads "STATUS TYPE: MESSAGE" in the provider's own words
//     ("429 rate_limit_error: ..."). As a lab.Provider (Send, with a
//     deadline), it is a *lab.ProviderError with the status, type, code and
//     retry-after, so lesson 09's retry code runs unchanged against a real
//     provider.
//   - Take a tool choice (lab.Chooser, lesson 13's forced submit_result):
//     Anthropic's tool_choice {"type": "tool", "name": ...} or OpenAI's
//     {"type": "function", "function": {"name": ...}}; "any" is OpenAI's
//     "required". A forced call is read from the reply's calls, whatever its
//     finish reason says (OpenAI says "stop").
//   - Never put a key anywhere but the request's header: not in an error, a
//     log line or a transcript.
//
// # Non-goals
//
// Streaming, images, prompt caching controls and every provider option the
// course does not teach. Check programs never import this package: a check
// talks only to the scripted model, and this package needs the network.
//
// # Why plain net/http, not the official SDKs
//
// The course is about what crosses the wire, so the adapters show it: each
// request is a small struct that encodes to exactly the JSON the provider
// documents, and the replay tests compare that JSON. The official SDKs
// (anthropic-sdk-go, openai-go) are good clients, but they retry 429 and 5xx
// replies on their own by default, which would hide the very failures lesson
// 09 teaches a harness to handle, and they bring large generated type trees
// for the few fields used here. With net/http the whole adapter is readable
// in one sitting, it has no dependency outside the standard library, and a
// recorded exchange replays through httptest byte for byte.
package providers
