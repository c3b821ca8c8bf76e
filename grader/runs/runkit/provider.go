package runkit

import (
	"time"

	"harnesslab/lab"
)

// Provider returns model as a lab.Provider called name, for the lessons
// whose pieces take a provider (lesson 09's Send and Fallback): a reply
// comes back as it is, and a refused reply (StopReason "error", Error
// "STATUS TYPE: MESSAGE") comes back as the *lab.ProviderError it stands
// for, through lab.RefusalError, so retry code can classify it.
//
// The deadline is not enforced here: the model behind a run is a real
// provider's adapter, which keeps its own time limit on every request, and
// a reply that never comes reaches the caller as that adapter's refusal.
// A retry-after header does not survive the trip through a refusal's
// words, so a retried rate limit waits the caller's own backoff.
func Provider(model lab.Model, name string) lab.Provider {
	return provider{model: model, name: name}
}

// provider is the lab.Provider that Provider returns.
type provider struct {
	model lab.Model
	name  string
}

// Name returns the name the provider was given.
func (p provider) Name() string { return p.name }

// Send asks the model once and turns a refusal into its error.
func (p provider) Send(system string, messages []lab.Message, tools []lab.Spec, _ time.Time) (lab.Message, error) {
	reply := p.model.Complete(system, messages, tools)
	if err, refused := lab.RefusalError(reply); refused {
		return lab.Message{}, err
	}
	return reply, nil
}
