package model

import (
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
}
