package transition

import (
	"pcl/ir"
	"pcl/pcmk"
)

// Role is Pacemaker's resource role.
type Role = pcmk.Role

const (
	RoleUnknown    = pcmk.RoleUnknown
	RoleStopped    = pcmk.RoleStopped
	RoleStarted    = pcmk.RoleStarted
	RoleUnpromoted = pcmk.RoleUnpromoted
	RolePromoted   = pcmk.RolePromoted
)

// RoleOf maps an IR role to a Role; "" is RoleUnknown.
func RoleOf(r ir.Role) Role {
	switch r.Normalize() {
	case ir.RoleStopped:
		return RoleStopped
	case ir.RoleStarted:
		return RoleStarted
	case ir.RoleUnpromoted:
		return RoleUnpromoted
	case ir.RolePromoted:
		return RolePromoted
	}
	return RoleUnknown
}

// NoNode is the node index meaning "no node".
const NoNode = -1

// Input is everything the transition needs: the cluster's nodes, its
// resources with their current state and assignment, and the user's order
// constraints. The planner fills it in after placement.
type Input struct {
	Nodes     []Node      // in the scheduler's node order
	Resources []*Resource // top-level resources in document order

	// Orders are the configuration's order constraints, in document
	// order, with tags and templates already expanded to resource ids.
	Orders []*ir.Order
	// Colocations are the pairwise colocations (sets expanded), with
	// resource ids; group-internal ones are left out.
	Colocations []Colocation

	StonithEnabled bool
	// HaveStonith is set when a fencing device is configured.
	HaveStonith bool
	// StonithAction is the stonith-action property (reboot, off).
	StonithAction     string
	ConcurrentFencing bool
	PlacementStrategy string // default, utilization, minimal, balanced
	HaveQuorum        bool
	NoQuorumPolicy    string // stop (default), freeze, ignore, demote, suicide
	StartupProbes     bool   // enable-startup-probes (default true)
	StopOrphanActions bool   // stop-orphan-actions (default true)
	// StopOrphanResources is stop-orphan-resources (default true).
	StopOrphanResources bool
	StopAllResources    bool // stop-all-resources
	MaintenanceMode     bool // maintenance-mode
}

// Colocation places Dependent relative to Primary.
type Colocation struct {
	Dependent, Primary         string
	Score                      int
	DependentRole, PrimaryRole Role
}

// Node is one cluster node's state as the scheduler sees it.
type Node struct {
	Name   string // uname
	ID     string
	Online bool
	// Unclean nodes need fencing; actions on them cannot run.
	Unclean     bool
	Shutdown    bool
	Standby     bool
	Maintenance bool
	Pending     bool
	// Remote is set for Pacemaker Remote and guest nodes.
	Remote bool
	// NoDiscovery is set by resource-discovery-enabled=false: no probes.
	NoDiscovery bool
	// Probed is the legacy probe_complete attribute: "" when unset.
	Probed string
	// IsDC marks the designated controller.
	IsDC bool
	// FenceReason is why an unclean node is fenced ("" means "node is
	// unclean").
	FenceReason string
}

// Kind says what a resource is.
type Kind int

const (
	Primitive Kind = iota
	Group
)

// Resource is a primitive or a group with its state, assignment and
// configured operations.
type Resource struct {
	ID      string
	Kind    Kind
	Parent  *Resource   // the group of a member, nil at top level
	Members []*Resource // a group's members, in order

	Class, Provider, Type string // the agent (primitives)

	// Managed is false for is-managed=false, maintenance and
	// on-fail=block failures.
	Managed bool
	// Failed is set when the resource's last operation result needs
	// recovery (pe_rsc_failed).
	Failed bool
	// StopOnFail is set when a failure's on-fail policy is stop
	// (pe_rsc_stop): the resource stops instead of being restarted.
	StopOnFail bool
	// Blocked is set by on-fail=block (pe_rsc_block).
	Blocked bool
	// Maintenance is the resource's own maintenance meta-attribute.
	Maintenance bool
	// Orphan resources are in the status but not the configuration.
	Orphan bool
	// StartPending is set when a start is recorded as pending.
	StartPending bool
	// NeedsFencing: starts require fencing (requires=fencing, default with
	// fencing enabled for non-stonith classes).
	NeedsFencing bool
	// NeedsQuorum: starts require quorum (requires=quorum or fencing).
	NeedsQuorum bool
	// Unique is globally-unique (always true for primitives outside clones).
	Unique bool
	// RestartType is the deprecated restart-type meta ("restart" or "").
	RestartType string
	// MultipleActive is the multiple-active policy: stop_start (default),
	// stop_only, block, stop_unexpected.
	MultipleActive string

	Role     Role // current role
	NextRole Role // RoleUnknown unless set explicitly (target-role, on-fail)
	// RunningOn lists the nodes the resource is active on, in the order
	// Pacemaker's unpack found them.
	RunningOn []int
	// Assigned is the node placement chose, NoNode when none.
	Assigned int
	// KnownOn marks nodes where the resource has any history (no probe
	// needed). Indexed by node.
	KnownOn []bool
	// Discovery per node: "" (always), "never", "exclusive"; nil means
	// always everywhere. ExclusiveDiscovery is set when any location
	// constraint asks for exclusive discovery.
	Discovery          []string
	ExclusiveDiscovery bool
	// Allowed marks nodes in the resource's allowed-node table (asymmetric
	// clusters leave some out). nil means every node.
	Allowed []bool

	// AllowMigrate is the allow-migrate meta-attribute: the resource moves
	// by live migration (migrate_to, migrate_from) when it can.
	AllowMigrate bool
	// HasUtilization is set when the resource declares utilization.
	HasUtilization bool

	// Ops are the configured operations, in document order.
	Ops []Op
	// ActiveOps are the recurring operations the history shows as active
	// on each node (recorded after the last start, or after the last stop
	// for a stopped resource), in node then call order, skipping pending
	// ones (op-status -1).
	ActiveOps []ActiveOp
	// ConfigChanges are what the history asks for where the resource is
	// active, in Pacemaker's order: cancellations of orphaned or
	// maintenance-mode recurring operations, and restarts, reloads or
	// reschedules for operations whose parameters changed.
	ConfigChanges []ConfigChange
	// ClearFailcount lists nodes where the fail count is cleared (expired
	// failures, changed definitions).
	ClearFailcount []int
	// OrphanFailcounts lists the nodes where an orphan has failures to
	// clear before it stops.
	OrphanFailcounts []int
}

// ConfigChangeKind says what a change in the history asks for.
type ConfigChangeKind int

const (
	ChangeNone ConfigChangeKind = iota
	ChangeCancelOrphan
	ChangeCancelMaintenance
	ChangeRestart
	ChangeReload
	ChangeReschedule
	ChangeClearFailcount // the definition changed: failures no longer count
	ChangeCleanup        // the history is deleted (orphans, changed agents)
	ChangeAgentRestart   // the agent changed where the resource is active
	ChangeDigestAll      // intermediate: parameters changed
	ChangeDigestUnknown  // intermediate: no digest recorded
)

// ConfigChange is one consequence of the history for an active resource.
type ConfigChange struct {
	Node       int
	Kind       ConfigChangeKind
	Task       string
	IntervalMs int64
}

// Op is a configured operation.
type Op struct {
	Name       string
	IntervalMs int64
	Role       Role // RoleUnknown when not given
	Enabled    bool
	OnFail     string
}

// ActiveOp is a recurring operation recorded on a node.
type ActiveOp struct {
	Node       int
	Name       string
	IntervalMs int64
	CallID     int
}

// IsGroup reports whether the resource is a group.
func (r *Resource) IsGroup() bool { return r.Kind == Group }
