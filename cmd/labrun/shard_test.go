package main

import (
	"strings"
	"testing"
)

// TestParseShard: --shard takes I/N, or auto/N with I from the job
// engine's own variable, and says what to do when it cannot.
func TestParseShard(t *testing.T) {
	cases := []struct {
		reason, flag string
		env          map[string]string
		i, n         int
		err          string
	}{
		{"no flag grades everything", "", nil, 0, 0, ""},
		{"a part given by hand", "2/4", nil, 2, 4, ""},
		{"a part out of range", "5/4", nil, 0, 0, "1 <= I <= N"},
		{"Kubernetes counts from 0", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 1, 4, ""},
		{"Kubernetes' last index is part N", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "3"}, 4, 4, ""},
		{"more Kubernetes parts than N", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "4"}, 0, 0, "only 4"},
		{"Slurm --array=1-4", "auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"}, 1, 4, ""},
		{"Slurm --array=0-3", "auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0"}, 4, 4, ""},
		{"Slurm without its minimum counts from 0", "auto/2", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, 2, 2, ""},
		{"Kubernetes wins over Slurm", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "3"}, 2, 4, ""},
		{"no engine", "auto/4", nil, 0, 0, "neither JOB_COMPLETION_INDEX"},
		{"a word for an index", "auto/4", map[string]string{"JOB_COMPLETION_INDEX": "two"}, 0, 0, "not an index"},
		{"auto needs N", "auto/x", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, 0, "auto/N"},
	}
	for _, c := range cases {
		i, n, err := parseShardEnv(c.flag, func(k string) string { return c.env[k] })
		switch {
		case c.err == "" && (err != nil || i != c.i || n != c.n):
			t.Errorf("%s: --shard %q = %d/%d, %v; want %d/%d", c.reason, c.flag, i, n, err, c.i, c.n)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: --shard %q = %d/%d, %v; want an error saying %q", c.reason, c.flag, i, n, err, c.err)
		}
	}
}
