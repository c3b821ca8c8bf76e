package harness

// MakeSendTool returns the send_draft tool, over the outbox. Each call gets
// a new idempotency key from newKey, and keeps it for every try: a call
// whose reply was lost is tried again, as Send tries a request, and the
// outbox sends its draft once.
func MakeSendTool(outbox *lab.Outbox, clock lab.Clock, rng *rand.Rand, newKey func() string) lab.Tool {
	return lab.Tool{
		Name:        "send_draft",
		Description: "Send a draft to a team.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"to":   lab.Schema{"type": "string", "description": "The team to send it to."},
				"text": lab.Schema{"type": "string", "description": "The text of the draft."},
			},
			"required": []string{"to", "text"},
		},
		Execute: func(arguments lab.Args) (string, error) {
			// --- your code ---
			to, _ := arguments["to"].(string)
			text, _ := arguments["text"].(string)
			key := to + "/" + text
			for attempt := 1; ; attempt++ {
				out, err := outbox.Send(key, to, text, clock.Now().Add(Timeout))
				if err == nil || attempt == MaxAttempts || Classify(err) != Transient {
					return out, err
				}
				clock.Sleep(pause(err, attempt, rng))
			}
			// --- end ---
		},
	}
}
