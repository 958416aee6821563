package planner

import (
	"testing"

	"pcl/ir"
	"pcl/planner/model"
)

// TestRetainSince sifts lines across chunk boundaries, twice, and checks
// that the kept lines and the ones recorded after them read back in order
// with their scores, runs and nodes, as if only they had been recorded.
func TestRetainSince(t *testing.T) {
	nodes := []*model.Node{{Uname: "n1"}, {Uname: "n2"}, {Uname: "n3"}}
	var got, want ScoreLines
	got.start(nodes, nil)
	want.start(nodes, nil)
	record := func(s *ScoreLines, run int, keep func(node int) bool) {
		s.startRun("pcmk__primitive_assign", "r"+string(rune('a'+run%26)))
		for k := range scoreChunk/2 + 7 {
			node := k % len(nodes)
			if keep == nil || keep(node) {
				s.appendLine(ir.Score(k), len(s.runs)-1, node)
			}
		}
	}
	onlyFirst := func(int) []bool { return []bool{true, false, false} }
	for run := range 5 {
		first := got.Len()
		record(&got, run, nil)
		if run%2 == 0 {
			got.retainSince(first, onlyFirst)
			record(&want, run, func(node int) bool { return node == 0 })
		} else {
			record(&want, run, nil)
		}
	}
	if got.Len() != want.Len() {
		t.Fatalf("%d lines kept, want %d", got.Len(), want.Len())
	}
	for i := range want.Len() {
		if g, w := got.At(i), want.At(i); g.String() != w.String() {
			t.Fatalf("line %d: %v, want %v", i, g, w)
		}
	}
}
