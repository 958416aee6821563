package model

import "pcl/ir"

// Node is a cluster node with its state as the status section says.
type Node struct {
	Index int
	ID    string
	Uname string
	Type  string // member, remote, ping

	// Weight is the node's own score (the node element's score attribute),
	// -INFINITY once status shows it offline or shutting down.
	Weight ir.Score
	Attrs  map[string]string

	Online, Unclean, Shutdown, Standby, Maintenance, Pending bool
	ExpectedUp, Unseen, IsDC                                 bool

	// NoDiscovery is set by resource-discovery-enabled=false: no probes.
	NoDiscovery bool
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
