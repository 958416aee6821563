package planner

import (
	"fmt"
	"slices"
	"strings"

	"pcl/planner/model"
)

// bundleUnknowns names the bundles whose placement the planner does not
// reproduce exactly, and their parts. (Their actions are unknown anyway:
// the transition does not schedule bundles yet, which unknowns reports.)
//   - Bundles in a cluster with Pacemaker Remote or guest nodes of its
//     own: replica connections may then nest (a container on a remote
//     node, its connection colocated with the node's connection), which
//     the corpus shows is not modelled exactly.
//   - Bundles in a colocation with influence=false, which the corpus
//     shows is not reproduced for bundles.
//
// Promotable bundles are placed and promoted exactly on both releases:
// every corpus test with one matches crm_simulate's score lines, and so
// do variants of them (promotion scores, container-attribute-target,
// promoted-max, standby hosts, colocation and location scores,
// stickiness, target-role) checked against the 2.1.5 and 3.0 oracles.
func (p *plan) bundleUnknowns() []Unknown {
	var out []Unknown
	otherRemote := ""
	for _, n := range p.Nodes {
		if n.Remote() && !n.DiscoverNever && n.Conn != nil {
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
		for _, c := range append(slices.Clone(r.ThisWith), r.WithThis...) {
			if !c.Influence {
				why = append(why, fmt.Sprintf("colocation %s ties it with influence=false", c.ID))
				break
			}
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
