package ir

import "github.com/hashicorp/hcl/v2"

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

	DeclRange hcl.Range
}

// InjectionKind says what an injection changes. The kinds are listed in
// the order crm_simulate applies them, whatever order they were written
// in.
type InjectionKind int

const (
	InjectNodeUp         InjectionKind = iota // crm_simulate -u: the node joins the cluster
	InjectNodeDown                            // -d: the node leaves cleanly; its history is erased
	InjectNodeFail                            // -f: the node is lost (unclean) and must be fenced
	InjectNodeStandby                         // the node's standby attribute is set to on
	InjectTicketGrant                         // -g
	InjectTicketRevoke                        // -r
	InjectTicketStandby                       // --ticket-standby
	InjectTicketActivate                      // --ticket-activate
	InjectOp                                  // -i: an operation result recorded on a node
)

// Injection is one change of a Scenario. Node is set for the node and
// operation kinds, Ticket for the ticket kinds; the Op fields only for
// InjectOp.
type Injection struct {
	Kind   InjectionKind
	Node   string // node name (uname)
	Ticket string

	// The injected operation: Resource's Operation with IntervalMs returned
	// RC (an OCF exit code; 0 is success), Count times.
	Resource   string
	Operation  string
	IntervalMs int64
	RC         int
	Count      int // 0 means once

	DeclRange hcl.Range
}
