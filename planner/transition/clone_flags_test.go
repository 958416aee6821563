package transition

import (
	"fmt"
	"math/rand"
	"testing"

	"pcl/pcmk"
	"pcl/planner/model"
)

// TestAllNodeFlagsAsSummaryFlags checks that the views allNodeFlags keeps
// for every node are summaryFlags' on each node, and that the clone's
// action becomes required when a required view is first given, on random
// instances' actions (several per instance, some on no node).
func TestAllNodeFlagsAsSummaryFlags(t *testing.T) {
	const nodes = 4
	rnd := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		c := &Resource{ID: "c", Kind: model.KindClone, Managed: true, AssignedTo: NoNode,
			CloneOpts: &model.CloneOptions{Max: 3, NodeMax: 1}}
		for i := 0; i < 1+rnd.Intn(4); i++ {
			inst := prim(fmt.Sprintf("p:%d", i), nil, NoNode)
			inst.Parent = c
			c.Children = append(c.Children, inst)
		}
		var ns []*Node
		for n := 0; n < nodes; n++ {
			ns = append(ns, &Node{Uname: fmt.Sprintf("n%d", n), Online: true})
		}
		s := newScheduler(&Input{Options: model.Options{HaveQuorum: true}, Nodes: ns, Top: []*Resource{c}})
		for _, inst := range c.Children {
			for k := rnd.Intn(4); k > 0; k-- {
				node := rnd.Intn(nodes+1) - 1
				a := s.customAction(inst, fmt.Sprintf("%s_start_0_%d", inst.ID, k), pcmk.TaskStart, node, rnd.Intn(2) == 0)
				if rnd.Intn(3) == 0 {
					a.clear(Runnable)
				}
			}
		}
		running := s.rscPseudo(c, pcmk.TaskRunning, true, true)
		want := make([]ActionFlags, nodes)
		for n := range want {
			copy := *running
			want[n] = s.summaryFlags(&copy, s.children(c), n)
		}
		for _, n := range rnd.Perm(nodes) {
			wasOptional := running.is(Optional)
			if got := s.actionFlags(running, n); got != want[n] {
				t.Fatalf("round %d: view on node %d = %b, summaryFlags %b", round, n, got, want[n])
			}
			if wasOptional && want[n]&Optional == 0 && running.is(Optional) {
				t.Fatalf("round %d: a required view on node %d left the clone's action optional", round, n)
			}
		}
	}
}
