package planner

import (
	"fmt"
	"strings"

	"pcl/pcmk"
	"pcl/planner/model"
)

// bundleUnknowns names the bundles whose placement the planner does not
// reproduce exactly, and their parts. (Their actions are unknown anyway:
// the transition does not schedule bundles yet, which unknowns reports.)
//   - Bundles in a cluster with Pacemaker Remote or guest nodes of its
//     own: replica connections may then nest (a container on a remote
//     node, its connection colocated with the node's connection), which
//     the corpus shows is not modelled exactly.
//   - Bundles that depend on others by colocation: Pacemaker hands those
//     colocations to each container as it spreads them.
//   - Since 2.1.7, promotable bundles: their instances' roles take the
//     bundle's colocations and its locations in ways not modelled yet.
func (p *plan) bundleUnknowns() []Unknown {
	var out []Unknown
	otherRemote := ""
	for _, n := range p.Nodes {
		if n.Remote() && !n.DiscoverNever {
			otherRemote = n.Uname
			break
		}
	}
	for _, r := range p.Top {
		d := p.bundles[r]
		if r.Kind != model.KindBundle || d == nil {
			continue
		}
		var why []string
		if otherRemote != "" {
			why = append(why, fmt.Sprintf("the cluster has remote or guest nodes (%s) besides bundle replicas, where replica connections may nest", otherRemote))
		}
		if len(r.ThisWith) > 0 {
			why = append(why, fmt.Sprintf("it is the dependent of colocation %s", r.ThisWith[0].ID))
		}
		if d.promotedMax > 0 && p.target.Since(pcmk.V2_1_7) {
			why = append(why, "since Pacemaker 2.1.7 a promotable bundle's roles follow its colocations and locations in ways not modelled yet")
		}
		if len(why) == 0 {
			continue
		}
		detail := fmt.Sprintf("%s is a bundle whose placement is not computed exactly: %s.", r.ID, strings.Join(why, "; "))
		out = append(out, Unknown{Resource: r.ID, Construct: r.Kind.String(), Detail: detail})
		for _, m := range descendants(r) {
			out = append(out, Unknown{Resource: m.ID, Construct: r.Kind.String(), Detail: fmt.Sprintf("%s belongs to %s. %s", m.ID, r.ID, detail)})
		}
	}
	return out
}
