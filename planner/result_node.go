package planner

import "pcl/planner/model"

// Node is one node as a Result shows it: its identity and the state the
// status gives it, copied out of the planner's working model.
type Node struct {
	// Index is the node's position in Result.Nodes (Pacemaker's node
	// order); ID its node id, Uname its name.
	Index     int
	ID, Uname string
	// The node's state as the status shows it.
	Online, Unclean, Shutdown, Standby, Maintenance, Pending, Unseen bool

	// reach is what NodeReach returns.
	reach string
}

// Available reports whether the node can run resources: online, not
// shutting down, unclean, in standby or in maintenance.
func (n *Node) Available() bool {
	return n.Online && !n.Shutdown && !n.Unclean && !n.Standby && !n.Maintenance
}

// NodeReach says how the resources on a remote or guest node are reached,
// "" for a cluster node (or a remote node whose connection is gone): the
// node's connection and where it is placed, and for a guest node the
// resource it runs in and that resource's host.
func (r *Result) NodeReach(n *Node) string { return n.reach }

// nodeViews copies the working model's nodes into their Result form.
func nodeViews(nodes []*model.Node) []*Node {
	out := make([]*Node, len(nodes))
	for i, m := range nodes {
		out[i] = &Node{Index: m.Index, ID: m.ID, Uname: m.Uname, Online: m.Online, Unclean: m.Unclean, Shutdown: m.Shutdown,
			Standby: m.Standby, Maintenance: m.Maintenance, Pending: m.Pending, Unseen: m.Unseen, reach: nodeReach(nodes, m)}
	}
	return out
}
