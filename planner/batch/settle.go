package batch

import (
	"slices"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
	"pcl/planner/transition"
)

// settleFurther runs the later transitions (Options.SettleRounds) of the
// baseline, or of a scenario in a cluster with guest nodes, on the cluster
// its first one left, until one leaves every resource where
// and in the role it was: the cluster the scenarios start from is then the
// one Pacemaker leaves once it has nothing more to move. (A simulated
// cluster may repeat actions that change no placement forever: a node's
// shutdown, a fail count cleared, a probe's monitor; those do not count.)
// The rounds that changed something are kept in first.Later, and first's
// After and Settled become the last one's; a round that cannot be
// planned ends the settling with its error kept in Later.
func settleFurther(first *Outcome, settled *ir.CIB, opts Options, decided *scenario.Quorum) *ir.CIB {
	if opts.SettleRounds <= 1 || !changesCluster(first.Execution) {
		return settled
	}
	prev := placements(first.After)
	for round := 2; round <= opts.SettleRounds; round++ {
		o, next := planOne(settled, scenario.Scenario{Name: first.Scenario.Name}, opts, decided, nil)
		if o.Err != nil {
			first.Later = append(first.Later, o)
			return settled
		}
		now := placements(o.After)
		if slices.Equal(now, prev) {
			return settled
		}
		first.Later = append(first.Later, o)
		first.After, first.Settled, settled, prev = o.After, next, next, now
	}
	first.Unsettled = true
	return settled
}

// hasGuestNodes reports whether a cluster has guest nodes: a bundle with
// a primitive inside, or a primitive with a remote-node meta-attribute.
func hasGuestNodes(cib *ir.CIB) bool {
	if cib.Config == nil {
		return false
	}
	for _, r := range cib.Config.Resources {
		if b, ok := r.(*ir.Bundle); ok && b.Child != nil {
			return true
		}
	}
	for _, p := range primitives(cib.Config.Resources) {
		if metaValue(p.Sets, "remote-node") != "" {
			return true
		}
	}
	return false
}

// changesCluster reports whether a transition ran an action on a node;
// pseudo-actions only order others.
func changesCluster(e *transition.Execution) bool {
	for _, s := range e.Fired {
		if !s.Action.Is(transition.Pseudo) {
			return true
		}
	}
	return false
}

// placements says where each resource is active, and in which roles, as
// a report shows it (planner.Running.Where), in the result's order.
func placements(res *planner.Result) []string {
	out := make([]string, len(res.Resources))
	for i, r := range res.Resources {
		out[i] = r.ID + " " + res.Running(r).Where
	}
	return out
}
