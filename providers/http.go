package providers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// maxReplyBytes bounds what is read of a reply body.
const maxReplyBytes = 16 << 20

// exchange is one request to a provider and what came back.
type exchange struct {
	status int
	header http.Header
	body   []byte
}

// post sends body as JSON to url with header, under the options' timeout.
// A reply of any status is an exchange; only a request that got no reply
// (refused connection, timeout, cancelled) is a Failure with Status 0. The
// error never holds the header, so a key cannot leak through it.
func post(ctx context.Context, opts Options, url string, header http.Header, body any) (exchange, *Failure) {
	data, err := json.Marshal(body)
	if err != nil {
		return exchange{}, &Failure{Type: "bad_request", Message: "encode the request: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return exchange{}, &Failure{Type: "bad_request", Message: fmt.Sprintf("make the request to %s: %v", url, err)}
	}
	req.Header = header.Clone()
	req.Header.Set("content-type", "application/json")
	resp, err := opts.Client.Do(req)
	if err != nil {
		return exchange{}, noReply(ctx, url, opts.Timeout, err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		return exchange{}, noReply(ctx, url, opts.Timeout, err)
	}
	return exchange{status: resp.StatusCode, header: resp.Header, body: got}, nil
}

// noReply is the Failure of a request that got no whole reply.
func noReply(ctx context.Context, url string, timeout time.Duration, err error) *Failure {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Failure{Type: "timeout", Message: fmt.Sprintf("no reply from %s within %s", url, timeout)}
	}
	if ctx.Err() != nil {
		return &Failure{Type: "cancelled", Message: fmt.Sprintf("the request to %s was cancelled", url)}
	}
	var uerr interface{ Unwrap() error }
	if errors.As(err, &uerr) && uerr.Unwrap() != nil {
		err = uerr.Unwrap() // *url.Error repeats the method and address
	}
	return &Failure{Type: "connection_error", Message: fmt.Sprintf("no reply from %s: %v", url, err)}
}

// httpFailure is the Failure of a reply whose status is not 2xx, with the
// provider's type and words when its body holds them.
func httpFailure(x exchange, kind, message string, now time.Time) *Failure {
	if kind == "" {
		kind = http.StatusText(x.status)
	}
	if message == "" {
		message = string(bytes.TrimSpace(x.body))
		if len(message) > 500 {
			message = message[:500] + "..."
		}
	}
	return &Failure{Status: x.status, Type: kind, Message: message, RetryAfter: retryAfter(x.header.Get("retry-after"), now)}
}
