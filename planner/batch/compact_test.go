package batch

import (
	"reflect"
	"testing"

	"pcl/internal/synth"
)

// A compacted status holds the same histories, field for field, and the
// cluster it was made from is left as it was.
func TestCompactStatusKeepsEveryField(t *testing.T) {
	base := synth.Generate(synth.Params{Resources: 60, Nodes: 5, Seed: 3, CloneFraction: 0.3})
	if base.Status == nil || len(base.Status.Nodes) == 0 {
		t.Fatal("the generated cluster has no status")
	}
	before := base.Status.Nodes[0].Resources[0]
	got := compactStatus(base)
	if !reflect.DeepEqual(got, base) {
		t.Fatal("the compacted cluster differs from the one it was made from")
	}
	if got.Status == base.Status || got.Status.Nodes[0] == base.Status.Nodes[0] || got.Status.Nodes[0].Resources[0] == before {
		t.Fatal("the compacted status shares the histories it should have copied")
	}
	if base.Status.Nodes[0].Resources[0] != before {
		t.Fatal("compacting modified the cluster it was given")
	}
	if got.Config != base.Config {
		t.Fatal("compacting copied the configuration")
	}
}
