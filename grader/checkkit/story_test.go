package checkkit

import (
	"fmt"
	"testing"

	"harnesslab/lab"
)

func TestAskedAtSkipsTheCallersHistory(t *testing.T) {
	want := []lab.Message{lab.User("hi"), lab.Say("hello"), lab.User("q"), lab.Reply(lab.Call("read", nil)),
		Result("c1", "read", "x"), lab.Say("done")}
	got := askedAt(want, 2)
	if fmt.Sprint(got) != "[3 5]" {
		t.Errorf("askedAt(history of 2) = %v, want [3 5]: the reply in the history was not asked for in this run", got)
	}
}
