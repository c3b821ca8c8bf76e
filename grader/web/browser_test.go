package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// envScreenshots names a folder where the browser tests leave a screenshot
// of each page they visit, for a person to look at. Unset, none are kept.
const envScreenshots = "LABRUN_SCREENSHOTS"

// browser starts headless Chromium with page scripts turned off (every page
// must work without JavaScript) and returns a context for chromedp, or skips
// the test when no Chromium is installed.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("drives Chromium: -short skips it; the full proof runs it")
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium found (chromium, chromium-browser or google-chrome): install it to run the browser tests, for example apt-get install -y chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(1200, 900), chromedp.UserDataDir(t.TempDir()))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	// A generous bound, so a broken page fails the test instead of hanging it.
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	disable := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
	if err := chromedp.Do(ctx, disable); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return ctx
}

// screenshot saves the page as name.png in $LABRUN_SCREENSHOTS, if set.
func screenshot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv(envScreenshots)
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}

// visible reports whether the first element matching selector is drawn.
func visible(ctx context.Context, selector string) (bool, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+"`"+selector+"`"+`); return !!e && e.checkVisibility(); })()`))
}

// TestBrowserLessonByKeyboard opens the course in a real browser, goes to
// lesson 02 with the keyboard alone, and checks that the warm-up question's
// output stays hidden until the reader asks for it.
func TestBrowserLessonByKeyboard(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(sharedSite(t).Handler())
	defer srv.Close()
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(`a[href="lesson-02.html"]`),
		chromedp.Focus(`a[href="lesson-02.html"]`),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(`section.cell`),
	)
	if err != nil {
		t.Fatalf("go from the course to lesson 02 by keyboard: %v", err)
	}
	if title, err := chromedp.Run(ctx, chromedp.Title()); err != nil || !strings.Contains(title, "The model can only talk") {
		t.Errorf("the page is titled %q, want lesson 02", title)
	}
	screenshot(t, ctx, "lesson-02")
	const output = `details.quiz pre.output`
	if shown, err := visible(ctx, output); err != nil || shown {
		t.Fatalf("before the reader asks, the quiz output is shown=%v (%v); want it hidden", shown, err)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(`details.quiz summary`), chromedp.KeyEvent(" ")); err != nil {
		t.Fatalf("open the answer by keyboard: %v", err)
	}
	if shown, err := visible(ctx, output); err != nil || !shown {
		t.Errorf("after the reader asks, the quiz output is shown=%v (%v); want it shown", shown, err)
	}
}

// TestBrowserDashboardDrillDown goes from the class dashboard to one
// submission and finds its failed check drawn with the refusal marked.
func TestBrowserDashboardDrillDown(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(sharedSite(t).Handler())
	defer srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/report.html"), chromedp.WaitVisible(`table.rates`)); err != nil {
		t.Fatalf("open the dashboard: %v", err)
	}
	screenshot(t, ctx, "report")
	// The pages are served under a Content-Security-Policy that allows the
	// style sheet and nothing inline: the bars must still be drawn.
	fill, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector(".bar rect")).fill`))
	if err != nil || fill != "rgb(91, 125, 177)" {
		t.Errorf("a bar of the dashboard is filled %q (%v); want the style sheet's rgb(91, 125, 177): is style.css blocked?", fill, err)
	}
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`Math.max(...[...document.querySelectorAll(".bar rect")].map(r => r.getBoundingClientRect().width))`))
	if err != nil || wide < 20 {
		t.Errorf("the widest bar is %v pixels wide (%v); want it drawn", wide, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`a[href="submission-bo.html"]`), chromedp.WaitVisible(`li.check.fail`)); err != nil {
		t.Fatalf("drill down from the dashboard: %v", err)
	}
	verdict, err1 := chromedp.Run(ctx, chromedp.Text(`li.check.fail .verdict`))
	refusal, err2 := chromedp.Run(ctx, chromedp.Text(`li.check.fail .kind-refusal`))
	if err1 != nil || err2 != nil {
		t.Fatalf("read the failed check: %v; %v", err1, err2)
	}
	screenshot(t, ctx, "submission-bo")
	if verdict != "FAIL" || !strings.Contains(refusal, "Refused") || !strings.Contains(refusal, "has no toolResult") {
		t.Errorf("the failed check reads %q with refusal %q; want FAIL and the provider's words", verdict, refusal)
	}
}

// TestBrowserCheckMyWork presses "Check my work" on lesson 02 and reads the
// verdicts on the page that comes back: on a fresh clone's starter, every
// check fails.
func TestBrowserCheckMyWork(t *testing.T) {
	ctx := browser(t)
	s := clonedSite(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/lesson-02.html"),
		chromedp.WaitVisible(`form.checkform button`),
		chromedp.Focus(`form.checkform button`),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(`p.summary`),
	)
	if err != nil {
		t.Fatalf("check my work in the browser: %v", err)
	}
	summary, err := chromedp.Run(ctx, chromedp.Text(`p.summary`))
	if err != nil {
		t.Fatalf("read the summary: %v", err)
	}
	fails, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("li.check.fail").length`))
	if err != nil {
		t.Fatalf("count the failed checks: %v", err)
	}
	screenshot(t, ctx, "check-02")
	if want := len(s.lesson("02").Checks); fails != want || !strings.Contains(summary, "0 of 13 checks pass") {
		t.Errorf("the page shows %d failed checks and %q; want all %d failing on the starter", fails, summary, want)
	}
}
