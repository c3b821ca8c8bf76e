package gosource

import "fmt"

// goroutinePackages are packages that run the caller's code on goroutines of
// their own, by what they do. A lesson that does not teach concurrency
// refuses them even when its allow-list names them: that code would run at
// the same time as the check, and could race it.
var goroutinePackages = map[string]string{
	"context":           "context.AfterFunc, and a Context type of your own handed to it, run your code on a goroutine of the package's own",
	"database/sql":      "a driver's code runs on goroutines of the package's own",
	"net":               "a Resolver runs your Dial function on goroutines of the package's own",
	"net/http":          "a server runs handlers, and a client reads request bodies, on goroutines of the package's own",
	"net/http/httptest": "a test server runs handlers on goroutines of the package's own",
	"net/http/httputil": "a reverse proxy runs your code on goroutines of the package's own",
	"net/rpc":           "a server runs your methods on goroutines of the package's own",
	"os/exec":           "a command's input and output go through your code on goroutines of the package's own",
	"runtime":           "SetFinalizer and AddCleanup run your code on the runtime's own goroutine, and Goexit ends the check",
	"runtime/pprof":     "a profile is written through your code on a goroutine of the package's own",
	"runtime/trace":     "a trace is written through your code on a goroutine of the package's own",
	"testing/synctest":  "it runs your code on goroutines of the package's own",
}

// starters are names of functions that start a goroutine running the
// function they are given, by what they are. They are refused under any
// qualifier, and as values too (f := time.AfterFunc), since a lesson's
// allow-list may let them through. Go, a method of sync.WaitGroup, is
// refused only as a selector (wg.Go, (*sync.WaitGroup).Go).
var starters = map[string]string{
	"AfterFunc":    "runs a function on a goroutine of its own once a time or a cancellation comes (time.AfterFunc, context.AfterFunc)",
	"SetFinalizer": "runs a function on the runtime's own goroutine, whenever memory is collected",
	"AddCleanup":   "runs a function on the runtime's own goroutine, whenever memory is collected",
}

// noConcurrency says why a lesson that does not teach concurrency refuses
// what would run at the same time as its checks.
func noConcurrency(r Rules) string {
	return fmt.Sprintf("%s does not teach concurrency, so its checks cannot trust code that runs at the same time as them.",
		capital(lessonName(r)))
}

// goStatement refuses a go statement at line.
func (f *file) goStatement(line int) {
	if f.rules.Concurrency {
		return
	}
	f.reject(line, "`go` starts a goroutine; %s does not teach concurrency, so its checks cannot trust code that runs at the same time as them. Call the function directly.",
		lessonName(f.rules))
}

// identifier refuses name at line when it starts a goroutine, or runs the go
// command where the lesson does not allow it; selected says
// it follows a dot, and qual is what stands before the dot ("wg."), if a name.
func (f *file) identifier(line int, name string, selected bool, qual string) {
	if (name == "NewGoCommands" || name == "GoCommands") && selected && !f.rules.GoCommand {
		f.reject(line, "%s%s runs the go command for real, which %s does not allow (lesson.json has no \"go_command\": true). "+
			"Use the Commands your function is given.", qual, name, lessonName(f.rules))
	}
	if f.rules.Concurrency {
		return
	}
	if why, ok := starters[name]; ok {
		f.reject(line, "%s%s %s. %s Call the function directly instead.", qual, name, why, noConcurrency(f.rules))
	}
	if name == "Go" && selected {
		f.reject(line, "%sGo starts a goroutine (sync.WaitGroup's Go method does). %s Call the function directly instead.",
			qual, noConcurrency(f.rules))
	}
}

// Refused returns, for each path on r's allow-list that Check refuses all
// the same, a sentence saying why and what to change in lesson.json: "C", and
// the packages that run the caller's code on goroutines of their own when
// the lesson does not teach concurrency.
func (r Rules) Refused() []string {
	var out []string
	for _, path := range r.Imports {
		switch {
		case path == "C":
			out = append(out, `allowed_imports lists "C", but cgo is always refused: take it off the list`)
		case !r.Concurrency && goroutinePackages[path] != "":
			out = append(out, fmt.Sprintf(`allowed_imports lists %q, which is refused unless the lesson teaches concurrency (%s): `+
				`set "concurrency": true, or take it off the list`, path, goroutinePackages[path]))
		}
	}
	return out
}
