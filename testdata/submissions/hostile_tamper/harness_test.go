package harness

import "testing"

func TestX(t *testing.T) {}
