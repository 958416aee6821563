package planner

import (
	"slices"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// How colocations bear on promotion priorities since Pacemaker 2.1.7 and
// 2.1.8, beside the 2.1.5 path in promotable.go:
//
//   - since 2.1.7 an instance's "this with" colocations include its clone's
//     (pcmk__primitive_with_colocations, pcmk__group_with_colocations walk
//     up to the parent), so set_instance_priority applies each of the
//     clone's role colocations to every placed instance's priority;
//   - since 2.1.8 sort_promotable_instances no longer adds the clone's own
//     Promoted-role colocations to the clone's table (they were applied
//     twice), a mandatory Promoted-role colocation with a primary placed
//     nowhere forbids promotion, the primary's role is checked before the
//     nodes are compared, and a cloned group's colocations change the group
//     instance's priority, not only its first member's
//     (pcmk__apply_coloc_to_priority, colocate_group_with).

// roleColocations are the colocations set_instance_priority applies to a
// placed instance of clone: its own, and since 2.1.7 its clone's too, each
// once, in the order of their primaries' priority.
func (p *plan) roleColocations(clone, inst *model.Resource) []*colocation {
	if !p.target.Since(pcmk.V2_1_7) {
		return slices.Clone(inst.ThisWith)
	}
	var list []*colocation
	add := func(c *colocation) {
		if !slices.Contains(list, c) {
			list = insertSorted(list, c, cmpPrimaryPriority)
		}
	}
	own := inst.ThisWith
	if len(inst.Children) > 0 {
		// A group instance's own colocations may have been handed to
		// its first member (expandGroupColocations); the member's
		// internal ones are not the group's.
		own = slices.Clone(inst.ThisWith)
		for _, c := range inst.Children[0].ThisWith {
			if c.Dependent == inst || c.Dependent == clone {
				own = append(own, c)
			}
		}
	}
	for _, c := range own {
		add(c)
	}
	for _, c := range p.withBundleColocations(clone, clone.ThisWith, true) {
		add(c)
	}
	return list
}

// clonePromotedColocationsInTable reports whether sort_promotable_instances
// adds the clone's own colocations limited to its Promoted role to the
// clone's table: before 2.1.8 only, since they now reach each instance's
// priority through roleColocations.
func (p *plan) clonePromotedColocationsInTable() bool {
	return !p.target.Since(pcmk.V2_1_8)
}

// applyColocToPriority218 is pcmk__apply_coloc_to_priority as of 2.1.8: a
// dependent placed nowhere is left alone; a primary placed somewhere in
// another role than the colocation names is ignored; then, where the
// nodes differ (or the primary is placed nowhere), a mandatory colocation
// of the Promoted role forbids promotion, and where they match the score
// is added (subtracted for the Unpromoted role).
func (p *plan) applyColocToPriority218(dep, prim *model.Resource, c *colocation) {
	if dep.AssignedTo < 0 {
		return
	}
	if prim.AssignedTo >= 0 && c.PrimRole != pcmk.RoleUnknown && c.PrimRole != p.roleResource(prim).NextRole {
		return
	}
	attr := c.NodeAttr
	if attr == "" {
		attr = "#id"
	}
	if prim.AssignedTo < 0 || !p.column(attr).equal(p.colocAttrNode(dep, dep.AssignedTo), p.colocAttrNode(prim, prim.AssignedTo)) {
		if c.Score == ir.Infinity && c.DepRole == pcmk.RolePromoted {
			found := "is placed elsewhere"
			if prim.AssignedTo < 0 {
				found = "is placed nowhere"
			}
			p.addPriorityDelta(dep, -ir.Infinity, p.roleColocationCause(c, prim, found))
		}
		return
	}
	score, found := c.Score, "is placed on the same node"
	if c.DepRole == pcmk.RoleUnpromoted {
		score, found = -score, found+" (for the Unpromoted role: against promotion)"
	}
	p.addPriorityDelta(dep, score, p.roleColocationCause(c, prim, found))
}

// addPriorityDelta adds v to dep's promotion priority and notes it.
func (p *plan) addPriorityDelta(dep *model.Resource, v ir.Score, why *model.Cause) {
	p.addPriority(dep, v, why)
	p.notePriorityDelta(v)
}

// notePriorityDelta adds v to what the colocation being applied changed
// of promotion priorities (the value apply_coloc_score returns since
// 2.1.8), while a cloned group instance's colocation is applied.
func (p *plan) notePriorityDelta(v ir.Score) {
	if p.priorityDelta != nil {
		*p.priorityDelta = p.priorityDelta.Add(v)
	}
}

// colocateGroupInstance applies a colocation to a cloned group instance
// as colocate_group_with does since 2.1.8: through its first member (each
// member when the group is not colocated), and what that changed of the
// members' promotion priorities is added to the group instance's own,
// which is what orders the instances for promotion.
func (p *plan) colocateGroupInstance(dep *model.Resource, c *colocation, apply func()) {
	outer := p.priorityDelta
	var delta ir.Score
	p.priorityDelta = &delta
	apply()
	p.priorityDelta = outer
	if delta == 0 {
		return
	}
	p.addPriority(dep, delta, p.groupPriorityCause(dep, c))
	if outer != nil {
		*outer = outer.Add(delta)
	}
}
