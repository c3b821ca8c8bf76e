// Package web draws the kit for a browser: the course with a student's
// progress, each lesson with its README and its cells (drawn from the
// outputs and transcripts recorded with the lesson, so nothing is built or
// run), a student's check with the transcript of every failure, and an
// instructor's dashboard of a graded class. `labrun serve` serves it on 127.0.0.1; `labrun export
// --html` writes the same pages as files.
//
//	site := &web.Site{Kit: kit, Lessons: lessons, Engine: checks}
//	http.ListenAndServe("127.0.0.1:8080", site.Handler())
//
// Goals: show a conversation the way people think of it (who spoke, each
// tool call next to the result that answers it, the bill of each request,
// refusals marked); pages that work without JavaScript, from files as well
// as from the server (every link is relative and every page sits at the
// top), readable without colour and usable from the keyboard; templates and
// styles embedded in the binary, so nothing is built or fetched.
//
// Non-goals: serving anyone but the person at this machine (it listens on
// loopback only and has no accounts), editing code in the browser, and live
// updates while a check runs.
package web
