package lab

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCopyGoSeed(t *testing.T) {
	t.Setenv(EnvGoSeed, "")
	if copied, err := CopyGoSeed(filepath.Join(t.TempDir(), "cache")); copied || err != nil {
		t.Fatalf("CopyGoSeed with no seed = %v, %v; want false, nil", copied, err)
	}

	seed := t.TempDir()
	for name, text := range map[string]string{"README": "a cache\n", "0a/0a1b-d": "object", "trim.txt": "1"} {
		path := filepath.Join(seed, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(EnvGoSeed, seed)
	cache := filepath.Join(t.TempDir(), "cache")
	if copied, err := CopyGoSeed(cache); !copied || err != nil {
		t.Fatalf("CopyGoSeed = %v, %v; want a copy", copied, err)
	}
	data, err := os.ReadFile(filepath.Join(cache, "0a", "0a1b-d"))
	if err != nil || string(data) != "object" {
		t.Fatalf("the copy holds %q, %v; want the seed's object", data, err)
	}
	if err := os.WriteFile(filepath.Join(cache, "README"), []byte("mine"), 0o644); err != nil {
		t.Errorf("the copy is not writable: %v", err) // the go command writes into its cache
	}

	t.Setenv(EnvGoSeed, filepath.Join(seed, "missing"))
	if _, err := CopyGoSeed(filepath.Join(t.TempDir(), "cache")); err == nil || !strings.Contains(err.Error(), "copy the warm build cache") {
		t.Errorf("CopyGoSeed of a missing seed = %v, want an error that says what it copied", err)
	}
}

func TestGoEnvInheritsNothing(t *testing.T) {
	env := GoEnv("/h", "/c")
	for _, want := range []string{"HOME=/h", "GOCACHE=/c", "GOPROXY=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0"} {
		if !slices.Contains(env, want) {
			t.Errorf("GoEnv lacks %s: %q", want, env)
		}
	}
	if slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GOROOT=") }) {
		t.Errorf("GoEnv sets GOROOT; the go command finds its own: %q", env)
	}
}
