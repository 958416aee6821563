package planner

import "pcl/planner/model"

// Resources inside containers: the container meta-attribute names the
// resource a primitive runs in (a filler, or a guest node's connection).
// A filler is colocated with its container and ordered inside it
// (remoteInternalConstraints, transition's containerConstraints); its
// failure, by default on-fail=restart-container, restarts the container
// and so everything in it (StopRequiredOn).

// isBundled is pe_rsc_is_bundled: r belongs to a bundle replica.
func isBundled(r *model.Resource) bool {
	up := r.UberParent()
	return up.Parent != nil && up.Parent.Kind == model.KindBundle
}

// addNode adds node i to a set of node indexes kept in the order added.
func addNode(nodes []int, i int) []int {
	for _, n := range nodes {
		if n == i {
			return nodes
		}
	}
	return append(nodes, i)
}
