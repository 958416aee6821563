package batch_test

import (
	"strings"
	"testing"

	"pcl/internal/synth"
	"pcl/ir"
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

// A policy's tickets are granted in the cluster AllNodesUp makes, and
// EachTicketRevoke revokes each granted one, once, in the order the
// constraints first name them.
func TestEachTicketRevoke(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 4, Nodes: 2, Seed: 1})
	base.Status = nil
	rsc := base.Config.Resources[0].ResourceID()
	base.Config.Constraints = append(base.Config.Constraints,
		&ir.Ticket{ID: "t1", Ticket: "siteB", Resource: rsc},
		&ir.Ticket{ID: "t2", Ticket: "siteA", Resource: rsc, LossPolicy: "freeze"},
		&ir.Ticket{ID: "t3", Ticket: "siteB", Resource: rsc})
	if got := batch.EachTicketRevoke(base); len(got) != 0 {
		t.Errorf("a cluster with no status holds no ticket, yet %d are revoked", len(got))
	}
	up, err := batch.AllNodesUp(base)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range batch.EachTicketRevoke(up) {
		names = append(names, s.Name+": "+s.String())
	}
	want := []string{"ticket siteB revoked: ticket siteB revoked", "ticket siteA revoked: ticket siteA revoked"}
	if strings.Join(names, "; ") != strings.Join(want, "; ") {
		t.Errorf("scenarios %q, want %q", names, want)
	}
}
