package synth

import (
	"strconv"

	"pcl/ir"
)

// cloneStatus records the running instances of the clones (RunningFraction
// of them run), after the other resources' histories, with call ids from
// call on. A running clone has 1 to clone-max instances, never more than
// clone-node-max on a node: an anonymous clone's on distinct nodes, a
// unique clone's spread over the nodes in a random order.
//
// Histories are named as real status sections name them: a unique
// instance as "rsc:N", an anonymous one as the bare primitive id (what
// Pacemaker 2 records) or as "rsc:N" (older Pacemaker and crm_simulate's
// injections), drawn per instance; a cloned group's members all follow
// their instance's naming. FailFraction of the instances have a fail count
// for their monitor: anonymous instances share "fail-count-rsc", unique
// ones count per instance ("fail-count-rsc:N").
func (g *generator) cloneStatus(states []*ir.NodeState, call int) {
	for _, c := range g.clones {
		if !g.chance(g.p.RunningFraction) {
			continue
		}
		instances := 1 + g.rnd.IntN(min(c.max, c.nodeMax*len(g.nodes)))
		order := g.rnd.Perm(len(g.nodes))
		for i := 0; i < instances; i++ {
			ns := states[order[i%len(order)]]
			numbered := c.unique || g.chance(0.5)
			for _, rsc := range c.members {
				id := rsc
				if numbered {
					id += ":" + strconv.Itoa(i)
				}
				ns.Resources = append(ns.Resources, running(id, call, ns.Uname))
				call += 2
				if g.chance(g.p.FailFraction) {
					counted := rsc
					if c.unique {
						counted = id
					}
					g.failCount(ns, counted)
				}
			}
		}
	}
}
