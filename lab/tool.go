package lab

// Tool is something the model may ask your program to do: three parts that
// describe it to the model, and one function that only your program runs.
type Tool struct {
	Name        string
	Description string
	Parameters  Schema                     // JSON Schema of the arguments
	Execute     func(Args) (string, error) // runs in your process, never in the model's
}

// Spec is the part of a tool that travels in a request: name, description and
// parameters. It has no function field, so there is no way to send one.
type Spec struct {
	Name        string
	Description string
	Parameters  Schema
}

// Model is anything that answers a request: the scripted model here, a real
// provider in lesson 16.
type Model interface {
	Complete(system string, messages []Message, tools []Spec) Message
}

// Required returns the names a schema lists under "required", in its order.
// It accepts the list written as []string or as []any of strings.
func Required(schema Schema) []string {
	switch list := schema["required"].(type) {
	case []string:
		return append([]string(nil), list...)
	case []any:
		var out []string
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
