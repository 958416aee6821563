package planner

import (
	"slices"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Clone placement, as pcmk__clone_allocate does it: the clone's own table
// (its locations and the merged preferences of what is colocated with it)
// says where instances may go; the instances, sorted so that active ones
// come first, are placed one by one, first where they run now when that
// keeps the spread even, then anywhere.

func (clone) planned() bool { return true }

func (k clone) assign(p *plan, r *model.Resource, prefer int) int {
	if !r.Provisional || r.Allocating {
		return -1
	}
	if r.Promotable && !r.CloneOpts.PromotionAdded {
		r.CloneOpts.PromotionAdded = true
		p.addPromotionScores(r)
	}
	r.Allocating = true
	for _, c := range r.ThisWith {
		p.assign(c.Primary, prefer)
	}
	for _, c := range r.WithThis {
		if p.hasInfluence(c, nil) {
			factor := float32(c.Score) / float32(ir.Infinity)
			p.addColocatedNodeScores(c.Dependent, r.ID, &r.Allowed, c.NodeAttr, factor, selectActive|selectNonnegative, c.ID)
		}
	}
	p.show(p.kindOf(r).assignFunc(), r)
	p.sortInstances(r.Children, p.cmpInstance)
	k.assignInstances(p, r, r.Children)
	if r.Promotable {
		p.setInstanceRoles(r)
	}
	r.Provisional = false
	r.Allocating = false
	return -1
}

// distributeInstances places the clone's instances (distribute_children):
// first each active instance where it runs, as long as that node has
// fewer than its fair share, then every instance left, up to clone-max.
func (p *plan) distributeInstances(r *model.Resource, insts []*model.Resource) {
	opts := r.CloneOpts
	opts.Counts = make([]int, len(p.Nodes))
	available := 0
	for i, in := range r.Allowed.In {
		if in && p.Nodes[i].Available() {
			available++
		}
	}
	allColoc := opts.Max < available
	loopMax := 1
	if available > 0 && opts.Max/available > 1 {
		loopMax = opts.Max / available
	}
	allocated := 0
	for _, inst := range insts {
		if allocated >= opts.Max {
			break
		}
		if len(inst.RunningOn) == 0 || !inst.Provisional || inst.Failed {
			continue
		}
		cur := p.currentNode(inst)
		if n := p.Nodes[cur]; !n.Available() || n.Weight < 0 {
			continue
		}
		if r.Allowed.In[cur] && opts.Counts[cur] >= loopMax {
			continue
		}
		if p.allocateInstance(inst, cur, allColoc, opts.NodeMax) >= 0 {
			allocated++
		}
	}
	for _, inst := range insts {
		switch {
		case !inst.Provisional:
		case allocated >= opts.Max:
			p.rscLocation(inst, -1, -ir.Infinity, &model.Cause{Kind: model.CauseClone, Constraint: r.ID,
				Text: "clone:limit_reached (" + r.ID + " has clone-max=" + strconv.Itoa(opts.Max) + " instances placed)"})
		default:
			if p.allocateInstance(inst, -1, allColoc, opts.NodeMax) >= 0 {
				allocated++
			}
		}
	}
}

// allocateInstance places one instance, preferring node prefer (-1 for
// none), and returns its node (allocate_instance). With a preferred node
// the instance is placed only if that node is where it would go anyway;
// otherwise its table is restored and it waits for the second round.
func (p *plan) allocateInstance(inst *model.Resource, prefer int, allColoc bool, limit int) int {
	if !inst.Provisional {
		return p.instanceNode(inst)
	}
	if inst.Allocating {
		return -1
	}
	p.appendParentColocations(inst.Parent, inst, allColoc)
	if prefer >= 0 && (!inst.Allowed.In[prefer] || inst.Allowed.W[prefer] < 0) {
		return -1
	}
	p.canRunInstance(inst, limit)
	// Only a preferred node can send the instance back to its table as
	// it was: copy it for that case alone (a copy per instance is a
	// table per instance of every clone).
	var backup model.Table
	if prefer >= 0 {
		backup = inst.Allowed.Clone()
	}
	chosen := p.assign(inst, prefer)
	if chosen >= 0 && prefer >= 0 && chosen != prefer {
		inst.Allowed = backup
		p.unassign(inst)
		chosen = -1
	}
	if chosen >= 0 {
		if parent := inst.Parent; parent.Allowed.In[chosen] {
			parent.CloneOpts.Counts[chosen]++
		}
	}
	return chosen
}

// instanceNode is where an instance is placed: a primitive's node, or the
// one node a group instance's members are placed on (-1 when none or
// several).
func (p *plan) instanceNode(r *model.Resource) int {
	if len(r.Children) == 0 {
		return r.AssignedTo
	}
	node := -1
	for _, c := range r.Children {
		n := p.instanceNode(c)
		switch {
		case n < 0:
		case node < 0:
			node = n
		case node != n:
			return -1
		}
	}
	return node
}

// canRunInstance bans an instance from every node it may not take
// (can_run_instance): unavailable nodes, nodes the clone does not allow
// or dislikes, and nodes that already hold clone-node-max instances;
// orphans may run nowhere.
func (p *plan) canRunInstance(inst *model.Resource, limit int) {
	parent := inst.Parent
	// One cause per reason, shared by the nodes it bans: the text does
	// not name the node, and a clone's instances are banned from most
	// nodes once the others are placed (instances × nodes causes).
	var causes [5]*model.Cause
	shared := func(reason int, why func() string) *model.Cause {
		if causes[reason] == nil {
			causes[reason] = &model.Cause{Kind: model.CauseClone, Constraint: parent.ID, Text: "clone instance cannot run here: " + why()}
		}
		return causes[reason]
	}
	for i, in := range inst.Allowed.In {
		if !in {
			continue
		}
		var cause *model.Cause
		switch {
		case !p.Nodes[i].Available():
			cause = shared(0, func() string { return "the node cannot run resources" })
		case inst.Orphan:
			cause = shared(1, func() string { return "the instance is an orphan" })
		case !parent.Allowed.In[i]:
			cause = shared(2, func() string { return parent.ID + " is not allowed on the node" })
		case parent.Allowed.W[i] < 0:
			p.updateScore(inst, i, parent.Allowed.W[i], &model.Cause{Kind: model.CauseClone, Constraint: parent.ID, Text: parent.ID + " scores the node " + parent.Allowed.W[i].String()})
			cause = shared(3, func() string { return parent.ID + " has a negative score on the node" })
		case parent.CloneOpts.Counts[i] < limit:
			continue
		default:
			cause = shared(4, func() string { return "the node already holds clone-node-max=" + strconv.Itoa(limit) + " instances" })
		}
		p.updateScore(inst, i, -ir.Infinity, cause)
	}
}

// updateScore adds score to r's and its members' tables on node i where
// they have the node (common_update_score).
func (p *plan) updateScore(r *model.Resource, i int, score ir.Score, cause *model.Cause) {
	if r.Allowed.In != nil && r.Allowed.In[i] {
		r.Allowed.Add(i, score, cause)
	}
	for _, c := range r.Children {
		p.updateScore(c, i, score, cause)
	}
}

// appendParentColocations gives an instance its clone's colocations
// (append_parent_colocation): those with the clone as dependent when
// every instance cannot have a node of its own (all), else only negative
// and mandatory ones; those with the clone as primary likewise, when they
// influence the instance.
func (p *plan) appendParentColocations(parent, inst *model.Resource, all bool) {
	for _, c := range parent.ThisWith {
		if all || c.Score < 0 || c.Score == ir.Infinity {
			inst.ThisWith = insertSorted(inst.ThisWith, c, cmpPrimaryPriority)
		}
	}
	for _, c := range parent.WithThis {
		if !p.hasInfluence(c, inst) {
			continue
		}
		if all || c.Score < 0 {
			inst.WithThis = insertSorted(inst.WithThis, c, cmpDependentPriority)
		}
	}
}

// cmpInstance orders instances for placement (pcmk__cmp_instance).
func (p *plan) cmpInstance(a, b *model.Resource) int {
	na, nb := p.currentNode(a), p.currentNode(b)
	if ca, cb := len(a.RunningOn), len(b.RunningOn); ca > 0 && cb > 0 {
		switch {
		case ca < cb:
			return -1
		case ca > cb:
			return 1
		}
	}
	okA, okB := p.nodeAllowed(a, &na), p.nodeAllowed(b, &nb)
	switch {
	case okA && !okB:
		return -1
	case !okA && okB:
		return 1
	}
	switch {
	case a.Priority > b.Priority:
		return -1
	case a.Priority < b.Priority:
		return 1
	}
	switch {
	case na < 0 && nb < 0:
		return 0
	case na < 0:
		return 1
	case nb < 0:
		return -1
	}
	switch availA, availB := p.Nodes[na].Available(), p.Nodes[nb].Available(); {
	case availA && !availB:
		return -1
	case !availA && availB:
		return 1
	}
	inA, inB := a.Parent.Allowed.In[na], b.Parent.Allowed.In[nb]
	switch {
	case !inA && !inB:
		return 0
	case !inA:
		return 1
	case !inB:
		return -1
	}
	if counts := a.Parent.CloneOpts.Counts; counts != nil {
		switch {
		case counts[na] < counts[nb]:
			return -1
		case counts[na] > counts[nb]:
			return 1
		}
	}
	switch fa, fb := didFail(a), didFail(b); {
	case !fa && fb:
		return -1
	case fa && !fb:
		return 1
	}
	if c := p.cmpInstanceByColocation(a, b); c != 0 {
		return c
	}
	return instanceNumber(a.ID) - instanceNumber(b.ID)
}

// nodeAllowed clears *node when the instance's table does not allow it
// there with a non-negative score (node_is_allowed).
func (p *plan) nodeAllowed(r *model.Resource, node *int) bool {
	if *node < 0 {
		return true
	}
	if !r.Allowed.In[*node] || r.Allowed.W[*node] < 0 {
		*node = -1
		return false
	}
	return true
}

// didFail reports whether r or anything in it failed.
func didFail(r *model.Resource) bool {
	if r.Failed {
		return true
	}
	for _, c := range r.Children {
		if didFail(c) {
			return true
		}
	}
	return false
}

// cmpInstanceByColocation compares two active instances by how much the
// clone's colocations like each one's current node.
func (p *plan) cmpInstanceByColocation(a, b *model.Resource) int {
	sa, sb := p.scoreHere(a), p.scoreHere(b)
	switch {
	case sa < sb:
		return 1
	case sa > sb:
		return -1
	}
	return 0
}

// sortInstances sorts instances stably by cmp, a comparison that ends in
// cmpInstance. Comparing two instances by colocation works out each one's
// score on its node (colocatedScoreHere), a table and a walk of its
// colocations: nothing a sort changes, so each instance's is worked out
// once per sort rather than once per comparison.
func (p *plan) sortInstances(list []*model.Resource, cmp func(a, b *model.Resource) int) {
	saved := p.scoresHere
	p.scoresHere = make(map[*model.Resource]ir.Score, len(list))
	slices.SortStableFunc(list, cmp)
	p.scoresHere = saved
}

// scoreHere is colocatedScoreHere, remembered for the sort under way.
func (p *plan) scoreHere(inst *model.Resource) ir.Score {
	if p.scoresHere == nil {
		return p.colocatedScoreHere(inst)
	}
	if s, ok := p.scoresHere[inst]; ok {
		return s
	}
	s := p.colocatedScoreHere(inst)
	p.scoresHere[inst] = s
	return s
}

// colocatedScoreHere is an instance's current node's weight after the
// clone's colocations are applied to a table of that node alone
// (apply_parent_colocations).
func (p *plan) colocatedScoreHere(inst *model.Resource) ir.Score {
	cur := p.currentNode(inst)
	t := model.NewTable(len(p.Nodes), nil)
	t.In[cur] = true
	t.W[cur] = p.Nodes[cur].Weight
	thisWith, withThis := p.instanceColocations(inst)
	for _, c := range thisWith {
		p.addColocatedNodeScores(c.Primary, inst.ID, &t, c.NodeAttr, float32(c.Score)/float32(ir.Infinity), 0, c.ID)
	}
	for _, c := range withThis {
		if p.hasInfluence(c, inst) {
			p.addColocatedNodeScores(c.Dependent, inst.ID, &t, c.NodeAttr, float32(c.Score)/float32(ir.Infinity), selectNonnegative, c.ID)
		}
	}
	return t.W[cur]
}

// instanceColocations are the colocations that order an instance by its
// current node: up to 2.1.6 its clone's alone (apply_parent_colocations
// reads the parent's lists); since 2.1.7 the instance's own as well
// (pcmk__this_with_colocations and pcmk__with_this_colocations of the
// instance), which for a bundle's container are its replica's address
// and connection colocated with it, so a replica whose parts are sticky
// on its node is placed before one whose are not.
func (p *plan) instanceColocations(inst *model.Resource) (thisWith, withThis []*colocation) {
	parent := inst.Parent
	switch {
	case !p.target.Since(pcmk.V2_1_7):
		return parent.ThisWith, parent.WithThis
	case parent.CloneOpts != nil && parent.CloneOpts.ColocationsAttached:
		// The instance's lists hold its parent's already.
		return inst.ThisWith, inst.WithThis
	}
	return addColocationList(inst.ThisWith, parent.ThisWith, cmpPrimaryPriority),
		addColocationList(inst.WithThis, parent.WithThis, cmpDependentPriority)
}

// instanceNumber is the number after an instance id's last colon.
func instanceNumber(id string) int {
	i := strings.LastIndexByte(id, ':')
	n, _ := strconv.Atoi(id[i+1:])
	return n
}
