package runkit

import (
	"fmt"
	"strings"

	"harnesslab/lab"
)

// Bill says what each request of a run cost, as the provider counted it,
// beside the lab's own count of the same request, then the totals.
func Bill(t lab.Transcript) string {
	var b strings.Builder
	var n, in, cached, out, ours, refused int
	lastTokens := 0
	for _, e := range t.Events {
		switch e.Kind {
		case lab.EventRequest:
			lastTokens = e.Tokens
		case lab.EventRefusal:
			refused++
			fmt.Fprintf(&b, "request %d: refused: %s\n", n+refused, e.Error)
		case lab.EventReply:
			n++
			u := lab.WireUsage{}
			if e.Reply != nil && e.Reply.Usage != nil {
				u = *e.Reply.Usage
			}
			in, cached, out, ours = in+u.Input, cached+u.CacheRead, out+u.Output, ours+lastTokens
			fmt.Fprintf(&b, "request %d: %d tokens in%s, %d out (the lab counts %d in)\n", n+refused, u.Input, fromCache(u.CacheRead), u.Output, lastTokens)
		}
	}
	if n == 0 && refused == 0 {
		return "No request was sent.\n"
	}
	fmt.Fprintf(&b, "bill: %d %s answered, %d tokens in%s, %d out; the lab's count of the same requests is %d\n",
		n, plural(n, "request"), in, fromCache(cached), out, ours)
	return b.String()
}

func fromCache(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d from the provider's cache)", n)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
