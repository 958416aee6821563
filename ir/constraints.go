package ir

import "github.com/hashicorp/hcl/v2"

// Constraint is an entry of <constraints>: *Location, *Order, *Colocation
// or *Ticket.
type Constraint interface {
	ConstraintID() string
	constraint()
}

// ResourceSet is a <resource_set> of an order, colocation, location or
// ticket constraint. Its fields keep the CIB's meaning; for colocations the
// CIB's order of sets is the reverse of placement order (see Colocation).
type ResourceSet struct {
	ID         string
	IDRef      string
	Sequential *Bool
	RequireAll *Bool
	Ordering   string // deprecated "group"/"listed"
	Action     Action
	Role       Role
	Score      *ScoreValue // deprecated per-set score
	Kind       OrderKind   // deprecated per-set kind
	Resources  []string    // resource_ref ids, in order

	DeclRange hcl.Range
}

// Location constrains where a resource may run (<rsc_location>). Exactly
// one of Resource, Pattern or Sets names the resources; exactly one of Node
// (with Score) or Rules says where.
type Location struct {
	ID        string
	Resource  string
	Pattern   string // rsc-pattern: a regular expression over resource ids
	Sets      []*ResourceSet
	Node      string
	Score     *ScoreValue
	Role      Role
	Discovery string // resource-discovery: always, never, exclusive
	Rules     []*Rule

	DeclRange hcl.Range
}

// Order orders actions of resources (<rsc_order>).
type Order struct {
	ID          string
	First       string
	Then        string
	FirstAction Action
	ThenAction  Action
	Kind        OrderKind   // "" when not written (Mandatory)
	Score       *ScoreValue // deprecated: score="0" means Optional
	Symmetrical *Bool
	RequireAll  *Bool
	Sets        []*ResourceSet

	DeclRange hcl.Range
}

// Colocation places one resource relative to another (<rsc_colocation>).
//
// In Pacemaker's terms the Primary (with-rsc) is placed first and the
// Dependent (rsc) is placed relative to it. With sets, Sets is in CIB order:
// within a sequential set each member depends on the one before it, and
// each set depends on the set after it (the last set is placed first).
type Colocation struct {
	ID            string
	Dependent     string // rsc
	Primary       string // with-rsc
	DependentRole Role   // rsc-role
	PrimaryRole   Role   // with-rsc-role
	// Instance fields are the deprecated rsc-instance/with-rsc-instance.
	DependentInstance string
	PrimaryInstance   string
	Score             *ScoreValue
	NodeAttribute     string // node-attribute; "" means #uname
	Influence         *Bool
	Sets              []*ResourceSet

	DeclRange hcl.Range
}

// Ticket ties resources to a cluster ticket (<rsc_ticket>).
type Ticket struct {
	ID         string
	Ticket     string
	Resource   string
	Role       Role
	LossPolicy string // stop, demote, fence, freeze
	Sets       []*ResourceSet

	DeclRange hcl.Range
}

func (c *Location) ConstraintID() string   { return c.ID }
func (c *Order) ConstraintID() string      { return c.ID }
func (c *Colocation) ConstraintID() string { return c.ID }
func (c *Ticket) ConstraintID() string     { return c.ID }

func (*Location) constraint()   {}
func (*Order) constraint()      {}
func (*Colocation) constraint() {}
func (*Ticket) constraint()     {}
