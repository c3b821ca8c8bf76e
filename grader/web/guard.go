package web

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// contentPolicy is the Content-Security-Policy of every page: the pages run
// no script at all, take their one style sheet from this site, and may not
// be framed or post anywhere else.
const contentPolicy = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// loopbackNames are the host names the server answers to.
var loopbackNames = map[string]bool{"127.0.0.1": true, "localhost": true, "::1": true}

// guard wraps the site's pages: every response carries the security headers,
// and a request that names any host but this machine's loopback names (on
// the port of Addr, when set) is refused. A page on another site whose name
// was pointed at 127.0.0.1 (DNS rebinding) therefore reads nothing and runs
// nothing, even though the browser thinks it is talking to that site.
func (s *Site) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin") // not no-referrer: a form post would then carry Origin: null, which the check refuses
		if why := s.refuseHost(r.Host); why != "" {
			w.WriteHeader(http.StatusMisdirectedRequest)
			s.render(w, "problem.html", problemData{Title: "Wrong address", Why: why})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refuseHost returns why a request naming host is refused, or "" when host
// is one of the loopback names, on the server's port when Addr names one.
func (s *Site) refuseHost(host string) string {
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.Trim(host, "[]"), ""
	}
	want := s.port()
	switch {
	case !loopbackNames[strings.ToLower(name)]:
	case want != "" && port != want:
	default:
		return ""
	}
	where := "http://127.0.0.1/"
	if want != "" {
		where = "http://127.0.0.1:" + want + "/"
	}
	return fmt.Sprintf("This server answers only to this machine's own names (127.0.0.1, localhost or [::1]), not to %q. Open %s, the address labrun serve printed.", host, where)
}

// port returns the port of Addr, or "" when Addr is unset.
func (s *Site) port() string {
	if s.Addr == "" {
		return ""
	}
	_, port, err := net.SplitHostPort(s.Addr)
	if err != nil {
		return ""
	}
	return port
}
