package planner

import (
	"slices"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// group is a group's placement (Pacemaker's pcmk__group_*): members are
// placed one after the other, each colocated with the one before unless
// the group's collocated meta-attribute is false.
type group struct{}

func (group) assignFunc() string { return "pcmk__group_assign" }

func (group) planned() bool { return true }

func (group) assign(p *plan, r *model.Resource, prefer int) int {
	if !r.Provisional || r.Allocating {
		return -1
	}
	if len(r.Children) == 0 {
		r.Provisional = false
		return -1
	}
	r.Allocating = true
	first := r.Children[0]
	r.Role = first.Role
	switch {
	case p.target.Since(pcmk.V2_1_6) && r.Parent == nil:
		p.memberColocations(r, r.ThisWith)
	case holdsClonesColocations(r):
		// The instance's lists are its clone's (attachParentColocations);
		// a cloned group has none of its own for later members to take.
		p.memberColocations(r, nil)
	default:
		p.expandGroupColocations(r)
	}
	p.show(p.kindOf(r).assignFunc(), r)
	firstNode := -1
	for _, m := range r.Children {
		n := p.assign(m, prefer)
		if firstNode < 0 {
			firstNode = n
		}
	}
	r.NextRole = first.NextRole
	r.Allocating = false
	r.Provisional = false
	if !p.groupColocated(r) {
		return -1
	}
	return firstNode
}

// holdsClonesColocations reports whether r is an instance of a cloned
// group whose colocation lists hold its clone's, as Pacemaker lists them
// for the instance since 2.1.7: pcmk__group_with_colocations and
// pcmk__with_group_colocations add the group's own (an instance has none)
// and then the clone's, each list as pcmk__add_this_with_list adds it,
// not one colocation at a time.
func holdsClonesColocations(r *model.Resource) bool {
	parent := r.Parent
	return parent != nil && parent.CloneOpts != nil && parent.CloneOpts.ColocationsAttached
}

func (p *plan) expandGroupColocations(r *model.Resource) {
	first := r.Children[0]
	for _, c := range r.ThisWith {
		first.ThisWith = insertSorted(first.ThisWith, c, cmpPrimaryPriority)
	}
	anyUnmanaged := !first.Managed
	for _, m := range r.Children[1:] {
		if anyUnmanaged {
			for _, c := range r.ThisWith {
				if c.Score == ir.Infinity {
					m.ThisWith = insertSorted(m.ThisWith, c, cmpPrimaryPriority)
				}
			}
		} else if !m.Managed {
			anyUnmanaged = true
		}
	}
	r.ThisWith = nil
	last := r.Children[len(r.Children)-1]
	for _, c := range r.WithThis {
		last.WithThis = insertSorted(last.WithThis, c, cmpDependentPriority)
	}
	r.WithThis = nil
	if p.target.Since(pcmk.V2_1_7) {
		p.addMemberColocations(r)
	}
}

// addMemberColocations gives a colocated group's first member the other
// members' explicit "this with" colocations and its last member their
// explicit "with this" ones, as pcmk__group_with_colocations and
// pcmk__with_group_colocations list them since 2.1.7: the group follows
// where an inner member must go.
func (p *plan) addMemberColocations(r *model.Resource) {
	if !p.groupColocated(r) {
		return
	}
	first, last := r.Children[0], r.Children[len(r.Children)-1]
	for _, m := range r.Children {
		if m != first {
			for _, c := range m.ThisWith {
				if isExplicit(c) && !slices.Contains(first.ThisWith, c) {
					first.ThisWith = insertSorted(first.ThisWith, c, cmpPrimaryPriority)
				}
			}
		}
		if m != last {
			for _, c := range m.WithThis {
				if isExplicit(c) && !slices.Contains(last.WithThis, c) {
					last.WithThis = insertSorted(last.WithThis, c, cmpDependentPriority)
				}
			}
		}
	}
}

// isExplicit reports whether a colocation comes from the configuration,
// not from a group's members being colocated one with the other.
func isExplicit(c *colocation) bool { return c.ID != groupInternalColocation }

func (group) colocateAsDependent(p *plan, dep, prim *model.Resource, c *colocation) {
	if len(dep.Children) == 0 {
		return
	}
	if p.target.Since(pcmk.V2_1_8) && dep.Promotable {
		p.colocateGroupInstance(dep, c, func() { colocateGroupMembers(p, dep, prim, c) })
		return
	}
	colocateGroupMembers(p, dep, prim, c)
}

// colocateGroupMembers applies a group's colocation through its first
// member, or each member of a group that is not colocated
// (colocate_group_with).
func colocateGroupMembers(p *plan, dep, prim *model.Resource, c *colocation) {
	if p.groupColocated(dep) {
		p.applyColocScore(dep.Children[0], prim, c)
		return
	}
	if c.Score >= ir.Infinity {
		return
	}
	for _, m := range dep.Children {
		p.applyColocScore(m, prim, c)
	}
}

func (group) colocateAsPrimary(p *plan, dep, prim *model.Resource, c *colocation) {
	if prim.Provisional {
		return
	}
	if p.groupColocated(prim) {
		if len(prim.Children) == 0 {
			return
		}
		m := prim.Children[0]
		if c.Score >= ir.Infinity {
			m = prim.Children[len(prim.Children)-1]
		}
		p.applyColocScore(dep, m, c)
		return
	}
	if c.Score >= ir.Infinity {
		return
	}
	for _, m := range prim.Children {
		p.applyColocScore(dep, m, c)
	}
}

// colocatedScores merges through the group's last member when starting
// from the group's own scores, its first when adding to another table.
func (group) colocatedScores(p *plan, rsc *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) (table, []*colocation, bool) {
	var work table
	if len(rsc.Children) == 0 {
		return work, nil, true
	}
	if p.target.Since(pcmk.V2_1_6) {
		// Since 2.1.6 the member does all of it, its own colocations
		// included (pcmk__group_add_colocated_node_scores).
		m := rsc.Children[0]
		if nodes.W == nil {
			m = rsc.Children[len(rsc.Children)-1]
		}
		p.addColocatedNodeScores(m, "", nodes, attr, factor, flags, cause)
		return work, nil, true
	}
	last := rsc.Children[len(rsc.Children)-1]
	m := rsc.Children[0]
	if nodes.W == nil {
		m = last
	} else if p.target.Since(pcmk.V2_1_6) {
		// Since 2.1.6 the member does it all, with its own colocations
		// (pcmk__group_add_colocated_node_scores).
		p.addColocatedNodeScores(m, "", nodes, attr, factor, flags, cause)
		return work, nil, true
	} else {
		work = nodes.Clone()
	}
	p.addColocatedNodeScores(m, "", &work, attr, factor, flags, cause)
	return work, last.WithThis, false
}

// colocatedResources is the colocated_resources method: rsc and every
// resource tied to it by colocations of score INFINITY.
func (group) colocatedResources(p *plan, r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	if orig == nil {
		orig = r
	}
	if p.groupColocated(r) {
		for _, m := range r.Children {
			list = p.colocatedResources(m, orig, list)
		}
	} else if len(r.Children) > 0 {
		list = p.colocatedResources(r.Children[0], orig, list)
	}
	return p.colocatedChain(r, orig, list)
}

// addUtilization adds the needs of the members that are placed with the
// group (all of them, or the first when not collocated).
func (group) addUtilization(p *plan, r *model.Resource, all []*model.Resource, need map[string]int) {
	if !r.Provisional {
		return
	}
	members := r.Children
	if !p.groupColocated(r) && len(members) > 0 {
		members = members[:1]
	}
	for _, m := range members {
		in := false
		for _, x := range all {
			if x == m {
				in = true
				break
			}
		}
		if m.Provisional && !in {
			p.addUtilization(m, all, need)
		}
	}
}

// applyLocation applies the scores to the group and each member; after
// the first member of a collocated group the rest get the nodes at 0, as
// they follow the first anyway.
func (group) applyLocation(p *plan, r *model.Resource, loc *location, nodes []locNode) {
	p.applyLocationTo(r, loc, nodes)
	list := nodes
	for k, m := range r.Children {
		p.applyLocationTo(m, loc, list)
		if k == 0 && p.groupColocated(r) {
			reset := make([]locNode, len(nodes))
			for j, ln := range nodes {
				reset[j] = locNode{ln.node, 0}
			}
			list = reset
		}
	}
}

func (p *plan) groupColocated(r *model.Resource) bool {
	v, ok := r.Meta["collocated"]
	return !ok || isTrueDefault(v, true)
}

// internalConstraints adds the colocation of each group member with the
// one before it.
func (group) internalConstraints(p *plan, r *model.Resource) {
	if !p.groupColocated(r) {
		return
	}
	for k := 1; k < len(r.Children); k++ {
		m := r.Children[k]
		p.newColocation(groupInternalColocation, "", ir.Infinity, m, r.Children[k-1], "", "", m.Critical)
	}
}

// running is the first member's: the group is where it is.
func (group) running(p *plan, r *model.Resource) Running {
	if len(r.Children) == 0 {
		return Running{}
	}
	return p.kindOf(r.Children[0]).running(p, r.Children[0])
}

// placement is the first member's: the group goes where it goes.
func (group) placement(p *plan, r *model.Resource) (string, string) {
	if len(r.Children) == 0 {
		return "", r.Why
	}
	return p.kindOf(r.Children[0]).placement(p, r.Children[0])
}
