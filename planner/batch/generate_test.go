package batch_test

import (
	"testing"

	"pcl/internal/synth"
	"pcl/planner/batch"
)

func TestEachNodePairDown(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 6, Nodes: 4, Seed: 1})
	var names []string
	for _, s := range batch.EachNodePairDown(base) {
		names = append(names, s.Name)
	}
	want := []string{"node1+node2 down", "node1+node3 down", "node1+node4 down", "node2+node3 down", "node2+node4 down", "node3+node4 down"}
	if len(names) != len(want) {
		t.Fatalf("pairs %q, want %q", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("pair %d is %q, want %q", i, names[i], want[i])
		}
	}
}

func TestAllNodesUp(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 6, Nodes: 3, Seed: 1})
	base.Status = nil // a compiled policy has no status
	up, err := batch.AllNodesUp(base)
	if err != nil {
		t.Fatal(err)
	}
	if base.Status != nil || up.Status == nil || len(up.Status.Nodes) != 3 {
		t.Fatalf("AllNodesUp: %+v", up.Status)
	}
	if got := len(batch.EachNodeDown(base)); got != 0 {
		t.Errorf("a cluster with no status has %d nodes to lose, want 0", got)
	}
	if got := len(batch.EachNodeDown(up)); got != 3 {
		t.Errorf("%d nodes to lose once up, want 3", got)
	}
	again, err := batch.AllNodesUp(up)
	if err != nil || again != up {
		t.Errorf("AllNodesUp changes a cluster that records node states (%v)", err)
	}
}
