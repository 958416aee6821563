package planner

import (
	"testing"

	"pcl/importer"
)

// FuzzCompute feeds arbitrary CIBs through the importer to the planner: a
// CIB the importer accepts must never make the planner panic, and the same
// CIB must give the same score lines.
func FuzzCompute(f *testing.F) {
	for seed := int64(1); seed <= 8; seed++ {
		f.Add([]byte(genCIB(seed)))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cib, diags := importer.Read("fuzz.xml", src)
		if diags.HasErrors() || cib == nil {
			return
		}
		a, _ := compute(cib, Options{})
		b, _ := compute(cib, Options{})
		la, lb := scoreLines(a), scoreLines(b)
		if len(la) != len(lb) {
			t.Fatalf("nondeterministic: %d vs %d lines", len(la), len(lb))
		}
		for i := range la {
			if la[i] != lb[i] {
				t.Fatalf("nondeterministic line %d: %q vs %q", i, la[i], lb[i])
			}
		}
		for _, l := range a.Scores.All() {
			if SumTrail(l.Trail) != l.Score {
				t.Fatalf("%s: trail sums to %s", l, SumTrail(l.Trail))
			}
		}
	})
}
