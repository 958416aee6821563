package model

import (
	"math"

	"pcl/ir"
	"pcl/pcmk"
)

// Colocation is one pairwise colocation (pcmk__colocation_t), sets
// already expanded: Dependent is placed relative to Primary.
type Colocation struct {
	ID                 string
	Dependent, Primary *Resource
	Score              ir.Score
	DepRole, PrimRole  pcmk.Role
	NodeAttr           string
	Influence          bool
	// Position is the index in <constraints> of the constraint the
	// colocation comes from, Internal for one Pacemaker makes itself.
	Position int
}

// Internal is the Position of a colocation no constraint made (a group's
// members', a bundle's parts'): after every constraint's.
const Internal = math.MaxInt

// Order is an order constraint with its place among the constraints.
// Pacemaker unpacks the constraints in document order, an order's
// orderings and those a colocation at -INFINITY makes among them, and
// which orderings were made first decides what applying them finds: an
// ordering applied before the action it names exists is dropped, one
// applied after is not.
type Order struct {
	*ir.Order
	// Position is the order's index in <constraints>.
	Position int
}
