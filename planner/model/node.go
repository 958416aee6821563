package model

import "pcl/ir"

// Node is a cluster node with its state as the status section says.
type Node struct {
	Index int
	ID    string
	Uname string
	Type  string // member, remote, ping
	// Kind tells a cluster node from a Pacemaker Remote node and a guest
	// node; Conn is a remote or guest node's connection resource (nil for
	// cluster nodes, and for a remote node entry whose connection is no
	// longer configured).
	Kind NodeKind
	Conn *Resource

	// RequiresReset is Pacemaker's remote_requires_reset: the remote or
	// guest node must be fenced (a guest by recovering its container)
	// before it runs resources again. WasFenced is the node_state's
	// node_fenced; RemoteMaintenance its node_in_maintenance.
	RequiresReset, WasFenced, RemoteMaintenance bool
	// Unpacked is set once the node's resource history is read.
	Unpacked bool

	// Weight is the node's own score (the node element's score attribute),
	// -INFINITY once status shows it offline or shutting down.
	Weight ir.Score
	Attrs  map[string]string

	Online, Unclean, Shutdown, Standby, Maintenance, Pending bool
	ExpectedUp, Unseen, IsDC                                 bool

	// NoDiscovery is set by resource-discovery-enabled=false: no probes.
	NoDiscovery bool
	// DiscoverNever marks a bundle's replica node: no resource is
	// allowed there by default (a node created with discovery never).
	DiscoverNever bool
	// FromStatus marks the node of a remote connection that only the
	// status knows (an orphaned connection): Pacemaker creates it while
	// reading the status, after the resources took their allowed nodes,
	// and shuts it down.
	FromStatus bool
	// Probed is the legacy probe_complete attribute, "" when unset.
	Probed string
	// FenceReason is why an unclean node is fenced ("" means "node is
	// unclean").
	FenceReason string

	// NumResources counts resources assigned so far (a tie-breaker).
	NumResources int
	// Capacity is the node's utilization; Remaining what is left of it.
	Capacity  map[string]int
	Remaining map[string]int

	// Fails indexes the node's fail-count attributes by resource name,
	// built on first use by the status unpacker.
	Fails map[string][]FailEntry
}

// FailEntry is one fail-count or last-failure node attribute.
type FailEntry struct {
	Last  bool // a last-failure attribute
	Value string
}

// Available reports pcmk__node_available without the score test.
func (n *Node) Available() bool {
	return n.Online && !n.Shutdown && !n.Unclean && !n.Standby && !n.Maintenance
}

// Remote reports a Pacemaker Remote or guest node.
func (n *Node) Remote() bool { return n.Type == "remote" }

// Guest reports a guest node: a remote node whose connection runs inside
// a container resource.
func (n *Node) Guest() bool { return n.Kind == NodeGuest }

// NodeKind is what a node is: a cluster node, a Pacemaker Remote node or
// a guest node.
type NodeKind int

const (
	NodeCluster NodeKind = iota
	NodeRemote
	NodeGuest
)

// String is the kind as Pacemaker's #kind attribute names it.
func (k NodeKind) String() string {
	switch k {
	case NodeRemote:
		return "remote"
	case NodeGuest:
		return "container"
	}
	return "cluster"
}
