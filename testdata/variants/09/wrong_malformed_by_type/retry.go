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
	switch status := failure.Status; {
	case status == 0, status == 408, status == 429, status >= 500:
		return Transient
	case failure.Type == "malformed_response":
		return Malformed
	}
	return Permanent
	// --- end ---
}
