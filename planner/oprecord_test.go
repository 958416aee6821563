package planner

import (
	"strconv"
	"strings"
	"testing"

	"pcl/ir"
	"pcl/pcmk"
)

// TestTargetRC checks the in-place reading of a transition key's expected
// result against the obvious split.
func TestTargetRC(t *testing.T) {
	split := func(k string) pcmk.OCFRC {
		if k == "" {
			return -1
		}
		parts := strings.SplitN(k, ":", 4)
		if len(parts) < 4 {
			return -1
		}
		v, err := strconv.Atoi(parts[2])
		if err != nil {
			return -1
		}
		return pcmk.OCFRC(v)
	}
	for _, k := range []string{
		"", ":", "::", ":::", "3:0:7:0c1a2b3c-uuid", "3:0:7", "3:0:7:", "1:2:+8:x:y", "1:2:-1:x",
		"a:b:c:d", "1:2::4", "12:34:0:5f1f0e0e-0000", "1:2:99999999999999999999:x", "0:0:0:0:0",
	} {
		if got, want := targetRC(&ir.OpRecord{TransitionKey: k}), split(k); got != want {
			t.Errorf("targetRC(%q) = %d, want %d", k, got, want)
		}
	}
}
