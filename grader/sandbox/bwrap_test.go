package sandbox

import (
	"slices"
	"strings"
	"testing"
)

func TestBwrapArgsIsolation(t *testing.T) {
	cfg := Config{Dir: "/work/dir"}
	args := strings.Join(bwrapArgs(true, cfg, "/bin/prog", []string{"/bin/prog", "x"}), " ")
	for _, want := range []string{
		"--unshare-all --unshare-user --disable-userns",
		"--uid 65534 --gid 65534 --cap-drop ALL",
		"--die-with-parent --new-session",
		"--ro-bind / / --dev /dev --proc /proc --tmpfs /tmp",
		"--bind /work/dir /work/dir",
		"--chdir /work/dir -- /bin/prog x",
	} {
		if !strings.Contains(args, want) {
			t.Errorf("bwrap arguments lack %q:\n%s", want, args)
		}
	}
	if old := strings.Join(bwrapArgs(false, cfg, "/bin/prog", nil), " "); strings.Contains(old, "--disable-userns") {
		t.Errorf("bwrap arguments for bwrap before 0.8 hold --disable-userns:\n%s", old)
	}
}

func TestMountArgsParentsFirst(t *testing.T) {
	cfg := Config{
		Dir:      "/tmp/grade/work",
		ReadOnly: []string{"/tmp/grade/work/kit", "/tmp/grade", "/", "/tmp/grade/work"},
		Hidden:   []string{"/home/teacher", "/tmp/grade/work/secret"},
	}
	got := mountArgs(cfg, "/home/teacher/bin/labrun")
	want := []string{
		"--tmpfs", "/home/teacher", // hidden, then what must show through it
		"--ro-bind", "/tmp/grade", "/tmp/grade",
		"--ro-bind", "/tmp/grade/work", "/tmp/grade/work",
		"--bind", "/tmp/grade/work", "/tmp/grade/work", // Dir wins over the same path read-only
		"--tmpfs", "/tmp/grade/work/secret",
		"--ro-bind", "/home/teacher/bin/labrun", "/home/teacher/bin/labrun",
		"--ro-bind", "/tmp/grade/work/kit", "/tmp/grade/work/kit", // read-only inside the writable Dir
	}
	if !slices.Equal(got, want) {
		t.Errorf("mountArgs (-want +got):\n-%q\n+%q", want, got)
	}
}
