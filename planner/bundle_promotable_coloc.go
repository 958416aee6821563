package planner

import (
	"strings"

	"pcl/pcmk"
	"pcl/planner/model"
)

// Since 2.1.7 a colocation's node attribute is read, on a bundle's replica
// node, on the node hosting the replica's container whenever it is read
// for the bundle's promotable child (pcmk__colocation_node_attr): at most
// that child runs on a replica node, so a colocation with it means one
// with the container. These helpers apply that to the merge of colocated
// scores into a table (add_node_scores_matching_attr), which the
// promotable bundle's child clone does when it sorts its instances for
// promotion with the colocations that name the bundle's Promoted role.

// addColocatedNodeScoresInto is addColocatedNodeScores merging into
// target's own table, so that target's replica nodes are read as Pacemaker
// reads them.
func (p *plan) addColocatedNodeScoresInto(target, rsc *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) {
	saved := p.colocTarget
	p.colocTarget = target
	p.addColocatedNodeScores(rsc, target.ID, nodes, attr, factor, flags, cause)
	p.colocTarget = saved
}

// colocMergeNode is the node whose attributes the merge reads for node i
// of the table being built: the host of i's container since 2.1.7 where
// the table's resource reads hosts there, node i otherwise.
func (p *plan) colocMergeNode(i int) int {
	if p.colocTarget == nil || !p.target.Since(pcmk.V2_1_7) {
		return i
	}
	return p.colocAttrNode(p.colocTarget, i)
}

// colocReadsHosts reports whether, since 2.1.7, some node of r's may read
// colocation attributes on another node (colocAttrNode): r is a bundle's
// child or one of its instances, or its container-attribute-target is
// "host", and the cluster has guest nodes.
func (p *plan) colocReadsHosts(r *model.Resource) bool {
	if !p.target.Since(pcmk.V2_1_7) {
		return false
	}
	up := r.UberParent()
	bundled := up.Parent != nil && up.Parent.Kind == model.KindBundle && up.IsClone()
	if !bundled && !strings.EqualFold(r.Meta["container-attribute-target"], "host") {
		return false
	}
	for _, n := range p.Nodes {
		if n.Guest() {
			return true
		}
	}
	return false
}

// guestContainer is the container of guest node i (a bundle replica's or
// a VM's), nil for other nodes: promotion on a guest node needs its
// container placed (pcmk__node_available with consider_guest).
func (p *plan) guestContainer(i int) *model.Resource {
	n := p.Nodes[i]
	if !n.Guest() || n.Conn == nil {
		return nil
	}
	return n.Conn.Container
}
