package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"harnesslab/grader"
	"harnesslab/grader/engine"
	"harnesslab/grader/results"
	"harnesslab/grader/web"
)

// runServe serves the course, its lessons and, with --report, a class's
// dashboard, on 127.0.0.1 only.
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "", "the `PORT` to listen on, or 127.0.0.1:PORT (default: a free port)")
	reportDir := fs.String("report", "", "a folder (`DIR`) written by labrun grade --out, for the class dashboard")
	open := fs.Bool("open", false, "open the page in a browser")
	rest, err := parseMixed(fs, args)
	if isHelp(err) {
		return err
	}
	if err != nil || len(rest) > 0 {
		return fmt.Errorf("usage: labrun %s", commands["serve"].usage)
	}
	listen, err := loopbackAddr(*addr)
	if err != nil {
		return err
	}
	site, err := newSite(*reportDir)
	if err != nil {
		return err
	}
	site.OnCheck = func(l *grader.Lesson, r *results.Result) {
		if err := saveStatus(site.Kit, l, l.WorkHash(), r); err != nil {
			fmt.Fprintf(stderr, "labrun: %v\n", err)
		}
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %v (is another program using that port? leave out --addr to take a free one)", listen, err)
	}
	// Only requests naming this address (or localhost or [::1] on its
	// port) are answered: another site's name pointed at 127.0.0.1 is not.
	site.Addr = ln.Addr().String()
	url := "http://" + site.Addr + "/"
	fmt.Fprintf(stdout, "Serving the course at %s\nPress Ctrl-C to stop.\n", url)
	if *open {
		openBrowser(url, stderr)
	}
	srv := &http.Server{Handler: site.Handler(), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve the course: %v", err)
	}
	return nil
}

// loopbackAddr turns --addr into an address on 127.0.0.1: "" takes a free
// port, "8080" or ":8080" or "127.0.0.1:8080" that port. Any other host is
// refused: the pages run checks on this machine's files, so they are for the
// person at this machine only.
func loopbackAddr(addr string) (string, error) {
	if addr == "" {
		return "127.0.0.1:0", nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = "", addr
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("--addr %q: give a port number (8080) or 127.0.0.1:PORT", addr)
	}
	if host != "" && host != "127.0.0.1" && host != "localhost" {
		return "", fmt.Errorf("--addr %q: labrun serve listens on 127.0.0.1 only; give just the port", addr)
	}
	return net.JoinHostPort("127.0.0.1", port), nil
}

// newSite loads the kit, the student's progress and, when reportDir is set,
// the class report.
func newSite(reportDir string) (*web.Site, error) {
	kit, err := grader.FindKit(".")
	if err != nil {
		return nil, err
	}
	lessons, err := kit.Lessons()
	if err != nil {
		return nil, err
	}
	site := &web.Site{Kit: kit, Lessons: lessons, Engine: localEngine{}, Progress: map[string]string{}}
	status := loadStatus(kit)
	for _, l := range lessons {
		if s, ok := status[l.Number]; ok {
			site.Progress[l.Number] = describeStatus(s, true, l.WorkHash())
		}
	}
	if reportDir != "" {
		if site.Report, err = web.LoadReport(reportDir); err != nil {
			return nil, err
		}
	}
	return site, nil
}

// openBrowser asks the desktop to open url, and says so if it cannot.
func openBrowser(url string, stderr io.Writer) {
	for _, name := range []string{"xdg-open", "open"} {
		if path, err := exec.LookPath(name); err == nil {
			if err := exec.Command(path, url).Start(); err == nil {
				return
			}
		}
	}
	fmt.Fprintf(stderr, "labrun: could not open a browser (%s); open %s yourself\n", strings.Join([]string{"xdg-open", "open"}, " and "), url)
}

// localEngine runs the checks and cells the pages ask for in this process,
// as labrun check does.
type localEngine struct{}

// Check runs the lesson's checks on src.
func (localEngine) Check(ctx context.Context, l *grader.Lesson, src grader.Source) *results.Result {
	return engine.Check(ctx, l, src, engine.Options{})
}

// RunCells runs the lesson's cells against src.
func (localEngine) RunCells(ctx context.Context, l *grader.Lesson, src grader.Source, timeout time.Duration) ([]grader.Cell, error) {
	return engine.RunCells(ctx, l, src, timeout)
}
