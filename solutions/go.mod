module harnesslab/solutions

// This folder is the source of the lesson chain, not a package to build:
// each lesson folder holds only what that lesson adds, and labrun generates
// the whole files from it (see harnesslab/grader/course). Its own go.mod
// keeps it out of the kit module's ./... patterns.

go 1.26.8
