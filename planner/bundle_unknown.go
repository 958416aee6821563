package planner

import (
	"fmt"

	"pcl/pcmk"
	"pcl/planner/model"
)

// bundleActionsUnknown says why the actions of bundle r are not computed
// exactly, "" when they are (or r is no bundle). A bundle's placement is
// exact on every release: bundles beside remote and guest nodes (every
// such corpus test and synth.RemoteCIB's seeds 1-200, transitions on both
// releases), promotable bundles (every corpus test, synth.BundleCIB's
// clusters with promotion scores and transitions, node down, a replica's
// container or a promoted instance failing, and the clusters the batch's
// what-ifs leave) and bundles in a colocation with influence=false (the
// corpus test colocation-influence, synth.BundleCIB's seeds 1-200 with 86
// such colocations, every score line, and seeds 1-120, 53 of them in 322
// transition cases), and replicas whose container is active on a node
// that is unclean and cannot be fenced (the corpus test
// guest-host-not-fenceable and TestDifferentialBundleUnfenceable,
// synth.BundleCIB without quorum, seeds 1-60, 192 node failures on each
// release) all agree with crm_simulate 2.1.5 and 3.0.0. One case is not
// reproduced yet: a replica's instance chosen for promotion while its
// container can run nowhere (Pacemaker promotes another instance then).
func (p *plan) bundleActionsUnknown(r *model.Resource) string {
	d := p.bundles[r]
	if d == nil {
		return ""
	}
	for _, rep := range d.replicas {
		if rep.inst != nil && rep.inst.NextRole == pcmk.RolePromoted && rep.container.AssignedTo < 0 {
			return fmt.Sprintf("its instance %s is chosen for promotion while its container %s can run nowhere", rep.inst.ID, rep.container.ID)
		}
	}
	return ""
}
