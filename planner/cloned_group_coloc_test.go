package planner

import (
	"os"
	"strings"
	"testing"
)

// TestClonedGroupColocationOrder: an interleaved cloned group colocated
// twice with one clone (col0 by rack at -100, then col2 at -500). Since
// 2.1.7 the first member of each instance takes the clone's colocations
// as a list, in the clone's order (col2 first: an equal-priority
// colocation is inserted before the ones already there), and each picks
// the primary's instance on the best node it has then, so the order
// decides which instance each colocation is applied with. Found by the
// 3.0 differential (clones seeds 46 and 111, tickets 46); the expected
// lines, in order, are 3.0.0's crm_simulate -s on the same CIB.
func TestClonedGroupColocationOrder(t *testing.T) {
	cib := readCIB(t, "testdata/cloned-group-colocations.xml")
	want, err := os.ReadFile("testdata/cloned-group-colocations.scores-3.0.0")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := compute(cib, Options{Target: target30})
	got, wantLines := scoreLines(p), strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Fatalf("line %d: got %q, crm_simulate 3.0.0 prints %q", i+1, g, w)
		}
	}
}
