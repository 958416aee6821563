package planner

import (
	"fmt"
	"slices"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Promotable clones: which instances are promoted, as
// pcmk__add_promotion_scores and pcmk__set_instance_roles decide. The
// promotion scores (the master-<rsc> node attributes) first make instances
// prefer the nodes they would be promoted on; once instances are placed,
// each gets a promotion priority, the clone's table sums them per node with
// the Promoted-role constraints, and the best placed instances, up to
// promoted-max, are promoted.

// PromotionLine is one "promotion score" line of crm_simulate: the
// instance's final promotion priority on the node it is placed on (Node is
// "none" for an instance placed nowhere).
type PromotionLine struct {
	// Inactive is set, from Pacemaker 2.1.8 on, for an instance placed
	// nowhere: the line reads "promotion score (inactive)" and its score
	// is -INFINITY (2.1.5 prints "promotion score on none").
	Inactive bool
	Resource string
	Node     string
	Score    ir.Score
	// Trail is the explanation: the contributions to Score in the order
	// Pacemaker adds them (SumPromotionTrail folds it); nil when trails
	// are off.
	Trail []PromotionTerm
	// Promoted reports whether the instance is chosen for promotion, and
	// Why says why it is or is not.
	Promoted bool
	Why      string
}

// AppendText appends the line as crm_simulate prints it.
func (l PromotionLine) AppendText(b []byte) ([]byte, error) {
	b = append(b, l.Resource...)
	if l.Inactive {
		b = append(b, " promotion score (inactive): "...)
		return l.Score.AppendText(b)
	}
	b = append(b, " promotion score on "...)
	b = append(b, l.Node...)
	b = append(b, ": "...)
	return l.Score.AppendText(b)
}

// addPromotionScores adds each instance's positive promotion score to its
// table on the nodes that can run it, and raises its priority to its best
// promotion score.
func (p *plan) addPromotionScores(r *model.Resource) {
	for _, inst := range r.Children {
		for i, in := range inst.Allowed.In {
			if !in || !p.Nodes[i].Available() {
				continue
			}
			score, _ := p.promotionScore(inst, i)
			if score > 0 {
				inst.Allowed.Add(i, score, p.promotionScoreCause(inst, i, false))
			}
			if score > inst.Priority {
				inst.Priority = score
			}
		}
	}
}

// promotionAttrName is the node attribute that holds r's promotion score.
func promotionAttrName(r *model.Resource) string {
	name := r.ID
	if r.CloneName != "" {
		name = r.CloneName
	}
	return "master-" + name
}

// promotionScore is an instance's promotion score on node i: the
// master-<name> node attribute where it counts, 0 elsewhere; isDefault is
// set when no attribute was found. A cloned group's is its members' plain
// integer sum, as Pacemaker adds them: -INFINITY and 10 make -999990.
func (p *plan) promotionScore(r *model.Resource, i int) (score ir.Score, isDefault bool) {
	if len(r.Children) > 0 {
		isDefault = true
		for _, m := range r.Children {
			s, def := p.promotionScore(m, i)
			if !def {
				isDefault = false
			}
			score += s
		}
		return score, isDefault
	}
	if !p.promotionScoreApplies(r, i) {
		return 0, true
	}
	_, v, ok := promotionAttr(r, p.attrsFor(r, i))
	if !ok {
		return 0, true
	}
	return pcmk.ScoreOf(v), false
}

// promotionAttr finds a primitive instance's promotion score among a
// node's attributes: master-<name>, or for an anonymous instance
// master-<id without :N>; name is the attribute found.
func promotionAttr(r *model.Resource, attrs map[string]string) (name, value string, ok bool) {
	name = promotionAttrName(r)
	value, ok = attrs[name]
	if !ok && !r.Unique {
		if base := cloneStrip(r.ID); base != r.ID {
			name = "master-" + base
			value, ok = attrs[name]
		}
	}
	return name, value, ok
}

// promotionScoreApplies reports whether r's promotion score counts on node
// i (promotion_score_applies): where r (an anonymous instance) is active,
// where no instance is active but one was probed, everywhere when r is
// known nowhere yet, else where r is known; and only where r is allowed.
func (p *plan) promotionScoreApplies(r *model.Resource, i int) bool {
	parent := r.UberParent()
	base := cloneStrip(r.ID)
	applies := false
	if !r.Unique {
		active := p.activeAnonInstance(parent, base, i)
		if active == r || (active == nil && p.anonymousKnownOn(parent, base, i)) {
			applies = true
		}
	}
	if !applies && len(r.RunningOn) == 0 && !anyTrue(r.Known) {
		applies = true
	}
	if !applies && ((i < len(r.Known) && r.Known[i]) || slices.Contains(r.RunningOn, i)) {
		applies = true
	}
	return applies && r.Allowed.In[i] && r.Allowed.W[i] >= 0
}

// activeAnonInstance is the member with base id of some instance of clone
// that is active on node i, nil for none.
func (p *plan) activeAnonInstance(clone *model.Resource, base string, i int) *model.Resource {
	for _, inst := range clone.Children {
		if m := findInstanceMember(inst, base); m != nil && slices.Contains(m.RunningOn, i) {
			return m
		}
	}
	return nil
}

// anonymousKnownOn reports whether some instance's member with base id is
// known on node i.
func (p *plan) anonymousKnownOn(clone *model.Resource, base string, i int) bool {
	for _, inst := range clone.Children {
		if m := findInstanceMember(inst, base); m != nil && i < len(m.Known) && m.Known[i] {
			return true
		}
	}
	return false
}

func anyTrue(list []bool) bool {
	return slices.Contains(list, true)
}

// setInstanceRoles chooses which placed instances are promoted
// (pcmk__set_instance_roles) and records their promotion score lines.
func (p *plan) setInstanceRoles(r *model.Resource) {
	opts := r.CloneOpts
	// The per-node instance counts now count the promoted instances, as
	// in Pacemaker: zero while the instances are sorted, so no instance
	// wins the sort by a less crowded current node.
	if opts.Counts == nil {
		opts.Counts = make([]int, len(p.Nodes))
	}
	clear(opts.Counts)
	promotedOn := opts.Counts
	for _, inst := range r.Children {
		p.setInstancePriority(r, inst)
	}
	p.sortPromotableInstances(r)
	promoted := 0
	var decisions promotionDecisions
	first := len(p.Promotions)
	for _, inst := range r.Children {
		chosen := p.instanceNode(inst)
		line := PromotionLine{Resource: inst.ID, Node: "none", Score: inst.SortIndex, Trail: p.promotion.final[inst]}
		if chosen >= 0 {
			line.Node = p.Nodes[chosen].Uname
		} else if p.target.Since(pcmk.V2_1_8) {
			line.Inactive = true
		}
		p.Promotions = append(p.Promotions, line)
		decision := &p.Promotions[len(p.Promotions)-1]

		node, why := -1, ""
		switch {
		case chosen < 0:
			why = "it is not placed"
		case inst.SortIndex < 0:
			why = "its promotion score is negative"
		case promoted < opts.PromotedMax || !r.Managed:
			node, why = p.nodeToBePromotedOn(r, inst, promotedOn)
		default:
			why = decisions.promotedMaxUsed(opts.PromotedMax)
		}
		if node >= 0 && inst.Role < pcmk.RolePromoted && !p.HaveQuorum && p.NoQuorumPolicy == pcmk.NoQuorumFreeze {
			node, why = -1, "the cluster has no quorum and no-quorum-policy is freeze: only an instance already Promoted stays so"
		}
		if node < 0 {
			decision.Why = why
			setNextRoleUnpromoted(p, inst)
			continue
		}
		decision.Promoted, decision.Why = true, decisions.promote(r, decision)
		promotedOn[node]++
		setNextRolePromoted(inst)
		promoted++
	}
	noteTies(p.Promotions[first:])
}

// setInstancePriority sets a placed instance's promotion priority
// (set_instance_priority): its promotion score where it is placed (-1
// without one), -INFINITY when it may not be promoted, plus the
// Promoted-role locations for that node.
func (p *plan) setInstancePriority(clone, inst *model.Resource) {
	startedAsUnpromoted(inst)
	chosen := p.instanceNode(inst)
	if chosen < 0 {
		return
	}
	p.startPriorityTrail(inst)
	switch next := instanceNextRole(inst); next {
	case pcmk.RoleStarted, pcmk.RoleUnknown:
		score, isDefault := p.promotionScore(inst, chosen)
		if isDefault {
			score = -1
		}
		p.setPriority(inst, score, p.promotionScoreCause(inst, chosen, isDefault))
	case pcmk.RoleUnpromoted, pcmk.RoleStopped:
		p.setPriority(inst, -ir.Infinity, p.cannotPromoteCause(inst, next))
	case pcmk.RolePromoted:
		p.setPriority(inst, inst.Priority, priorityKeptCause)
	}
	for _, loc := range p.promotedLocations(inst, clone) {
		for _, ln := range loc.nodes {
			if ln.node == chosen {
				p.addPriority(inst, ln.score, p.promotedLocationCause(loc))
			}
		}
	}
	// The instance's colocations now bear on its role.
	for _, c := range p.roleColocations(clone, inst) {
		p.kindOf(inst).colocateAsDependent(p, inst, c.Primary, c)
	}
	inst.SortIndex = inst.Priority
	if instanceNextRole(inst) == pcmk.RolePromoted {
		inst.SortIndex = ir.Infinity
		p.noteSortIndex(inst, alreadyPromotedCause)
	}
}

// promotedLocations are the location constraints limited to the Promoted
// role on the instance, then on its clone (a bundle's child clone has its
// bundle's too: pcmk__bundle_rsc_location).
func (p *plan) promotedLocations(inst, clone *model.Resource) []*location {
	var out []*location
	wants := []*model.Resource{inst, clone}
	if b := clone.Parent; b != nil && b.Kind == model.KindBundle {
		wants = append(wants, b)
	}
	for _, want := range wants {
		for _, loc := range p.locations {
			if loc.rsc == want && loc.roleFilter == pcmk.RolePromoted {
				out = append(out, loc)
			}
		}
	}
	return out
}

// sortPromotableInstances sums the instances' priorities per node into the
// clone's table, with the colocations that name the Promoted role, and
// orders the instances by the result (sort_promotable_instances).
func (p *plan) sortPromotableInstances(r *model.Resource) {
	r.Merging = true
	p.noteCloneScores(r)
	for _, inst := range r.Children {
		if inst.SortIndex < 0 {
			continue
		}
		if n := p.instanceNode(inst); n >= 0 {
			r.Allowed.Add(n, inst.SortIndex, p.instancePriorityCause(inst))
		}
	}
	for _, c := range p.withBundleColocations(r, r.ThisWith, true) {
		if c.DepRole != pcmk.RolePromoted || !p.clonePromotedColocationsInTable() {
			continue
		}
		flags := 0
		if c.Score < ir.Infinity {
			flags = selectActive
		}
		p.addColocatedNodeScoresInto(r, c.Primary, &r.Allowed, c.NodeAttr, float32(c.Score)/float32(ir.Infinity), flags, c.ID)
	}
	for _, c := range p.withBundleColocations(r, r.WithThis, false) {
		if c.PrimRole != pcmk.RolePromoted || !p.hasInfluence(c, nil) {
			continue
		}
		p.addColocatedNodeScoresInto(r, c.Dependent, &r.Allowed, c.NodeAttr, float32(c.Score)/float32(ir.Infinity), selectActive|selectNonnegative, c.ID)
	}
	p.requirePromotionTickets(r)
	for _, inst := range r.Children {
		chosen := p.instanceNode(inst)
		switch {
		case !inst.Managed && instanceNextRole(inst) == pcmk.RolePromoted:
			inst.SortIndex = ir.Infinity
			p.explainOwnPromotionScore(inst, unmanagedPromotedCause)
		case chosen < 0 && p.target.Since(pcmk.V2_1_8):
			inst.SortIndex = -ir.Infinity
			p.explainOwnPromotionScore(inst, inactiveCause)
		case chosen < 0 || inst.SortIndex < 0:
			p.explainOwnPromotionScore(inst, nil)
		default:
			inst.SortIndex = r.Allowed.W[chosen]
			p.explainClonePromotionScore(r, inst, chosen)
		}
	}
	p.sortInstances(r.Children, func(a, b *model.Resource) int {
		switch {
		case a.SortIndex > b.SortIndex:
			return -1
		case a.SortIndex < b.SortIndex:
			return 1
		}
		ra, rb := instanceRole(a), instanceRole(b)
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return p.cmpInstance(a, b)
	})
	r.Merging = false
}

// nodeToBePromotedOn is the node an instance can be promoted on, -1 for
// none (node_to_be_promoted_on), and why not.
func (p *plan) nodeToBePromotedOn(clone, inst *model.Resource, promotedOn []int) (int, string) {
	for _, m := range inst.Children {
		if n, why := p.nodeToBePromotedOn(clone, m, promotedOn); n < 0 {
			return -1, "its member " + m.ID + " cannot be promoted: " + why
		}
	}
	node := p.instanceNode(inst)
	switch {
	case node < 0:
		return -1, "it is not placed"
	case !inst.Managed:
		if instanceRole(inst) != pcmk.RolePromoted {
			return -1, "it is unmanaged and not Promoted now"
		}
	case inst.Priority < 0:
		return -1, "its promotion priority is negative (" + inst.Priority.String() + ")"
	case !p.Nodes[node].Available():
		return -1, p.Nodes[node].Uname + " cannot run resources"
	}
	if ctr := p.guestContainer(node); ctr != nil && ctr.AssignedTo < 0 {
		return -1, p.Nodes[node].Uname + " cannot run resources: its container " + ctr.ID + " is not placed"
	}
	if !clone.Allowed.In[node] {
		return -1, clone.ID + " may not run on " + p.Nodes[node].Uname
	}
	if promotedOn[node] >= clone.CloneOpts.PromotedNodeMax && inst.Managed {
		return -1, fmt.Sprintf("promoted-node-max %d already used on %s", clone.CloneOpts.PromotedNodeMax, p.Nodes[node].Uname)
	}
	return node, ""
}

// instanceRole is an instance's current role: a group instance's is its
// members' highest.
func instanceRole(r *model.Resource) pcmk.Role {
	return highestRole(r, func(r *model.Resource) pcmk.Role { return r.Role })
}

// instanceNextRole is an instance's next role: a group instance's is its
// members' highest.
func instanceNextRole(r *model.Resource) pcmk.Role {
	return highestRole(r, func(r *model.Resource) pcmk.Role { return r.NextRole })
}

func highestRole(r *model.Resource, role func(*model.Resource) pcmk.Role) pcmk.Role {
	best := role(r)
	for _, m := range r.Children {
		best = max(best, highestRole(m, role))
	}
	return best
}

// startedAsUnpromoted renames an instance's current role Started to
// Unpromoted, as role assignment does, only when the instance as a whole
// is Started: a cloned group's member started while another member is
// Unpromoted or Promoted keeps Started, which the summary shows
// ("Started node1 -> Unpromoted node2").
func startedAsUnpromoted(inst *model.Resource) {
	if instanceRole(inst) == pcmk.RoleStarted {
		setCurrentRoleUnpromoted(inst)
	}
}

func setCurrentRoleUnpromoted(r *model.Resource) {
	if r.Role == pcmk.RoleStarted {
		r.Role = pcmk.RoleUnpromoted
	}
	for _, m := range r.Children {
		setCurrentRoleUnpromoted(m)
	}
}

func setNextRoleUnpromoted(p *plan, r *model.Resource) {
	if p.instanceNode(r) < 0 {
		r.NextRole = pcmk.RoleStopped
	} else {
		r.NextRole = pcmk.RoleUnpromoted
	}
	for _, m := range r.Children {
		setNextRoleUnpromoted(p, m)
	}
}

func setNextRolePromoted(r *model.Resource) {
	if r.NextRole == pcmk.RoleUnknown {
		r.NextRole = pcmk.RolePromoted
	}
	for _, m := range r.Children {
		setNextRolePromoted(m)
	}
}

// affectsPromotion reports whether colocation c, naming a role for its
// dependent, now bears on dep's promotion rather than its placement: dep
// is an instance of a promotable clone and already placed
// (pcmk__coloc_affects_role).
func affectsPromotion(dep *model.Resource, c *colocation) bool {
	return c.DepRole >= pcmk.RoleUnpromoted && dep.Parent != nil && dep.Parent.Promotable && !dep.Provisional
}

// applyColocToPriority adds a role colocation's score to a placed
// instance's promotion priority where it shares its node (by the
// colocation's node attribute) with the primary (pcmk__apply_coloc_to_priority).
func (p *plan) applyColocToPriority(dep, prim *model.Resource, c *colocation) {
	if p.target.Since(pcmk.V2_1_8) {
		p.applyColocToPriority218(dep, prim, c)
		return
	}
	if prim.AssignedTo < 0 || dep.AssignedTo < 0 {
		return
	}
	attr := c.NodeAttr
	if attr == "" {
		attr = "#id"
	}
	if !p.column(attr).equal(dep.AssignedTo, prim.AssignedTo) {
		if c.Score == ir.Infinity && c.DepRole == pcmk.RolePromoted {
			p.setPriority(dep, -ir.Infinity, p.roleColocationCause(c, prim, "is placed elsewhere"))
		}
		return
	}
	if c.PrimRole != pcmk.RoleUnknown && c.PrimRole != prim.NextRole {
		return
	}
	score, found := c.Score, "is placed on the same node"
	if c.DepRole == pcmk.RoleUnpromoted {
		score, found = -score, found+" (for the Unpromoted role: against promotion)"
	}
	p.addPriority(dep, score, p.roleColocationCause(c, prim, found))
}

// colocateWithPromotable applies a colocation naming a role of the
// promotable clone r, its primary: while dep is placed, to its node
// scores (pcmk__update_dependent_with_promotable); while a promotable
// dep's roles are chosen, to its priority
// (pcmk__update_promotable_dependent_priority).
func (p *plan) colocateWithPromotable(dep, r *model.Resource, c *colocation) {
	if dep.Provisional {
		var hosts []int
		weights := make([]ir.Score, len(p.Nodes))
		for _, inst := range r.Children {
			n := p.instanceNode(inst)
			if n < 0 || instanceNextRole(inst) != c.PrimRole {
				continue
			}
			if c.Score < ir.Infinity {
				p.addScoreMatchingAttr(dep, n, c)
			}
			if !slices.Contains(hosts, n) {
				hosts = append(hosts, n)
			}
			weights[n] = p.assignedWeight(inst, n)
		}
		if c.Score >= ir.Infinity && (c.DepRole != pcmk.RolePromoted || c.PrimRole != pcmk.RolePromoted) {
			cause := &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: "colocation " + c.ID + " with " + c.PrimRole.String() + " " + r.ID}
			for i, in := range dep.Allowed.In {
				switch {
				case !in:
				case slices.Contains(hosts, i):
					dep.Allowed.Add(i, weights[i], cause)
				default:
					dep.Allowed.Set(i, -ir.Infinity, cause)
				}
			}
			for _, n := range hosts {
				if !dep.Allowed.In[n] && p.colocationAddsHostNodes() {
					dep.Allowed.Insert(n, -ir.Infinity, cause)
				}
			}
		}
		return
	}
	if c.DepRole != pcmk.RolePromoted {
		return
	}
	if inst := p.compatibleInstanceInRole(dep, r, c.PrimRole); inst != nil {
		p.addPriority(dep, c.Score, p.roleColocationCause(c, inst, "is on the same node in that role"))
		p.notePriorityDelta(c.Score)
	} else if c.Score >= ir.Infinity {
		p.setPriority(dep, -ir.Infinity, p.roleColocationCause(c, r, "has no instance in that role on the same node"))
		p.notePriorityDelta(-ir.Infinity)
	}
}

// addScoreMatchingAttr adds c's score to dep's nodes that share the
// colocation's node attribute with node n (update_dependent_allowed_nodes).
func (p *plan) addScoreMatchingAttr(dep *model.Resource, n int, c *colocation) {
	attr := c.NodeAttr
	if attr == "" {
		attr = "#uname"
	}
	col := p.column(attr)
	cause := &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: "colocation " + c.ID + " with " + c.PrimRole.String() + " instance on " + p.Nodes[n].Uname}
	for i, in := range dep.Allowed.In {
		if in && col.equal(i, n) {
			dep.Allowed.Add(i, c.Score, cause)
		}
	}
}

// assignedWeight is the weight an instance had on the node it was
// assigned to: its allocated node's score when it was chosen.
func (p *plan) assignedWeight(inst *model.Resource, n int) ir.Score {
	leaf := inst
	for len(leaf.Children) > 0 {
		leaf = leaf.Children[0]
	}
	if !leaf.Managed {
		// An unmanaged instance is assigned the node it runs on as the
		// status knows it, with the node's own weight (-INFINITY once
		// offline), not its score for the instance.
		return p.Nodes[n].Weight
	}
	if leaf.AssignedTo == n {
		return leaf.AssignedWeight
	}
	if leaf.Allowed.In != nil && leaf.Allowed.In[n] {
		return leaf.Allowed.W[n]
	}
	return 0
}

// compatibleInstanceInRole finds the instance of clone r in role (any
// role for RoleUnknown) that dep pairs with (find_compatible_child).
func (p *plan) compatibleInstanceInRole(dep, r *model.Resource, role pcmk.Role) *model.Resource {
	match := func(n int) *model.Resource {
		for _, inst := range r.Children {
			if blocked(inst) || p.instanceNode(inst) != n {
				continue
			}
			if role != pcmk.RoleUnknown && instanceNextRole(inst) != role {
				continue
			}
			return inst
		}
		return nil
	}
	if n := p.instanceNode(dep); n >= 0 {
		return match(n)
	}
	for _, n := range p.sortedNodes(dep) {
		if inst := match(n); inst != nil {
			return inst
		}
	}
	return nil
}
