package model

import (
	"pcl/ir"
	"pcl/pcmk"
)

// NoNode is the node index meaning "no node".
const NoNode = -1

// Resource is a primitive, a group, a clone or a bundle: its configuration
// as unpacked, its state as the status shows it, its scores and
// colocations, its assignment, and what its history asks of the
// transition. It is Pacemaker's pe_resource_t.
type Resource struct {
	// Index is the resource's position in Cluster.Resources.
	Index    int
	ID       string
	Kind     Kind
	Parent   *Resource
	Children []*Resource // a group's members, in order
	Agent    ir.Agent

	// Prim, Group and Clone are the configuration the resource was
	// unpacked from (nil for orphans and for the other kinds). Clone
	// instances share their clone's child configuration.
	Prim  *ir.Primitive
	Group *ir.Group
	Clone *ir.Clone
	// Bundle is a bundle's configuration (nil for the other kinds).
	Bundle *ir.Bundle
	// CloneOpts holds a clone's own options (nil for other kinds).
	CloneOpts *CloneOptions
	// CloneName is the name the status knows a clone instance by when it
	// differs from the instance's id (an anonymous instance recorded under
	// its bare name or another number), "" otherwise.
	CloneName string
	// PendingNode is where a pending operation of the resource is
	// recorded, NoNode for none.
	PendingNode int
	// Promotable is set on a promotable clone and everything in it.
	Promotable bool
	// Known marks the nodes where the status gave the resource a role
	// (Pacemaker's known_on as the status unpack sets it), by node index.
	Known []bool
	// SortIndex is a promotable instance's promotion priority once
	// roles are chosen.
	SortIndex ir.Score
	// OpDefs are the configured operations, a template's first; Sets the
	// resource's own attribute sets, a template's first.
	OpDefs []*ir.Op
	Sets   []*ir.NVSet

	Meta   map[string]string
	Params map[string]string

	Priority           ir.Score
	Stickiness         ir.Score
	MigrationThreshold ir.Score
	FailureTimeout     int64 // seconds
	Utilization        map[string]int

	Managed, Critical, Failed, FailureIgnored, Blocked bool
	// StopFailed is set when a failure is recovered by stopping the
	// resource (pe_rsc_stop); a failure with on-fail=demote or block is
	// not.
	StopFailed bool
	// DanglingOn are the source nodes of migrations completed on their
	// target but not yet stopped on the source: the resource is not
	// active there, but must be stopped there (dangling_migrations).
	DanglingOn []int
	// StopOn are the nodes where unpacking the history already requires
	// a stop, in the order it made them: where the resource failed and is
	// recovered by a restart (process_rsc_state's stop_action), and the
	// target of a migrate_to still pending on an unclean source
	// (unpack_rsc_op's), since the migration may have reached it.
	// Pacemaker makes these stops before any other action of the
	// resource.
	StopOn []int
	// DemoteFailedOn are the nodes where a failure with on-fail=demote
	// requires the resource's demotion (process_rsc_state's demote_action),
	// even when it is to be promoted again there.
	DemoteFailedOn []int
	// StopRequiredOn are the nodes where reading the status already asks
	// for this resource's stop (stop_action in process_rsc_state and
	// unpack_status): a resource inside it failed with
	// on-fail=restart-container, so it restarts there, or is recovered
	// elsewhere, taking what runs in it along.
	StopRequiredOn                                     []int
	NeedsFencing, NeedsQuorum, StopOnly, MultipleBlock bool
	// NeedsUnfencing is set when the resource's node must be unfenced
	// before it starts there (requires=unfencing).
	NeedsUnfencing bool
	IsFenceDevice  bool
	// Maintenance is the resource's maintenance meta-attribute or the
	// cluster's maintenance-mode.
	Maintenance bool
	// Orphan resources are in the status but not the configuration.
	Orphan bool
	// RemoteNode is the remote or guest node this resource is the
	// connection of (Pacemaker's is_remote_node), nil otherwise.
	RemoteNode *Node
	// Container is the resource the container meta-attribute names (a
	// guest node's connection runs inside its VM), nil for none; Fillers
	// are the resources whose container this one is.
	Container *Resource
	Fillers   []*Resource
	// AllowRemoteRemotes is set on a bundle replica's connection
	// (pe_rsc_allow_remote_remotes): it may run on a node other than its
	// container's, and the container may run on remote nodes.
	AllowRemoteRemotes bool
	// Replicas are a bundle's replicas in order, nil for other kinds:
	// what each replica's implicit resources are, for the transition
	// (Pacemaker's pe__bundle_replica_t).
	Replicas []BundleReplica
	// ReconnectMs is a remote connection's reconnect_interval.
	ReconnectMs int64
	// Unique is globally-unique (always true outside anonymous clones).
	Unique bool
	// AllowMigrate is the allow-migrate meta-attribute.
	AllowMigrate bool
	// RestartType is the deprecated restart-type meta ("restart" or "").
	RestartType string
	// MultipleActive is the multiple-active policy: stop_start (default),
	// stop_only, block, stop_unexpected.
	MultipleActive pcmk.MultipleActive

	// Role is the current role, NextRole the one asked for (RoleUnknown
	// unless target-role or a failure sets it).
	Role, NextRole pcmk.Role
	// RunningOn lists the nodes the resource is active on, in the order
	// the status showed them.
	RunningOn []int
	// StartPending is set when a start is recorded as pending.
	StartPending bool

	// Allowed is the allowed-node table with the scores placement uses.
	Allowed Table
	// ThisWith are the colocations whose dependent this resource is
	// (rsc_cons), WithThis those whose primary it is (rsc_cons_lhs).
	ThisWith []*Colocation
	WithThis []*Colocation
	// ExclusiveDiscovery is set when a location asks for exclusive
	// resource discovery.
	ExclusiveDiscovery bool

	// Provisional, Allocating and Merging are Pacemaker's
	// pe_rsc_provisional, pe_rsc_allocating and pe_rsc_merging.
	Provisional, Allocating, Merging bool
	// AssignedTo is the chosen node index, NoNode for none.
	AssignedTo int
	// AssignedWeight is the chosen node's score when it was chosen:
	// Pacemaker keeps a copy of the allowed node as allocated_to, so later
	// changes to Allowed (a promotable instance's colocations applied
	// again while its role is chosen) do not reach it.
	AssignedWeight ir.Score
	// Why says why a resource has no node (empty when it has one).
	Why string
	// CapacityBans are the nodes its last assignment banned for want of
	// capacity (a placement-strategy other than default), and what fell
	// short on each.
	CapacityBans []CapacityBan
	// LockNode is the shutdown-lock node, NoNode for none.
	LockNode int

	// What the history asks of the transition.

	// Ops are the configured operations, in document order.
	Ops []Op
	// KnownOn marks the nodes where the resource has history (no probe
	// needed), by node index.
	KnownOn []bool
	// ActiveOps are the recurring operations the history shows as
	// active, in node then call order.
	ActiveOps []ActiveOp
	// ConfigChanges are what changed definitions, orphaned operations and
	// maintenance ask for where the resource is active.
	ConfigChanges []ConfigChange
	// ClearFailcount lists nodes where the fail count is cleared.
	ClearFailcount []int
	// ParamClearFailcount lists nodes where the fail count is cleared
	// because a failure's parameters changed, found only once resources
	// are assigned (a bundle connection whose address is its container's
	// host): cleared after the configuration changes, as Pacemaker runs
	// its deferred parameter checks.
	ParamClearFailcount []int
	// PartialMigration is set when a migrate_to succeeded and its
	// migrate_from has not (partial_migration_source and _target).
	PartialMigration *Migration
	// ClearHistory lists nodes whose history of the resource is deleted
	// because its shutdown lock there expired (pe__clear_resource_history).
	ClearHistory []int
	// OrphanFailcounts lists the nodes where an orphan has failures to
	// clear before it stops.
	OrphanFailcounts []int
}

// IsGroup reports whether the resource is a group.
func (r *Resource) IsGroup() bool { return r.Kind == KindGroup }

// HasUtilization reports whether the resource declares utilization.
func (r *Resource) HasUtilization() bool { return len(r.Utilization) > 0 }

// Top returns the resource's top-level ancestor (itself at top level).
func (r *Resource) Top() *Resource {
	for r.Parent != nil {
		r = r.Parent
	}
	return r
}

// BundleReplica is one replica of a bundle: its container, its address
// (nil without an ip-range-start), its connection and its instance of
// the bundle's child clone (both nil when the bundle holds no primitive).
type BundleReplica struct {
	Container, IP, Remote, Instance *Resource
}

// CloneOptions are a clone's meta-attributes as Pacemaker reads them
// (clone_variant_data_t).
type CloneOptions struct {
	Max, NodeMax, Min            int
	PromotedMax, PromotedNodeMax int
	Ordered, Interleave, Notify  bool
	Promotable                   bool
	// Total counts the instances made so far, configured and orphaned;
	// the next instance gets this number.
	Total int
	// Counts are, by node, the instances placed there so far.
	Counts []int
	// PromotionAdded is set once the instances' promotion scores are in
	// their tables.
	PromotionAdded bool
	// ColocationsAttached is set once the instances' colocation lists
	// hold the clone's (or bundle's) as well as their own (since 2.1.7).
	ColocationsAttached bool
}

// IsClone reports whether the resource is a clone.
func (r *Resource) IsClone() bool { return r.Kind == KindClone }

// InClone reports whether the resource is a clone or inside one.
func (r *Resource) InClone() bool { return r.CloneOf() != nil }

// UberParent is r's topmost ancestor below any bundle (uber_parent): a
// bundle's parts answer for themselves.
func (r *Resource) UberParent() *Resource {
	for r.Parent != nil && r.Parent.Kind != KindBundle {
		r = r.Parent
	}
	return r
}

// CloneOf is the clone r is or is in, nil for none: the top resource, or
// a bundle's child clone.
func (r *Resource) CloneOf() *Resource {
	for ; r != nil; r = r.Parent {
		if r.Kind == KindClone {
			return r
		}
	}
	return nil
}

// AnonInstance reports whether the resource is an instance (or inside an
// instance) of an anonymous clone.
func (r *Resource) AnonInstance() bool {
	top := r.CloneOf()
	return top != nil && top != r && !top.Unique
}

// Migration names a live migration's source and target nodes.
type Migration struct {
	Source, Target int
}
