package gosource

import (
	"fmt"
	"strings"
	"testing"
)

// lesson02 is the rules of a lesson like 02: no concurrency, a short
// allow-list.
var lesson02 = Rules{Lesson: "02", Package: "harness",
	Imports: []string{"errors", "fmt", "strings", "sync", "time", "context", "harnesslab/lab"}}

// clean is a student file that breaks no rule, though it says "go" and
// "//go:" in places where they are not code or directives.
const clean = `// Package harness is the code around the model. Let the model go on:
// it may ask for tools. See the go:linkname notes elsewhere (not a directive).
package harness

import (
	"fmt"
	str "strings"

	"harnesslab/lab"
)

// Go is a name of our own; it is not a method of sync.WaitGroup.
const Go = "go"

var template = ` + "`" + `
//go:linkname inside a raw string is text, not a directive
` + "`" + `

type options struct{ Go bool }

// ToolCalls returns the calls of message. // go:noinline is only words here.
func ToolCalls(message lab.Message) []lab.Block {
	_ = options{Go: true}
	fmt.Println(str.ToUpper(Go), template) /* a block comment */
	return nil
}
`

// source builds a student file: package harness and its imports, then body.
func source(imports, body string) string {
	return "package harness\n\nimport (\n" + imports + ")\n\n" + body
}

var cases = []struct {
	name   string
	reason string
	src    string
	rules  func(*Rules)
	want   []string // "line: phrase", one per problem, in order
}{
	{"clean", "words that look like rules, in comments, strings and names, are not code", clean, nil, nil},

	// go statements.
	{"go_statement", "a goroutine can race the check and tear an interface value",
		source("\t\"fmt\"\n\t\"strings\"\n", "var v fmt.Stringer\n\nfunc f() {\n\tgo func() { v = nil }()\n\t_ = strings.ToUpper\n}\n"), nil,
		[]string{"11: `go` starts a goroutine; lesson 02 does not teach concurrency, so its checks cannot trust code that runs at the same time as them. Call the function directly."}},
	{"go_statement_allowed", "a lesson that teaches concurrency runs its checks under the race detector",
		source("", "func f() { go f() }\n"), func(r *Rules) { r.Concurrency = true }, nil},
	{"go_statement_in_broken_file", "a file that does not parse is still read token by token",
		source("", "func f() {\n\tgo f(\n\treturn +\n}\n"), nil, []string{"7: `go` starts a goroutine"}},
	{"two_go_statements", "every goroutine is named, with its own line",
		source("", "func f() {\n\tgo f()\n\tgo f()\n}\n"), nil, []string{"7: `go`", "8: `go`"}},

	// Functions that start goroutines, under any name.
	{"time_afterfunc", "time.AfterFunc runs its function on a goroutine of its own",
		source("\t\"time\"\n", "func f() { time.AfterFunc(0, f) }\n"), nil, []string{"7: time.AfterFunc runs a function on a goroutine of its own"}},
	{"afterfunc_value", "a function value of time.AfterFunc, called later, starts the goroutine all the same",
		source("\t\"time\"\n", "var start = time.AfterFunc\n"), nil, []string{"7: time.AfterFunc"}},
	{"afterfunc_renamed_import", "a renamed import reaches the same function",
		source("\tt \"time\"\n", "func f() { t.AfterFunc(0, f) }\n"), nil, []string{"7: t.AfterFunc"}},
	{"afterfunc_dot_import", "a dot import reaches it with no qualifier",
		source("\t. \"time\"\n", "func f() { AfterFunc(0, f) }\n"), nil, []string{"7: AfterFunc runs a function"}},
	{"afterfunc_method_value", "a method value handed to AfterFunc is the student's code on another goroutine",
		source("\t\"time\"\n", "type s struct{}\n\nfunc (s) m() {}\n\nfunc f() { time.AfterFunc(0, s{}.m) }\n"), nil, []string{"11: time.AfterFunc"}},
	{"context_afterfunc", "context is a goroutine package, and AfterFunc is a starter",
		source("\t\"context\"\n", "func f(ctx context.Context) { context.AfterFunc(ctx, f2) }\n\nfunc f2() {}\n"), nil,
		[]string{`4: imports "context": context.AfterFunc, and a Context type of your own`, "7: context.AfterFunc"}},
	{"waitgroup_go", "sync.WaitGroup's Go method starts a goroutine",
		source("\t\"sync\"\n", "func f() {\n\tvar wg sync.WaitGroup\n\twg.Go(f)\n}\n"), nil, []string{"9: wg.Go starts a goroutine (sync.WaitGroup's Go method does)"}},
	{"waitgroup_go_method_expression", "a method expression reaches Go without a variable",
		source("\t\"sync\"\n", "var start = (*sync.WaitGroup).Go\n"), nil, []string{"7: Go starts a goroutine"}},
	{"starters_allowed", "a lesson that teaches concurrency allows them",
		source("\t\"sync\"\n\t\"time\"\n", "func f() {\n\tvar wg sync.WaitGroup\n\twg.Go(f)\n\ttime.AfterFunc(0, f)\n}\n"),
		func(r *Rules) { r.Concurrency = true }, nil},

	// Packages that run the caller's code on their own goroutines.
	{"goroutine_package_allowed_by_list", "context can call a Context of the student's own from its goroutine",
		source("\t\"context\"\n", "var _ context.Context\n"), nil,
		[]string{`4: imports "context": context.AfterFunc, and a Context type of your own handed to it, run your code on a goroutine of the package's own. Lesson 02 does not teach concurrency, so its checks cannot trust code that runs at the same time as them. Remove the import.`}},
	{"goroutine_package_with_concurrency", "a lesson that teaches concurrency allows it",
		source("\t\"context\"\n", "var _ context.Context\n"), func(r *Rules) { r.Concurrency = true }, nil},

	{"own_context", "a Context of the student's own has its methods called on the context package's goroutine",
		source("\t\"time\"\n", "type ctx struct{}\n\nfunc (ctx) Deadline() (time.Time, bool) { return time.Time{}, false }\n"+
			"func (c *ctx) Done() <-chan struct{} { return nil }\nfunc (ctx) Err() error { return nil }\nfunc (ctx) Value(key any) any { return nil }\n"), nil,
		[]string{"12: Deadline, Done, Err and Value make a type of yours a context.Context"}},
	{"some_context_methods", "an Err method alone is not a Context; nor is a function type returning a Done",
		source("", "type e struct{}\n\nfunc (e) Err() error { return nil }\n\nvar f func(int) Done\n\ntype Done int\n"), nil, nil},
	{"own_context_allowed", "a lesson that teaches concurrency allows it",
		source("\t\"time\"\n", "type ctx struct{}\n\nfunc (ctx) Deadline() (time.Time, bool) { return time.Time{}, false }\n"+
			"func (ctx) Done() <-chan struct{} { return nil }\nfunc (ctx) Err() error { return nil }\nfunc (ctx) Value(key any) any { return nil }\n"),
		func(r *Rules) { r.Concurrency = true }, nil},

	// Directives, build constraints and line directives, anywhere.
	{"cgo_import_dynamic", "the linker would load a library the student chose",
		"//go:cgo_import_dynamic libc_evil evil \"libevil.so\"\npackage harness\n", nil,
		[]string{"1: //go:cgo_import_dynamic is a compiler directive: it changes how Go builds your file, and can reach past Go's safety. Student files may not use directives: delete the line."}},
	{"linkname_after_code", "a directive after the code is read by the compiler all the same",
		"package harness\n\nfunc f() {}\n\n//go:linkname f runtime.f\n", nil, []string{"5: //go:linkname is a compiler directive"}},
	{"directive_in_doc_comment", "a directive inside the package's doc comment",
		"// Package harness.\n//\n//go:debug panicnil=1\npackage harness\n", nil, []string{"3: //go:debug is a compiler directive"}},
	{"directive_after_code_on_line", "a directive after code on the same line",
		"package harness\n\nfunc f() {} //go:noinline\n", nil, []string{"3: //go:noinline"}},
	{"directive_embed", "go:embed would put the kit's files into the program",
		"package harness\n\n//go:embed harness.go\nvar s string\n", nil, []string{"3: //go:embed"}},
	{"directive_block_comment", "a block comment in directive form is refused as well",
		"package harness\n\n/*go:noescape*/\n", nil, []string{"3: /*go:noescape*/ is a compiler directive"}},
	{"build_ignore", "a file that is not built would score what the starter scores",
		"//go:build ignore\n\npackage harness\n", nil,
		[]string{"1: //go:build is a build constraint: it decides whether Go builds your file at all. Student files are always built, so they may not carry one: delete the line."}},
	{"plus_build", "the old form of a build constraint",
		"// +build ignore\n\npackage harness\n", nil, []string{"1: // +build is a build constraint"}},
	{"line_directive", "a //line directive forges the positions of what follows",
		"package harness\n\n//line other.go:100\nfunc f() { go f() }\n", nil,
		[]string{"3: //line is a line directive: it changes the file names and line numbers Go reports", "4: `go` starts"}},
	{"line_directive_block", "the /*line*/ form works in the middle of a line",
		"package harness\n\nfunc f() { /*line other.go:1:1*/ }\n", nil, []string{"3: /*line is a line directive"}},
	{"import_c", "cgo runs C code outside Go's safety",
		"package harness\n\n// #cgo LDFLAGS: -levil\n// #include <stdlib.h>\nimport \"C\"\n", nil,
		[]string{"3: #cgo is a cgo directive", `5: imports "C", which turns on cgo`}},
	{"cgo_in_block_comment", "#cgo lines inside a block comment",
		"package harness\n\n/*\n#cgo CFLAGS: -DX\n*/\n", nil, []string{"4: #cgo is a cgo directive"}},

	// Package and imports.
	{"wrong_package", "a main package would run instead of the checks",
		"// doc\npackage main\n", nil, []string{"2: says package main; lesson 02's files are package harness. Make the line read: package harness"}},
	{"import_off_list", "os could reach the verdict file",
		source("\t\"fmt\"\n\t\"os\"\n", ""), nil,
		[]string{`5: imports "os", which lesson 02 does not allow. This lesson needs only: errors, fmt, strings, sync, time, context, harnesslab/lab`}},
	{"single_import_off_list", "the one-line form of import",
		"package harness\n\nimport _ \"unsafe\"\n", nil, []string{`3: imports "unsafe", which lesson 02 does not allow`}},
	{"go_commands", "lab.NewGoCommands runs the go command for real, writing files and a build cache",
		source("\t\"harnesslab/lab\"\n", "var c = lab.NewGoCommands()\n"), func(r *Rules) { r.Concurrency = true },
		[]string{`7: lab.NewGoCommands runs the go command for real, which lesson 02 does not allow`}},
	{"go_commands_value", "a GoCommands value runs the go command all the same, whatever the import is called",
		source("\tl \"harnesslab/lab\"\n", "var c = &l.GoCommands{}\n"), nil, []string{`7: l.GoCommands runs the go command for real`}},
	{"go_commands_allowed", "a lesson whose lesson.json allows it may run the go command",
		source("\t\"harnesslab/lab\"\n", "var c = lab.NewGoCommands()\n"), func(r *Rules) { r.GoCommand = true }, nil},
	{"import_after_code", "an import in a place the compiler refuses is still read",
		"package harness\n\nfunc f() {}\n\nimport \"os\"\n", nil, []string{`5: imports "os"`}},
}

func TestCheck(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lesson02
			if c.rules != nil {
				c.rules(&r)
			}
			problems := Check("harness.go", []byte(c.src), int64(len(c.src)), r)
			var got []string
			for _, p := range problems {
				got = append(got, fmt.Sprintf("%d: %s", p.Line, strings.TrimPrefix(p.Message, fmt.Sprintf("harness.go:%d: ", p.Line))))
				if p.Kind != KindRejected {
					t.Errorf("%s: kind %s, want %s", p.Message, p.Kind, KindRejected)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("%s\ngot %d problems, want %d:\n%s", c.reason, len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("%s\nproblem %d:\n got %s\nwant %s...", c.reason, i+1, got[i], c.want[i])
				}
			}
		})
	}
}

func TestCheckText(t *testing.T) {
	for _, c := range []struct {
		name, reason string
		data         string
		size, max    int64
		want         string
	}{
		{"nul", "a NUL byte is not text", "package harness\n\n\x00", 0, 0, "harness.go holds a NUL byte (line 3), so it is not a text file"},
		{"latin1", "Latin-1 is not UTF-8", "// Caf\xe9\npackage harness\n", 0, 0, "harness.go is not valid UTF-8 text (line 1): save it as UTF-8"},
		{"huge", "the real size counts, not only the bytes read", "package harness\n", 700 << 10, 0, "harness.go is 700 KiB, more than the 512 KiB a student source file may be"},
		{"own_cap", "a smaller cap of the caller's", "package harness\n// 12345678901234567890\n", 0, 20, "harness.go is 40 bytes, more than the 20 bytes"},
		{"fine", "plain UTF-8 text within the cap", "// Café\npackage harness\n", 0, 0, ""},
	} {
		size := c.size
		if size == 0 {
			size = int64(len(c.data))
		}
		p := CheckText("harness.go", []byte(c.data), size, c.max)
		switch {
		case c.want == "" && p != nil:
			t.Errorf("%s: %s: refused: %s", c.name, c.reason, p.Message)
		case c.want != "" && (p == nil || !strings.HasPrefix(p.Message, c.want) || p.Kind != KindBadSource):
			t.Errorf("%s: %s:\n got %v\nwant %s... (kind %s)", c.name, c.reason, p, c.want, KindBadSource)
		}
	}
}

func TestCheckStopsAtText(t *testing.T) {
	src := "package main\x00\n\nfunc f() { go f() }\n"
	problems := Check("harness.go", []byte(src), int64(len(src)), lesson02)
	if len(problems) != 1 || problems[0].Kind != KindBadSource {
		t.Fatalf("a file that is not text should get one bad_source problem, and nothing read from its code; got %v", problems)
	}
}

func TestSummary(t *testing.T) {
	src := "package harness\n\nfunc f() {\n" + strings.Repeat("\tgo f()\n", MaxShown+3) + "}\n"
	got := Summary(Check("harness.go", []byte(src), int64(len(src)), lesson02))
	lines := strings.Split(got, "\n")
	if len(lines) != MaxShown+1 || lines[MaxShown] != "... and 3 more like these." || !strings.HasPrefix(lines[0], "harness.go:4: `go`") {
		t.Errorf("Summary of %d go statements should list %d and count 3 more; got:\n%s", MaxShown+3, MaxShown, got)
	}
}

func TestRefused(t *testing.T) {
	r := Rules{Imports: []string{"fmt", "C", "context", "net/http"}}
	got := r.Refused()
	if len(got) != 3 || !strings.Contains(got[0], `"C"`) || !strings.Contains(got[1], `"context"`) || !strings.Contains(got[2], `set "concurrency": true`) {
		t.Errorf("an allow-list naming C, context and net/http without concurrency should get three sentences; got %q", got)
	}
	r.Concurrency = true
	if got := r.Refused(); len(got) != 1 {
		t.Errorf("with concurrency, only C is refused; got %q", got)
	}
}
