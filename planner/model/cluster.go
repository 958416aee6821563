package model

import (
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
	Orders []Order
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
	// UnpackActions are the actions reading the status makes, in the
	// order Pacemaker makes them (unpack_lrm_resource, node by node):
	// a resource's actions are listed newest first in the graph, so this
	// order is the order the engine runs them in when nothing else
	// orders them.
	UnpackActions []UnpackAction
}

// UnpackAction is an action reading one resource's history on one node
// makes.
type UnpackAction struct {
	Rsc  *Resource
	Kind UnpackKind
	Node int
}

// UnpackKind is what an UnpackAction is.
type UnpackKind uint8

const (
	// UnpackClearHistory deletes the history (an expired shutdown lock:
	// Resource.ClearHistory).
	UnpackClearHistory UnpackKind = iota
	// UnpackClearFailcount clears the fail count (an expired failure:
	// Resource.ClearFailcount).
	UnpackClearFailcount
	// UnpackStop stops the resource (Resource.StopOn).
	UnpackStop
	// UnpackRecurring makes the recurring operations the history shows
	// active on the node (Resource.ActiveOps, process_recurring).
	UnpackRecurring
)

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
