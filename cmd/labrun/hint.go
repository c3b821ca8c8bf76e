package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

func runHint(args []string, stdout, stderr io.Writer) error {
	if err := needArgs(args, 1, 2, commands["hint"].usage); err != nil {
		return err
	}
	_, l, err := lessonArg(args[0])
	if err != nil {
		return err
	}
	labs, err := l.Hints()
	if err != nil {
		return err
	}
	deepest := 0
	for _, lab := range labs {
		deepest = max(deepest, len(lab.Levels))
	}
	seen := loadHintLevels()
	level := seen[l.Number] + 1
	if len(args) == 2 {
		level, err = strconv.Atoi(args[1])
		if err != nil || level < 1 {
			return fmt.Errorf("hint level must be a number from 1 to %d, got %q", deepest, args[1])
		}
	}
	level = min(level, deepest)
	fmt.Fprintf(stdout, "Lesson %s · hints, level %d of %d\n", l.Number, level, deepest)
	for _, lab := range labs {
		fmt.Fprintf(stdout, "\n## %s\n", lab.Title)
		if level <= len(lab.Levels) {
			fmt.Fprintf(stdout, "\n%s\n", lab.Levels[level-1])
		}
	}
	if level < deepest {
		fmt.Fprintf(stdout, "\nStill stuck? labrun hint %s shows level %d.\n", l.Number, level+1)
	} else {
		fmt.Fprintf(stdout, "\nThat was the last level. labrun hint %s 1 starts again from the first.\n", l.Number)
	}
	seen[l.Number] = level
	saveHintLevels(seen)
	return nil
}

func hintFile() (string, error) {
	path, err := statusFile()
	if err != nil {
		return "", err
	}
	return path[:len(path)-len(filepath.Ext(path))] + ".hints.json", nil
}

func loadHintLevels() map[string]int {
	out := map[string]int{}
	if path, err := hintFile(); err == nil {
		if data, err := os.ReadFile(path); err == nil {
			json.Unmarshal(data, &out)
		}
	}
	return out
}

func saveHintLevels(levels map[string]int) {
	path, err := hintFile()
	if err != nil {
		return
	}
	data, _ := json.Marshal(levels)
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, data, 0o644)
}
