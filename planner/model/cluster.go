package model

import (
	"pcl/ir"
	"pcl/pcmk"
)

// Cluster is the working set the stages share: the cluster options, the
// nodes, every resource, and the constraints the transition applies.
type Cluster struct {
	Options

	// Nodes are in Pacemaker's node order (natural name order); a node's
	// Index is its position here.
	Nodes []*Node
	// Resources are every resource (members and orphans included) in
	// unpack order; Top the top-level ones in assignment order, orphans
	// last.
	Resources []*Resource
	Top       []*Resource

	// Orders are the order constraints, in document order, with tags and
	// templates expanded to resource ids.
	Orders []*ir.Order
	// Colocations are the pairwise colocations, sets expanded, in
	// creation order.
	Colocations []*Colocation
	// TicketFenced are the nodes a lost ticket made unclean
	// (loss-policy=fence), in the order the ticket constraints fenced
	// them: Pacemaker creates their fencing then, after that of the
	// nodes the status found unclean, which orders the summary's lines.
	TicketFenced []int
	// FenceOrder are the cluster and remote nodes in the order unpacking
	// the status first made them unclean with a reason (pe_fence_node):
	// Pacemaker creates their fencing then, which orders the summary's
	// lines.
	FenceOrder []int
}

// Options are the cluster options the stages read.
type Options struct {
	// Target is the Pacemaker release planned for: the transition gates
	// what changed between releases on it.
	Target            pcmk.Target
	Symmetric         bool
	StonithEnabled    bool
	HaveStonith       bool // a fencing device is configured
	StonithAction     pcmk.FenceAction
	ConcurrentFencing bool
	HaveQuorum        bool
	NoQuorumPolicy    pcmk.NoQuorumPolicy // stop (default), freeze, ignore, demote, suicide
	MaintenanceMode   bool
	StopAll           bool
	PlacementStrategy pcmk.PlacementStrategy
	StartFailureFatal bool
	LegacyFailcounts  bool
	ShutdownLock      bool
	StartupProbes     bool // enable-startup-probes
	StopOrphanActions bool
	// StopOrphanResources is stop-orphan-resources.
	StopOrphanResources bool
	// EnableUnfencing is set when a resource provides or requires
	// unfencing (Pacemaker's pe_flag_enable_unfencing).
	EnableUnfencing bool
}

// Node returns node i, nil when i is NoNode or out of range.
func (c *Cluster) Node(i int) *Node {
	if i < 0 || i >= len(c.Nodes) {
		return nil
	}
	return c.Nodes[i]
}
