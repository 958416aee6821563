package transition

import (
	"fmt"
	"testing"

	"pcl/ir"
	"pcl/planner/model"
)

// bigInput is a cluster of 8 nodes and 100 groups of 10 primitives, every
// group moving, chained by mandatory orders.
func bigInput() *Input {
	in := &Input{Options: model.Options{HaveQuorum: true, StartupProbes: true, StopOrphanActions: true}}
	for i := 0; i < 8; i++ {
		in.Nodes = append(in.Nodes, &Node{Uname: fmt.Sprintf("n%d", i), Online: true})
	}
	for g := 0; g < 100; g++ {
		grp := &Resource{ID: fmt.Sprintf("g%d", g), Kind: model.KindGroup, Managed: true, AssignedTo: NoNode}
		for m := 0; m < 10; m++ {
			r := prim(fmt.Sprintf("g%d-r%d", g, m), []int{g % 8}, (g+1)%8)
			r.KnownOn = make([]bool, 8)
			r.KnownOn[g%8] = true
			r.Parent = grp
			grp.Children = append(grp.Children, r)
		}
		in.Top = append(in.Top, grp)
		if g > 0 {
			in.Orders = append(in.Orders, model.Order{Order: &ir.Order{ID: fmt.Sprintf("o%d", g), First: fmt.Sprintf("g%d", g-1), Then: grp.ID}, Position: g})
		}
	}
	return in
}

func BenchmarkCompute1000(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Compute(bigInput())
	}
}
