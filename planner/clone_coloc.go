package planner

import (
	"fmt"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"slices"
	"sort"
	"strings"
)

// The clone's side of colocations, and the rest of its placement
// behaviour.

// colocateAsDependent does nothing: a clone's colocations as dependent
// are copied to its instances, which apply them as primitives do.
func (clone) colocateAsDependent(*plan, *model.Resource, *model.Resource, *colocation) {}

// colocateAsPrimary applies colocation c to the primitive dep on behalf of
// clone r (pcmk__clone_apply_coloc_score): paired with the one instance on
// dep's node when dep's clone interleaves, else against the nodes holding
// instances (mandatory) or each instance in turn (finite scores).
func (clone) colocateAsPrimary(p *plan, dep, r *model.Resource, c *colocation) {
	if r.Provisional {
		return
	}
	if r.Promotable && c.PrimRole != pcmk.RoleUnknown && (dep.Provisional || c.DepRole == pcmk.RolePromoted) {
		p.colocateWithPromotable(dep, r, c)
		return
	}
	if p.interleaves(c) {
		if inst := p.compatibleInstance(dep, r); inst != nil {
			p.kindOf(dep).colocateAsDependent(p, dep, inst, c)
		} else if c.Score >= ir.Infinity {
			p.assignLeaves(dep, -1)
		}
		return
	}
	if c.Score >= ir.Infinity {
		hosts := make([]bool, len(p.Nodes))
		for _, inst := range r.Children {
			if n := p.instanceNode(inst); n >= 0 && !blocked(inst) {
				hosts[n] = true
			}
		}
		cause := &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: "colocation " + c.ID + " with " + r.ID + " (no instance of " + r.ID + " here)"}
		p.intersectHostNodes(dep, hosts, cause)
		return
	}
	for _, inst := range r.Children {
		p.kindOf(inst).colocateAsPrimary(p, dep, inst, c)
	}
}

// interleaves reports whether colocation c pairs instances one to one:
// its dependent is a clone with interleave=true and both clones allow the
// same number of instances per node.
func (p *plan) interleaves(c *colocation) bool {
	dep := c.Dependent
	if dep.Kind != model.KindClone || !isTrueDefault(dep.Meta["interleave"], false) {
		return false
	}
	if p.target.Since(pcmk.V2_1_7) && dep.CloneOpts != nil && c.Primary.CloneOpts != nil {
		// Since 2.1.7 the clones' effective clone-node-max are compared
		// (max_per_node: 1 for an anonymous clone whatever it says).
		return dep.CloneOpts.NodeMax == c.Primary.CloneOpts.NodeMax
	}
	return copiesPerNode(dep) == copiesPerNode(c.Primary)
}

// copiesPerNode is a clone's clone-node-max as configured (1 when unset).
func copiesPerNode(r *model.Resource) int {
	if v, ok := r.Meta["clone-node-max"]; ok {
		return scanMinInt(v, 0)
	}
	return 1
}

// compatibleInstance finds the instance of clone r that dep pairs with
// (find_compatible_child): the one placed on dep's node, or when dep has
// no node yet, the first placed on the first of dep's nodes, best first.
func (p *plan) compatibleInstance(dep, r *model.Resource) *model.Resource {
	if n := p.instanceNode(dep); n >= 0 {
		return p.instanceOn(r, n)
	}
	for _, n := range p.sortedNodes(dep) {
		if inst := p.instanceOn(r, n); inst != nil {
			return inst
		}
	}
	return nil
}

// sortedNodes are r's allowed nodes, best first, all of them in order
// (pcmk__sort_nodes without an active node): unlike bestFirst, which only
// needs the best ones, callers here walk the whole list.
func (p *plan) sortedNodes(r *model.Resource) []int {
	var nodes []int
	for i, in := range r.Allowed.In {
		if in {
			nodes = append(nodes, i)
		}
	}
	sort.SliceStable(nodes, func(x, y int) bool { return p.compareNodes(r, nodes[x], nodes[y], -1) < 0 })
	return nodes
}

// instanceOn is the first instance of clone r placed on node n that is
// not blocked.
func (p *plan) instanceOn(r *model.Resource, n int) *model.Resource {
	for _, inst := range r.Children {
		if !blocked(inst) && p.instanceNode(inst) == n {
			return inst
		}
	}
	return nil
}

// blocked reports whether r or any of its members is blocked.
func blocked(r *model.Resource) bool {
	if r.Blocked {
		return true
	}
	for _, c := range r.Children {
		if blocked(c) {
			return true
		}
	}
	return false
}

// assignLeaves assigns r, or each of its members, to node n (-1: none),
// forced (pcmk__assign_resource).
func (p *plan) assignLeaves(r *model.Resource, n int) {
	if len(r.Children) == 0 {
		// Always final (stop_if_fail true), even inside an instance's
		// early assignment.
		keep := p.keepRoleOnFail
		p.keepRoleOnFail = false
		p.finalize(r, n, true)
		p.keepRoleOnFail = keep
		return
	}
	for _, c := range r.Children {
		p.assignLeaves(c, n)
	}
}

func (clone) colocatedScores(p *plan, rsc *model.Resource, nodes *table, attr string, factor float32, flags int, cause string) (table, []*colocation, bool) {
	return primitive{}.colocatedScores(p, rsc, nodes, attr, factor, flags, cause)
}

func (clone) colocatedResources(p *plan, r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	return p.colocatedChain(r, orig, list)
}

// addUtilization adds an instance's needs: of the instance already in all
// (or whose member is), else of the first instance.
func (clone) addUtilization(p *plan, r *model.Resource, all []*model.Resource, need map[string]int) {
	if !r.Provisional {
		return
	}
	existing := false
	for _, inst := range r.Children {
		if slices.Contains(all, inst) {
			existing = true
			continue
		}
		for _, m := range inst.Children {
			if slices.Contains(all, m) {
				p.addUtilization(inst, all, need)
				existing = true
				break
			}
		}
	}
	if !existing && len(r.Children) > 0 {
		p.addUtilization(r.Children[0], all, need)
	}
}

// applyLocation applies a location to the clone and each instance.
func (clone) applyLocation(p *plan, r *model.Resource, loc *location, nodes []locNode) {
	p.applyLocationTo(r, loc, nodes)
	for _, inst := range r.Children {
		p.applyLocation(inst, loc, nodes)
	}
}

// internalConstraints adds each instance's own constraints (a cloned
// group's members are colocated within each instance), as
// clone_internal_constraints does.
func (clone) internalConstraints(p *plan, r *model.Resource) {
	for _, inst := range r.Children {
		p.kindOf(inst).internalConstraints(p, inst)
	}
}

// placement of a clone counts its placed instances and names their nodes
// in node order: "2/3 n1 n2" (clone-max 3, two placed).
func (clone) placement(p *plan, r *model.Resource) (string, string) {
	on := make([]bool, len(p.Nodes))
	placed := 0
	for _, inst := range r.Children {
		if inst.Orphan {
			continue
		}
		if n := p.instanceNode(inst); n >= 0 {
			placed++
			on[n] = true
		}
	}
	where := fmt.Sprintf("%d/%d", placed, r.CloneOpts.Max)
	if placed > 0 {
		where += " " + p.nodeList(on)
	}
	why := ""
	if placed < r.CloneOpts.Max {
		why = fmt.Sprintf("%d of %d instances cannot be placed", r.CloneOpts.Max-placed, r.CloneOpts.Max)
	}
	if r.Promotable {
		where += promotedText(p, r)
	}
	return where, why
}

// running counts the clone's active instances and names their nodes in
// node order, as placement does for the placed ones: "2/3 n1 n2 (Promoted
// n1)".
func (clone) running(p *plan, r *model.Resource) Running {
	on := make([]bool, len(p.Nodes))
	promoted := make([]bool, len(p.Nodes))
	lost := make([]bool, len(p.Nodes))
	failed := false
	var run Running
	for _, inst := range r.Children {
		n := instanceRunningNode(inst)
		if n < 0 {
			continue
		}
		if !instanceActive(p, inst) {
			lost[n] = true
			failed = failed || didFail(inst)
			run.Lost++
			continue
		}
		run.Instances++
		on[n] = true
		if highestRole(inst, func(r *model.Resource) pcmk.Role { return r.Role }) == pcmk.RolePromoted {
			run.Promoted++
			promoted[n] = true
		}
	}
	if run.Instances > 0 {
		run.Where = fmt.Sprintf("%d/%d %s", run.Instances, r.CloneOpts.Max, p.nodeList(on))
		if run.Promoted > 0 {
			run.Where += " (Promoted " + p.nodeList(promoted) + ")"
		}
	}
	if failed {
		run.Where = withLost(run.Where, "FAILED on "+p.nodeList(lost)+", which is down")
	}
	return run
}

// instanceActive reports whether crm_mon counts a clone instance with a
// history active (active; a cloned group's when every member is).
func instanceActive(p *plan, inst *model.Resource) bool {
	if len(inst.Children) == 0 {
		return p.active(inst)
	}
	for _, m := range inst.Children {
		if !instanceActive(p, m) {
			return false
		}
	}
	return true
}

// instanceRunningNode is the node a clone instance is active on: a
// primitive's, or the one node every member of a cloned group's instance
// is active on; -1 for none.
func instanceRunningNode(r *model.Resource) int {
	if len(r.Children) == 0 {
		if len(r.RunningOn) == 0 {
			return -1
		}
		return r.RunningOn[0]
	}
	node := -1
	for _, m := range r.Children {
		switch n := instanceRunningNode(m); {
		case n < 0:
			return -1
		case node < 0:
			node = n
		case node != n:
			return -1
		}
	}
	return node
}

// promotedText is " (Promoted n1 ...)" for a promotable clone whose
// instances are to be promoted, in node order, and "" when none is.
func promotedText(p *plan, r *model.Resource) string {
	promoted := make([]bool, len(p.Nodes))
	any := false
	for _, inst := range r.Children {
		if inst.Orphan || instanceNextRole(inst) != pcmk.RolePromoted {
			continue
		}
		if n := p.instanceNode(inst); n >= 0 {
			promoted[n] = true
			any = true
		}
	}
	if !any {
		return ""
	}
	return " (Promoted " + p.nodeList(promoted) + ")"
}

// nodeList names the nodes marked in on, in node order, space-separated.
func (p *plan) nodeList(on []bool) string {
	var names []string
	for i, yes := range on {
		if yes {
			names = append(names, p.Nodes[i].Uname)
		}
	}
	return strings.Join(names, " ")
}

// colocationAddsHostNodes reports whether a mandatory colocation with a
// clone adds the nodes holding the clone's instances that its dependent
// does not have yet, banned (node_list_exclude, until 2.1.6); since 2.1.7
// pcmk__colocation_intersect_nodes only changes the nodes the dependent
// has.
func (p *plan) colocationAddsHostNodes() bool {
	return !p.target.Since(pcmk.V2_1_7)
}

// intersectHostNodes bans dependent dep, of a mandatory colocation with a
// collective resource, from every node that hosts none of its instances
// or replicas (hosts). Until 2.1.6 node_list_exclude also added the hosts
// the dependent lacked, at -INFINITY; since 2.1.7
// pcmk__colocation_intersect_nodes only bans.
func (p *plan) intersectHostNodes(dep *model.Resource, hosts []bool, cause *model.Cause) {
	for i, host := range hosts {
		if !dep.Allowed.In[i] && host && p.colocationAddsHostNodes() {
			dep.Allowed.Insert(i, -ir.Infinity, cause)
		}
	}
	for i, in := range dep.Allowed.In {
		if in && !hosts[i] {
			dep.Allowed.Set(i, -ir.Infinity, cause)
		}
	}
}
