package planner

import (
	"slices"
	"strconv"

	"pcl/ir"
	"pcl/planner/model"
)

// Clone instance assignment as Pacemaker 2.1.7 rewrote it
// (pcmk__assign_instances in pcmk_sched_instances.c). Against 2.1.5's
// distribute_children:
//   - an instance's colocations are its own and all of its clone's
//     (pcmk__primitive_with_colocations asks the parent), not a filtered
//     copy appended at assignment;
//   - an early assignment to the instance's current node that ends on
//     another node reserves that node and retries, up to the number of
//     instances still to place, and is then backed out without stopping
//     the instance (stop_if_fail false);
//   - the early pass gives each node at most its fair share
//     (clone-max / available nodes) of instances.
// Bundles' replicas go through the same function in Pacemaker; here it
// serves clones, promotable ones included.

// assignInstances places the clone's sorted instances
// (pcmk__assign_instances): first each active, healthy instance on its
// current node, then every instance left, up to clone-max.
func (p *plan) assignInstances(r *model.Resource, insts []*model.Resource) {
	opts := r.CloneOpts
	opts.Counts = make([]int, len(p.Nodes))
	p.attachParentColocations(r, insts)
	available := 0
	for i, in := range r.Allowed.In {
		if in && p.Nodes[i].Available() {
			available++
		}
	}
	optimal := 1
	if available > 0 && opts.Max/available > 1 {
		optimal = opts.Max / available
	}
	assigned := 0
	for _, inst := range insts {
		if assigned >= opts.Max {
			break
		}
		if !inst.Provisional {
			continue
		}
		if cur := p.preferredNode(inst, optimal); cur >= 0 && p.assignInstanceEarly(inst, cur, opts.NodeMax, opts.Max-assigned) {
			assigned++
		}
	}
	for _, inst := range insts {
		switch {
		case !inst.Provisional:
		case assigned >= opts.Max:
			p.rscLocation(inst, -1, -ir.Infinity, &model.Cause{Kind: model.CauseClone, Constraint: r.ID,
				Text: "collective_limit_reached (" + r.ID + " has clone-max=" + strconv.Itoa(opts.Max) + " instances placed)"})
		default:
			if p.assignInstance(inst, -1, opts.NodeMax) >= 0 {
				assigned++
			}
		}
	}
}

// attachParentColocations gives each instance its clone's colocations as
// pcmk__this_with_colocations and pcmk__with_this_colocations list them
// for an instance: the instance's own, then every one of the clone's.
// pcmk__add_this_with_list copies the clone's list when the instance has
// none of its own, and otherwise inserts the clone's first colocation once
// for each of the clone's colocations (it reads addition->data in its
// loop); both are kept.
func (p *plan) attachParentColocations(r *model.Resource, insts []*model.Resource) {
	r.CloneOpts.ColocationsAttached = true
	for _, inst := range insts {
		inst.ThisWith = addColocationList(inst.ThisWith, r.ThisWith, cmpPrimaryPriority)
		inst.WithThis = addColocationList(inst.WithThis, r.WithThis, cmpDependentPriority)
	}
}

func addColocationList(list, addition []*colocation, cmp func(a, b *colocation) int) []*colocation {
	if len(list) == 0 {
		return append([]*colocation(nil), addition...)
	}
	list = slices.Clone(list) // the caller's list stays as it is
	for range addition {
		list = insertSorted(list, addition[0], cmp)
	}
	return list
}

// preferredNode is the node an instance should be tried on early
// (preferred_node): its current node, when it is active, healthy and
// not yet placed, the node can run resources, and the node does not yet
// hold its fair share of instances; -1 otherwise.
func (p *plan) preferredNode(inst *model.Resource, optimal int) int {
	if len(inst.RunningOn) == 0 || !inst.Provisional || inst.Failed {
		return -1
	}
	cur := p.currentNode(inst)
	if cur < 0 {
		return -1
	}
	if n := p.Nodes[cur]; !n.Available() || n.Weight < 0 {
		return -1
	}
	parent := inst.Parent
	if parent.Allowed.In[cur] && parent.CloneOpts.Counts[cur] >= optimal {
		return -1
	}
	return cur
}

// assignInstanceEarly tries to place an instance on its current node
// (assign_instance_early). When the instance would rather go elsewhere,
// that node is reserved in a scratch copy of the clone's counts and the
// instance tried again, until it lands on its current node, fails, or
// as many nodes as instances left to place are reserved; its tables are
// restored after every try that did not land, and the clone's counts
// after all of them.
func (p *plan) assignInstanceEarly(inst *model.Resource, cur, nodeMax, available int) bool {
	if !inst.Allowed.In[cur] || !p.Nodes[cur].Available() || inst.Allowed.W[cur] < 0 {
		return false
	}
	backup := backupTables(inst)
	parent := inst.Parent
	counts := parent.CloneOpts.Counts
	parent.CloneOpts.Counts = append([]int(nil), counts...)
	keep := p.keepRoleOnFail
	p.keepRoleOnFail = true
	chosen := -1
	for reserved := 0; reserved < available; {
		chosen = p.assignInstance(inst, cur, nodeMax)
		if chosen == cur {
			break
		}
		restoreTables(inst, backup)
		if chosen < 0 {
			// Only the instance is marked unassigned again: a cloned
			// group's members keep their (empty) assignment.
			inst.Provisional = true
			break
		}
		reserved++
		p.unassignAll(inst)
		chosen = -1
	}
	p.keepRoleOnFail = keep
	parent.CloneOpts.Counts = counts
	if chosen < 0 {
		return false
	}
	if parent.Allowed.In[chosen] {
		counts[chosen]++
	}
	return true
}

// assignInstance bans an instance from the nodes it may not take and
// places it, preferring node prefer (-1 for none); the clone counts the
// node chosen (assign_instance).
func (p *plan) assignInstance(inst *model.Resource, prefer, nodeMax int) int {
	if inst.Allocating {
		return -1
	}
	p.banUnavailableAllowedNodes(inst, nodeMax)
	chosen := p.assign(inst, prefer)
	if chosen >= 0 && inst.Parent.Allowed.In[chosen] {
		inst.Parent.CloneOpts.Counts[chosen]++
	}
	return chosen
}

// banUnavailableAllowedNodes sets an instance's score, and its members',
// to -INFINITY on every node it may not take
// (ban_unavailable_allowed_nodes, can_run_instance): every node for an
// orphan, nodes that cannot run resources, nodes the clone does not allow
// or scores below 0, and nodes that already hold clone-node-max
// instances.
func (p *plan) banUnavailableAllowedNodes(inst *model.Resource, limit int) {
	parent := inst.Parent
	// One cause per reason that does not name a score, shared by the
	// nodes it bans (as canRunInstance does).
	var causes [4]*model.Cause
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
		case inst.Orphan:
			cause = shared(0, func() string { return "the instance is an orphan" })
		case !p.Nodes[i].Available():
			cause = shared(1, func() string { return "the node cannot run resources" })
		case !parent.Allowed.In[i]:
			cause = shared(2, func() string { return parent.ID + " is not allowed on the node" })
		case parent.Allowed.W[i] < 0:
			cause = &model.Cause{Kind: model.CauseClone, Constraint: parent.ID, Text: "clone instance cannot run here: " + parent.ID + " scores the node " + parent.Allowed.W[i].String()}
		case parent.CloneOpts.Counts[i] < limit:
			continue
		default:
			cause = shared(3, func() string { return "the node already holds clone-node-max=" + strconv.Itoa(limit) + " instances" })
		}
		inst.Allowed.Set(i, -ir.Infinity, cause)
		for _, m := range inst.Children {
			if m.Allowed.In != nil && m.Allowed.In[i] {
				m.Allowed.Set(i, -ir.Infinity, cause)
			}
		}
	}
}

// backupTables copies the allowed-node tables of r and its descendants
// (pcmk__copy_node_tables).
func backupTables(r *model.Resource) map[*model.Resource]table {
	b := map[*model.Resource]table{}
	var walk func(*model.Resource)
	walk = func(x *model.Resource) {
		b[x] = x.Allowed.Clone()
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(r)
	return b
}

// restoreTables puts back the tables backupTables copied
// (pcmk__restore_node_tables).
func restoreTables(r *model.Resource, b map[*model.Resource]table) {
	if t, ok := b[r]; ok {
		r.Allowed = t.Clone()
	}
	for _, c := range r.Children {
		restoreTables(c, b)
	}
}

// unassignAll takes back r's and its members' assignment and makes them
// provisional again (pcmk__unassign_resource).
func (p *plan) unassignAll(r *model.Resource) {
	p.unassign(r)
	r.Provisional = true
	for _, c := range r.Children {
		p.unassignAll(c)
	}
}
