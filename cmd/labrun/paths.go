package main

import (
	"errors"
	"path/filepath"
	"strings"
)

// relIfInside returns path relative to base when it lies inside base.
func relIfInside(base, path string) (string, error) {
	rel, err := filepath.Rel(base, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", errors.New("not inside")
	}
	return rel, nil
}
