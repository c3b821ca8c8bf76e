package main

import (
	"strings"
	"testing"
)

// TestLoopbackAddr: --addr takes a port on 127.0.0.1 and nothing else.
func TestLoopbackAddr(t *testing.T) {
	cases := []struct {
		reason, in, want, err string
	}{
		{"no --addr takes a free port", "", "127.0.0.1:0", ""},
		{"a bare port", "8080", "127.0.0.1:8080", ""},
		{"a port after a colon", ":8080", "127.0.0.1:8080", ""},
		{"loopback spelt out", "127.0.0.1:9000", "127.0.0.1:9000", ""},
		{"localhost is loopback", "localhost:9000", "127.0.0.1:9000", ""},
		{"every interface is refused", "0.0.0.0:8080", "", "127.0.0.1 only"},
		{"another host is refused", "example.com:80", "", "127.0.0.1 only"},
		{"a word is not a port", "web", "", "give a port number"},
		{"a port out of range", "70000", "", "give a port number"},
	}
	for _, c := range cases {
		got, err := loopbackAddr(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%s: loopbackAddr(%q) = %q, %v; want %q", c.reason, c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: loopbackAddr(%q) = %q, %v; want an error saying %q", c.reason, c.in, got, err, c.err)
		}
	}
}
