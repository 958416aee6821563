package compiler

import (
	"strings"
	"testing"
)

// TestCycleNamesEveryConstraint: the ordering-cycle warning names every
// constraint of the cycle with where it is declared, not only the one
// that closes it (issue 21, item 15).
func TestCycleNamesEveryConstraint(t *testing.T) {
	_, _, diags := Compile([]string{"testdata/cycle-three.pcl"}, Options{})
	var found bool
	for _, d := range diags {
		if d.Summary != "Ordering cycle" {
			continue
		}
		found = true
		for _, want := range []string{"ab (testdata/cycle-three.pcl:4)", "bc (testdata/cycle-three.pcl:8)", "ca (testdata/cycle-three.pcl:12)"} {
			if !strings.Contains(d.Detail, want) {
				t.Errorf("the warning does not name %s: %s", want, d.Detail)
			}
		}
	}
	if !found {
		t.Fatalf("no ordering cycle warning: %v", diags)
	}
}
