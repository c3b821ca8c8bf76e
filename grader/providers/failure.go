package providers

import (
	"context"
	"errors"
	"time"

	"harnesslab/lab"
)

// refusal is the assistant message that carries a failure the way the
// scripted model refuses: StopReason "error" and Error set.
func refusal(err *lab.ProviderError) lab.Message {
	return lab.Message{Role: lab.RoleAssistant, StopReason: "error", Error: err.Error()}
}

// malformed is a reply that came back and could not be read.
func malformed(v lab.Vendor, status int, why string) *lab.ProviderError {
	return &lab.ProviderError{Vendor: v, Status: status, Type: "malformed_response", Message: why}
}

// complete is Complete for both adapters: one request with no deadline but
// the options' timeout, its failure turned into a refusal.
func complete(send func(context.Context) (lab.Message, *lab.ProviderError)) lab.Message {
	reply, err := send(context.Background())
	if err != nil {
		return refusal(err)
	}
	return reply
}

// sendBy is Send for both adapters: one request that must be answered by
// deadline (none when zero), its failure returned as a *lab.ProviderError.
func sendBy(deadline time.Time, send func(context.Context) (lab.Message, *lab.ProviderError)) (lab.Message, error) {
	ctx := context.Background()
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	reply, err := send(ctx)
	if err != nil {
		return lab.Message{}, err
	}
	return reply, nil
}

// AsProviderError returns the *lab.ProviderError inside err, if any.
func AsProviderError(err error) (*lab.ProviderError, bool) {
	var pe *lab.ProviderError
	ok := errors.As(err, &pe)
	return pe, ok
}
