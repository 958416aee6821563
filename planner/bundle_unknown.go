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
// (transitions, on both releases) agree with crm_simulate. What is not:
//   - Bundles in a colocation with influence=false, which the corpus
//     shows is not reproduced for bundles.
//   - Since 2.1.7, promotable bundles. Their scores, graph and summary
//     match crm_simulate in every 3.0 corpus test and in oracle-checked
//     variants, but the cluster a what-if leaves (planner/batch,
//     TestSettledMatchesCRMSimulate30) still differs from crm_simulate's
//     for them (the roles its replicas are left in after a node is lost), so
//     they stay unknown until that is exact.
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
	if d.child != nil && d.child.CloneOpts.Promotable && p.target.Since(pcmk.V2_1_7) {
		why = append(why, "since Pacemaker 2.1.7 what a promotable bundle's replicas do when a node is lost is not reproduced exactly yet")
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
