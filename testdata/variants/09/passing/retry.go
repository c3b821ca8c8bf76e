package harness

// Classify says what kind of failure err is. A *lab.ProviderError, even one
// wrapped inside err, is classified by its status: no reply at all (status
// 0), 408, 429 and every 5xx are transient; a reply of status 200 that could
// not be read is malformed; every other status is permanent. Any other error
// is a tool's own failure, the model's mistake.
func Classify(err error) Kind {
	// --- your code ---
	var failure *lab.ProviderError
	if !errors.As(err, &failure) {
		return Mistake
	}
	if kind, ok := byStatus[failure.Status]; ok {
		return kind
	}
	if failure.Status >= 500 {
		return Transient
	}
	return Permanent
	// --- end ---
}

// byStatus is the kind of every status that is not a plain 4xx or 5xx.
var byStatus = map[int]Kind{0: Transient, 200: Malformed, 408: Transient, 429: Transient}

// Send sends one request to p and returns its reply. Each try may wait
// Timeout for its reply, counted on clock. A transient failure is tried
// again after a pause (the provider's retry-after if it sent one, Backoff
// otherwise), a malformed reply is asked for again at once, but only once,
// and anything else is returned at once; nobody tries more than MaxAttempts
// times. When it gives up, Send returns the last failure.
func Send(p lab.Provider, clock lab.Clock, rng *rand.Rand, system string, messages []lab.Message, tools []lab.Spec) (lab.Message, error) {
	// --- your code ---
	var reply lab.Message
	err := try(clock, rng, true, func(deadline time.Time) error {
		var err error
		reply, err = p.Send(system, messages, tools, deadline)
		return err
	})
	if err != nil {
		return lab.Message{}, err
	}
	return reply, nil
	// --- end ---
}

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
			key := newKey()
			var out string
			err := try(clock, rng, false, func(deadline time.Time) error {
				var err error
				out, err = outbox.Send(key, to, text, deadline)
				return err
			})
			return out, err
			// --- end ---
		},
	}
}

// try calls once until it succeeds, it fails for good, or MaxAttempts tries
// are used up. reask says whether a malformed reply is asked for again.
func try(clock lab.Clock, rng *rand.Rand, reask bool, once func(deadline time.Time) error) error {
	tries, reasked := 0, false
	for {
		tries++
		err := once(clock.Now().Add(Timeout))
		if err == nil || tries >= MaxAttempts {
			return err
		}
		switch Classify(err) {
		case Malformed:
			if !reask || reasked {
				return err
			}
			reasked = true
		case Transient:
			clock.Sleep(pause(err, tries, rng))
		default:
			return err
		}
	}
}
