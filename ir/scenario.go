package ir

import (
	"pcl/pcmk"

	"github.com/hashicorp/hcl/v2"
)

// Scenario is a declared what-if: a named list of changes to the cluster's
// state (nodes going down, failing or coming up, operations failing,
// tickets granted or revoked) and optionally a time, applied to a copy of
// the CIB before planning (package planner/scenario). Scenarios are pcl's
// own: they are never written to CIB XML.
type Scenario struct {
	Name        string
	Description string
	Injections  []*Injection
	// Now is the effective time as written (an ISO 8601 date and time, as
	// crm_simulate's -t takes); "" keeps the CIB's own.
	Now string
	// Assertions must hold once the scenario's transition has run
	// (`pcl test`).
	Assertions []*Assertion
	// After names the scenario whose settled cluster this one starts
	// from ("" for the cluster as it is): a chain of what-ifs, such as a
	// move and then the clear that may move the resource back.
	// AfterRange is where the name is written.
	After      string
	AfterRange hcl.Range

	DeclRange hcl.Range
}

// InjectionKind says what an injection changes. The kinds are listed in
// the order crm_simulate applies them, whatever order they were written
// in. crm_simulate has no attribute injection: attributes are set once
// the nodes are up or down, so that a node brought up can be given one.
type InjectionKind int

const (
	InjectNodeUp         InjectionKind = iota // crm_simulate -u: the node joins the cluster
	InjectNodeDown                            // -d: the node leaves cleanly; its history is erased
	InjectNodeFail                            // -f: the node is lost (unclean) and must be fenced
	InjectNodeStandby                         // the node's standby attribute is set to on
	InjectAttrSet                             // a transient node attribute is set (crm_attribute -l reboot -v)
	InjectAttrDelete                          // a transient node attribute is deleted (crm_attribute -l reboot -D)
	InjectTicketGrant                         // -g
	InjectTicketRevoke                        // -r
	InjectTicketStandby                       // --ticket-standby
	InjectTicketActivate                      // --ticket-activate
	InjectOp                                  // -i: an operation result recorded on a node

	// Operator actions: what crm_resource and crm_attribute write into
	// the configuration (and, for a cleanup, delete from the status).
	// They come after crm_simulate's injections: the operator acts on the
	// cluster those leave.
	InjectMove               // crm_resource --move -r Resource [-N Node]: cli-prefer-* (or, without a node, a ban from where it runs)
	InjectBan                // crm_resource --ban -r Resource [-N Node]: cli-ban-*-on-* (without a node, where it runs)
	InjectClear              // crm_resource --clear -r Resource [-N Node]: the cli-prefer-* and cli-ban-* constraints removed
	InjectDisable            // crm_resource --meta -r Resource -p target-role -v Stopped
	InjectEnable             // crm_resource --meta -r Resource -d target-role
	InjectUnmanage           // crm_resource --meta -r Resource -p is-managed -v false
	InjectManage             // crm_resource --meta -r Resource -d is-managed
	InjectNodeMaintenance    // crm_attribute -N Node -n maintenance -v on
	InjectClusterMaintenance // crm_attribute -n maintenance-mode -v true
	InjectCleanup            // crm_resource --cleanup -r Resource [-N Node]: fail counts and failed history cleared
)

// IsOperator reports whether k is an operator action (crm_resource,
// crm_attribute) rather than a crm_simulate injection.
func (k InjectionKind) IsOperator() bool { return k >= InjectMove }

// NamesResource reports whether injections of kind k name a resource.
func (k InjectionKind) NamesResource() bool {
	return k == InjectOp || (k.IsOperator() && k != InjectNodeMaintenance && k != InjectClusterMaintenance)
}

// Injection is one change of a Scenario. Node is set for the node,
// attribute and operation kinds, Ticket for the ticket kinds; Attr and
// Value for the attribute kinds; the Op fields only for InjectOp.
// Operator actions on a resource set Resource, and Node where the action
// names one (move to, ban from, clear or clean up on; "" for where it
// runs, or every node).
type Injection struct {
	Kind   InjectionKind
	Node   string // node name (uname)
	Ticket string

	// The transient node attribute set (to Value) or deleted.
	Attr  string
	Value string

	// The injected operation: Resource's Operation with IntervalMs returned
	// RC (an OCF exit code; 0 is success), Count times.
	Resource   string
	Operation  string
	IntervalMs int64
	RC         int
	Count      int // 0 means once

	// A move's or ban's crm_resource options: Lifetime (--lifetime, an
	// ISO 8601 duration such as PT1H; "" for none) makes the constraint
	// a rule that expires, Promoted (--promoted) limits it to the
	// promoted role.
	Lifetime string
	Promoted bool

	DeclRange hcl.Range
}

// Flag is the `pcl plan` flag (without dashes) that injects k, the name
// crm_simulate's long options give it.
func (k InjectionKind) Flag() string {
	switch k {
	case InjectNodeUp:
		return "node-up"
	case InjectNodeDown:
		return "node-down"
	case InjectNodeFail:
		return "node-fail"
	case InjectNodeStandby:
		return "node-standby"
	case InjectAttrSet:
		return "attr"
	case InjectAttrDelete:
		return "attr-delete"
	case InjectTicketGrant:
		return "ticket-grant"
	case InjectTicketRevoke:
		return "ticket-revoke"
	case InjectTicketStandby:
		return "ticket-standby"
	case InjectTicketActivate:
		return "ticket-activate"
	case InjectOp:
		return "op-fail"
	case InjectMove:
		return "move"
	case InjectBan:
		return "ban"
	case InjectClear:
		return "clear"
	case InjectDisable:
		return "disable"
	case InjectEnable:
		return "enable"
	case InjectUnmanage:
		return "unmanage"
	case InjectManage:
		return "manage"
	case InjectNodeMaintenance:
		return "node-maintenance"
	case InjectClusterMaintenance:
		return "cluster-maintenance"
	case InjectCleanup:
		return "cleanup"
	}
	return "unknown"
}

// OpSpec is an operation injection in crm_simulate's -i syntax
// (rsc_task_interval@node=rc).
func (in Injection) OpSpec() pcmk.OpSpec {
	return pcmk.OpSpec{Resource: in.Resource, Task: pcmk.Task(in.Operation), IntervalMs: in.IntervalMs,
		Node: in.Node, RC: pcmk.OCFRC(in.RC), Count: in.Count}
}

// AttrSpec is an attribute injection in the syntax of --attr
// (NODE:NAME=VALUE) and --attr-delete (NODE:NAME).
func (in Injection) AttrSpec() pcmk.AttrSpec {
	return pcmk.AttrSpec{Node: in.Node, Name: in.Attr, Value: in.Value, Delete: in.Kind == InjectAttrDelete}
}
