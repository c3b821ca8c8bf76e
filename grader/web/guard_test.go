package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestGuardRefusesOtherHostNames: a page on another name that resolves to
// 127.0.0.1 (DNS rebinding) sends that name in Host; it must read nothing
// and run nothing. The loopback names, on the server's port, are answered.
func TestGuardRefusesOtherHostNames(t *testing.T) {
	s := &Site{Report: classReport(), Addr: "127.0.0.1:8080"}
	cases := []struct {
		reason, method, host string
		want                 int
	}{
		{"a rebinding page reads the dashboard", "GET", "evil.example:8080", http.StatusMisdirectedRequest},
		{"a rebinding page runs a check", "POST", "evil.example:8080", http.StatusMisdirectedRequest},
		{"a name that only starts like localhost", "GET", "localhost.evil.example:8080", http.StatusMisdirectedRequest},
		{"loopback on another port", "GET", "127.0.0.1:9999", http.StatusMisdirectedRequest},
		{"no Host at all", "GET", "", http.StatusMisdirectedRequest},
		{"127.0.0.1 with the port", "GET", "127.0.0.1:8080", http.StatusOK},
		{"localhost with the port", "GET", "localhost:8080", http.StatusOK},
		{"LOCALHOST in capitals", "GET", "LOCALHOST:8080", http.StatusOK},
		{"IPv6 loopback with the port", "GET", "[::1]:8080", http.StatusOK},
	}
	for _, c := range cases {
		path := "/report.html"
		if c.method == "POST" {
			path = "/check-02.html"
		}
		req := httptest.NewRequest(c.method, path, nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != c.want {
			t.Errorf("%s: %s %s with Host %q = %d, want %d", c.reason, c.method, path, c.host, rec.Code, c.want)
		}
		body := rec.Body.String()
		if c.want != http.StatusOK && (!strings.Contains(body, "answers only to this machine") || strings.Contains(body, "Class dashboard")) {
			t.Errorf("%s: the refusal does not say why, or shows the page anyway:\n%s", c.reason, body)
		}
	}
}

// TestGuardAnyPortWithoutAddr: a Site with no Addr (a test server, say)
// takes the loopback names on any port and still refuses other names.
func TestGuardAnyPortWithoutAddr(t *testing.T) {
	s := &Site{Report: classReport()}
	for host, want := range map[string]int{"127.0.0.1:41234": 200, "localhost": 200, "evil.example": 421} {
		req := httptest.NewRequest("GET", "/report.html", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("GET with Host %q = %d, want %d", host, rec.Code, want)
		}
	}
}

// TestSecurityHeaders: every response, pages, the style sheet, a 404 and a
// refusal alike, tells the browser to run no script, frame nothing and sniff
// no types.
func TestSecurityHeaders(t *testing.T) {
	s := &Site{Report: classReport(), Addr: "127.0.0.1:8080"}
	for _, c := range []struct{ method, path, host string }{
		{"GET", "/report.html", "127.0.0.1:8080"},
		{"GET", "/style.css", "127.0.0.1:8080"},
		{"GET", "/no-such-page.html", "127.0.0.1:8080"},
		{"GET", "/report.html", "evil.example:8080"},
		{"POST", "/check-02.html", "evil.example:8080"},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		h := rec.Result().Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "style-src 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s %s (Host %s): Content-Security-Policy %q lacks %q", c.method, c.path, c.host, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s %s: the policy allows inline code: %q", c.method, c.path, csp)
		}
		if got := h.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s %s: X-Frame-Options = %q, want DENY", c.method, c.path, got)
		}
		// no-referrer would make the browser send "Origin: null" with the
		// Check my work form, and the check refuses a post from elsewhere.
		if got := h.Get("Referrer-Policy"); got != "same-origin" {
			t.Errorf("%s %s: Referrer-Policy = %q, want same-origin", c.method, c.path, got)
		}
		if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options = %q, want nosniff", c.method, c.path, got)
		}
	}
}

// TestPagesNeedNoInlineCode: the policy forbids inline scripts, style
// attributes and style elements, so the pages must not use them, or the
// browser would draw them broken.
func TestPagesNeedNoInlineCode(t *testing.T) {
	s := &Site{Report: classReport()}
	for _, path := range []string{"/report.html", "/submission-bo.html"} {
		code, page := get(t, s.Handler(), "GET", path)
		if code != http.StatusOK {
			t.Fatalf("GET %s = %d", path, code)
		}
		for _, bad := range []string{"<script", "<style", " style=", "javascript:", " onclick="} {
			if strings.Contains(page, bad) {
				t.Errorf("%s holds %q, which the Content-Security-Policy blocks", path, bad)
			}
		}
	}
}

// TestGuardOverTheWire: the rebinding request as it arrives from a browser,
// over a real connection to a listening server: the browser connects to
// 127.0.0.1:PORT but names evil.example:PORT.
func TestGuardOverTheWire(t *testing.T) {
	s := &Site{Report: classReport()}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	s.Addr = srv.Listener.Addr().String()
	_, port, _ := strings.Cut(s.Addr, ":")
	for host, want := range map[string]int{"evil.example:" + port: http.StatusMisdirectedRequest, s.Addr: http.StatusOK, "localhost:" + port: http.StatusOK} {
		req, err := http.NewRequest("GET", srv.URL+"/report.html", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("GET with Host %s: %v", host, err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET /report.html with Host %s = %d, want %d", host, resp.StatusCode, want)
		}
	}
}
