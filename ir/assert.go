package ir

import "github.com/hashicorp/hcl/v2"

// Assertion is a declared expectation of a policy test (an assert block):
// what must hold of the cluster once a scenario's transition has run, or
// of the healthy cluster for an assertion outside any scenario. Every
// condition written must hold; those not written are not checked.
// Assertions are pcl's own, like scenarios: never written to CIB XML.
type Assertion struct {
	Name string

	// Resource is the resource the resource conditions are about.
	Resource string
	// RunsOn: the resource is active on one of these nodes (every active
	// instance of a clone is).
	RunsOn []string
	// NotOn: the resource is active on none of these nodes.
	NotOn []string
	// Role: the resource is active in this role (Started, Promoted,
	// Unpromoted; Stopped: not active anywhere), on RunsOn when given.
	Role Role
	// Running: the resource is active somewhere (true) or nowhere (false).
	Running *bool
	// With: the resource is active on a node where each of these is.
	With []string
	// ApartFrom: the resource shares no node with any of these.
	ApartFrom []string
	// NeverStopped: the transition stops none of the resource's
	// instances, not even to restart or move them.
	NeverStopped bool

	// NoMoves: no resource moves, migrates, restarts or is recovered.
	NoMoves bool
	// MaxActions: the transition runs at most this many resource actions
	// (recurring monitors excluded); nil when not checked.
	MaxActions *int
	// Quorum: the cluster has quorum (true) or not (false).
	Quorum *bool
	// NoSinglePointOfFailure: whichever single node fails next, the
	// resource (every resource that runs, when Resource is "") is active
	// again once the cluster has recovered.
	NoSinglePointOfFailure bool

	// DeclRange is the block's; Ranges where each condition is written,
	// by attribute name, for diagnostics.
	DeclRange hcl.Range
	Ranges    map[string]hcl.Range
}

// Range is where the condition attr is written, else the block.
func (a *Assertion) Range(attr string) hcl.Range {
	if r, ok := a.Ranges[attr]; ok {
		return r
	}
	return a.DeclRange
}
