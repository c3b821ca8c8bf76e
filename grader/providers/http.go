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

	"harnesslab/lab"
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
func post(ctx context.Context, v lab.Vendor, opts Options, url string, header http.Header, body any) (exchange, *lab.ProviderError) {
	data, err := json.Marshal(body)
	if err != nil {
		return exchange{}, &lab.ProviderError{Vendor: v, Type: "bad_request", Message: "encode the request: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return exchange{}, &lab.ProviderError{Vendor: v, Type: "bad_request", Message: fmt.Sprintf("make the request to %s: %v", url, err)}
	}
	req.Header = header.Clone()
	req.Header.Set("content-type", "application/json")
	resp, err := opts.Client.Do(req)
	if err != nil {
		return exchange{}, noReply(ctx, v, url, opts.Timeout, err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		return exchange{}, noReply(ctx, v, url, opts.Timeout, err)
	}
	return exchange{status: resp.StatusCode, header: resp.Header, body: got}, nil
}

// noReply is the failure of a request that got no whole reply: no status,
// as lab.NoReply has none.
func noReply(ctx context.Context, v lab.Vendor, url string, timeout time.Duration, err error) *lab.ProviderError {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &lab.ProviderError{Vendor: v, Type: "timeout", Message: fmt.Sprintf("no reply from %s before the deadline (at most %s)", url, timeout)}
	}
	if ctx.Err() != nil {
		return &lab.ProviderError{Vendor: v, Type: "cancelled", Message: fmt.Sprintf("the request to %s was cancelled", url)}
	}
	var uerr interface{ Unwrap() error }
	if errors.As(err, &uerr) && uerr.Unwrap() != nil {
		err = uerr.Unwrap() // *url.Error repeats the method and address
	}
	return &lab.ProviderError{Vendor: v, Type: "connection_error", Message: fmt.Sprintf("no reply from %s: %v", url, err)}
}

// httpFailure is the failure a reply whose status is not 2xx stands for,
// read from the provider's own error body and retry-after header.
func httpFailure(v lab.Vendor, x exchange) *lab.ProviderError {
	return lab.ParseProviderError(v, x.status, x.header.Get("retry-after"), string(x.body))
}
