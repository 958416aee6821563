package planner

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// infinityHack marks a node unusable while merging scores (INFINITY_HACK).
const infinityHack = ir.Score(-100 * ir.Infinity)

const (
	selectThisWith    = 1 << 0
	selectNonnegative = 1 << 1
	selectActive      = 1 << 2
)

func (p *plan) assignAll() {
	if p.PlacementStrategy != pcmk.PlacementDefault {
		p.sortByScores()
	}
	if p.Scores.nodes == nil {
		p.Scores.start(p.Nodes, p.trails)
	}
	p.utilization.snapshot(p, "Original")
	sift := p.changeLineNodes()
	if p.hasRemoteNodes() {
		// Remote connections first (with what they take along by
		// colocation), a migrating one preferring its migration's
		// target: their nodes' state depends on them.
		for _, r := range p.Top {
			if r.RemoteNode != nil {
				prefer := -1
				if r.PartialMigration != nil {
					prefer = r.PartialMigration.Target
				}
				p.assignTop(r, prefer, sift)
			}
		}
	}
	for _, r := range p.Top {
		if r.RemoteNode == nil {
			p.assignTop(r, -1, sift)
		}
	}
	p.utilization.snapshot(p, "Remaining")
}

// assignTop assigns a top-level resource. When the plan keeps only the
// lines that explain changes (Options.changeLinesOnly), sift keeps those
// its assignment recorded as soon as it returns: every resource they are
// about is placed by then (one placed first by colocation included), so
// the nodes changeLines will name for it are known, and the tens of
// millions of lines of a clone-heavy cluster are never all held.
func (p *plan) assignTop(r *model.Resource, prefer int, sift func(run int) []bool) {
	if sift == nil {
		p.assign(r, prefer)
		return
	}
	first := p.Scores.Len()
	p.assign(r, prefer)
	p.Scores.retainSince(first, sift)
}

// changeLineNodes returns, for a run of lines, the nodes changeLines
// names for its resource (explainingNodes), or nil for all of them when
// the resource shares its id with another one (changeLines merges them
// by id); nil when the plan keeps every line.
func (p *plan) changeLineNodes() func(run int) []bool {
	if !p.opts.changeLinesOnly {
		return nil
	}
	mask := make([]bool, len(p.Nodes))
	mark := func(i int) { mask[i] = true }
	return func(run int) []bool {
		r := p.runOwners[run]
		if p.sharedIDs[r.ID] {
			return nil
		}
		clear(mask)
		explainingNodes(r, mark)
		return mask
	}
}

// show records the score lines of r and its children, in node order
// (which is natural name order, as crm_simulate prints).
func (p *plan) show(fn string, r *model.Resource) {
	if r.Orphan || p.opts.NoScores {
		return // Pacemaker prints no scores of orphans
	}
	var only map[string]bool // the nodes ScoresOf names, if it is set
	if p.opts.ScoresOf != nil {
		only = p.opts.ScoresOf[r.ID]
	}
	if p.opts.ScoresOf == nil || only != nil {
		p.Scores.startRun(fn, r.ID)
		if p.opts.changeLinesOnly {
			p.runOwners = append(p.runOwners, r)
		}
		for i := range p.Nodes {
			if !r.Allowed.In[i] || (only != nil && !only[p.Nodes[i].Uname]) {
				continue
			}
			p.Scores.add(i, &r.Allowed)
		}
	}
	for _, c := range r.Children {
		p.show(fn, c)
	}
}

func (p *plan) applyThisWith(r *model.Resource, c *colocation) {
	var archive *table
	if c.DepRole >= pcmk.RolePromoted || (c.Score < 0 && c.Score > -ir.Infinity) {
		a := r.Allowed.Clone()
		archive = &a
	}
	// The primary's own assignment is final (stop_if_fail true) even
	// while r's may be backed out.
	keep := p.keepRoleOnFail
	p.keepRoleOnFail = false
	// Since 2.1.7 only a primary not yet assigned is assigned first
	// (which only a bundle, assigned again whenever asked, tells apart).
	if !p.target.Since(pcmk.V2_1_7) || c.Primary.Provisional {
		p.assign(c.Primary, -1)
	}
	p.keepRoleOnFail = keep
	p.applyColocScore(r, c.Primary, c)
	if archive != nil && !r.Allowed.AnyAvailable(p.Nodes) {
		r.Allowed = *archive
	}
}

// colocationAffects reports whether colocation c between dep and prim
// applies now, given their roles. A preview (utilization checks, before
// either is assigned) ignores whether they are assigned yet.
func (p *plan) colocationAffects(dep, prim *model.Resource, c *colocation, preview bool) bool {
	if !preview && (prim.Provisional || !dep.Provisional) {
		return false
	}
	if p.target.Since(pcmk.V2_1_7) {
		// Since 2.1.7 a role-specific colocation, anti-colocations
		// included, applies only when the role is the one given
		// (pcmk__colocation_affects).
		// A bundle's container answers with its replica's instance's
		// role (get_resource_for_role).
		if c.DepRole != pcmk.RoleUnknown && c.DepRole != p.roleResource(dep).NextRole {
			return false
		}
		return c.PrimRole == pcmk.RoleUnknown || c.PrimRole == p.roleResource(prim).NextRole
	}
	if c.Score > 0 && c.DepRole != pcmk.RoleUnknown && c.DepRole != dep.NextRole {
		return false
	}
	if c.Score > 0 && c.PrimRole != pcmk.RoleUnknown && c.PrimRole != prim.NextRole {
		return false
	}
	if c.Score < 0 && c.DepRole != pcmk.RoleUnknown && c.DepRole == dep.NextRole {
		return false
	}
	if c.Score < 0 && c.PrimRole != pcmk.RoleUnknown && c.PrimRole == prim.NextRole {
		return false
	}
	return true
}

func (p *plan) applyColocToWeights(dep, prim *model.Resource, c *colocation) {
	attr := c.NodeAttr
	if attr == "" {
		attr = "#id"
	}
	col := p.column(attr)
	if prim.AssignedTo < 0 && c.Score < 0 {
		return
	}
	work := dep.Allowed.Clone()
	text := "colocation " + c.ID + " with " + prim.ID
	if prim.AssignedTo < 0 {
		text += " (" + prim.ID + " is not placed)"
	}
	if c.Dependent != nil && c.Dependent != dep && dep.Parent == c.Dependent && c.Dependent.CloneOpts != nil && p.target.Since(pcmk.V2_1_7) {
		// Since 2.1.7 an instance takes its clone's colocations.
		text += " (" + c.Dependent.ID + "'s, which its instances take since 2.1.7)"
	}
	cause := &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: text}
	var elsewhere *model.Cause // made when first needed
	for i, in := range work.In {
		if !in {
			continue
		}
		switch {
		case prim.AssignedTo < 0:
			work.Add(i, -c.Score, cause)
		case col.equal(i, prim.AssignedTo):
			if c.Score < ir.Infinity {
				work.Add(i, c.Score, cause)
			}
		case c.Score >= ir.Infinity:
			if elsewhere == nil {
				elsewhere = &model.Cause{Kind: model.CauseColocation, Constraint: c.ID, Text: text + " (" + prim.ID + " is on " + p.Nodes[prim.AssignedTo].Uname + ")"}
			}
			work.Add(i, -c.Score, elsewhere)
		}
	}
	if c.Score <= -ir.Infinity || c.Score >= ir.Infinity || work.AnyAvailable(p.Nodes) {
		dep.Allowed = work
	}
}

func (p *plan) hasInfluence(c *colocation, r *model.Resource) bool {
	if r == nil {
		r = c.Primary
	}
	// A bundle replica's connection (which may nest) does not pull its
	// clean container, active on one node, elsewhere: moving the
	// container interrupts the service, moving the connection does not.
	if c.Dependent.AllowRemoteRemotes && !r.Failed && len(r.RunningOn) == 1 {
		return false
	}
	return c.Influence || len(r.RunningOn) == 0
}

func (p *plan) applyWithThis(r *model.Resource, c *colocation) {
	if !p.hasInfluence(c, nil) {
		return
	}
	factor := float32(c.Score) / float32(ir.Infinity)
	t := r.Allowed
	saved := p.merging
	p.merging = c
	p.addColocatedNodeScores(c.Dependent, r.ID, &t, c.NodeAttr, factor, selectActive, c.ID)
	p.merging = saved
	r.Allowed = t
}

// addColocatedNodeScores is pcmk__add_colocated_node_scores. nodes points
// to the table being built; a nil table (nodes.W == nil) starts from rsc's
// own scores.
func (p *plan) addColocatedNodeScores(rsc *model.Resource, logID string, nodes *table, attr string, factor float32, flags int, cause string) {
	if rsc.Merging {
		return
	}
	rsc.Merging = true
	defer func() { rsc.Merging = false }()
	work, withThis, done := p.kindOf(rsc).colocatedScores(p, rsc, nodes, attr, factor, flags, cause)
	if done || work.W == nil {
		return
	}
	if work.AnyAvailable(p.Nodes) {
		multiplier := float32(1)
		if factor < 0 {
			multiplier = -1
		}
		list := withThis
		if flags&selectThisWith != 0 {
			list = p.thisWithList(rsc)
		}
		for _, c := range list {
			var other *model.Resource
			if flags&selectThisWith != 0 {
				other = c.Primary
			} else if !p.hasInfluence(c, nil) {
				continue
			} else {
				other = c.Dependent
			}
			// Before 2.1.6 only the sign of the factor carried on
			// (pcmk__add_colocated_node_scores).
			f := multiplier * float32(c.Score) / float32(ir.Infinity)
			if p.target.Since(pcmk.V2_1_6) {
				f = factor * float32(c.Score) / float32(ir.Infinity)
			}
			saved := p.merging
			p.merging = c
			p.addColocatedNodeScores(other, logID, &work, c.NodeAttr, f, flags|selectActive, c.ID)
			p.merging = saved
		}
	} else if flags&selectActive != 0 {
		return
	}
	if flags&selectNonnegative != 0 {
		var reset *model.Cause
		for i, in := range work.In {
			if in && work.W[i] == infinityHack {
				if reset == nil {
					reset = &model.Cause{Kind: model.CauseColocation, Constraint: cause, Text: "colocation " + cause + " (unusable node reset)"}
				}
				work.Set(i, 1, reset)
			}
		}
	}
	*nodes = work
}

// thisWithList is the "this with" colocations the merge follows from
// rsc: its own, and since 2.1.6, for a group's first member, the group's
// as well, also before the group's assignment hands them over
// (pcmk__group_with_colocations).
func (p *plan) thisWithList(rsc *model.Resource) []*colocation {
	parent := rsc.Parent
	if !p.target.Since(pcmk.V2_1_6) || parent == nil || parent.Kind != model.KindGroup || parent.Children[0] != rsc {
		return rsc.ThisWith
	}
	list := rsc.ThisWith
	if len(parent.ThisWith) > 0 {
		list = addColocationList(list, parent.ThisWith, cmpPrimaryPriority)
	}
	if p.target.Since(pcmk.V2_1_7) && p.groupColocated(parent) {
		// And the other members' explicit ones (see addMemberColocations).
		for _, m := range parent.Children[1:] {
			for _, c := range m.ThisWith {
				if isExplicit(c) && !slices.Contains(list, c) {
					list = insertSorted(slices.Clone(list), c, cmpPrimaryPriority)
				}
			}
		}
	}
	return list
}

// bestScoreMatchingAttr is rsc's best score in allowed (its own table, or
// one with its group's locations) on an available node whose attribute
// matches node's.
func (p *plan) bestScoreMatchingAttr(rsc *model.Resource, allowed *model.Table, col *attrColumn, node int) ir.Score {
	best := -ir.Infinity
	if p.colocReadsHosts(rsc) {
		// rsc's own nodes may be replica nodes read on their hosts.
		for i, in := range allowed.In {
			if in && allowed.W[i] > best && p.Nodes[i].Available() && col.equal(p.colocAttrNode(rsc, i), node) {
				best = allowed.W[i]
			}
		}
		return best
	}
	if col.unique {
		// Only the node itself can match (the usual #uname case).
		if allowed.In[node] && allowed.W[node] > best && p.Nodes[node].Available() {
			best = allowed.W[node]
		}
		return best
	}
	for i, in := range allowed.In {
		if in && allowed.W[i] > best && p.Nodes[i].Available() && col.equal(i, node) {
			best = allowed.W[i]
		}
	}
	return best
}

func (p *plan) addNodeScoresMatchingAttr(work *table, rsc *model.Resource, attr string, factor float32, onlyPositive bool, cause string) {
	allowed := &rsc.Allowed
	if withLocations, ok := p.withGroupLocations(rsc); ok {
		allowed = &withLocations
	}
	col := p.column(attr)
	var unusable, merged, doubleNegative *model.Cause // made when first needed
	for i, in := range work.In {
		if !in {
			continue
		}
		score := p.bestScoreMatchingAttr(rsc, allowed, col, p.colocMergeNode(i))
		avoided := factor < 0 && score < 0
		if avoided && !p.doubleNegativeCounts(rsc, cause, score) {
			continue
		}
		if work.W[i] == infinityHack {
			continue
		}
		wf := factor * float32(score)
		var weight int
		if wf < 0 {
			weight = int(float64(wf) - 0.5)
		} else {
			weight = int(float64(wf) + 0.5)
		}
		if weight == 0 && score != 0 {
			if factor > 0 {
				weight = 1
			} else if factor < 0 {
				weight = -1
			}
		}
		nw := ir.Score(weight).Add(work.W[i])
		if onlyPositive && nw < 0 && work.W[i] > 0 {
			if unusable == nil {
				unusable = &model.Cause{Kind: model.CauseColocation, Constraint: cause, Text: "colocation " + cause + " (node made unusable)"}
			}
			work.Set(i, infinityHack, unusable)
			continue
		}
		if onlyPositive && nw < 0 && work.W[i] == 0 {
			continue
		}
		switch {
		case weight != 0 && avoided:
			if doubleNegative == nil {
				doubleNegative = &model.Cause{Kind: model.CauseColocation, Constraint: cause, Text: fmt.Sprintf("colocation %s: %s's best score here x %s (%s avoids this node and can run on one node only)", cause, rsc.ID, factorText(factor), rsc.ID)}
			}
			work.Add(i, ir.Score(weight), doubleNegative)
		case weight != 0:
			if merged == nil {
				merged = &model.Cause{Kind: model.CauseColocation, Constraint: cause, Text: fmt.Sprintf("colocation %s: %s's best score here x %s", cause, rsc.ID, factorText(factor))}
			}
			work.Add(i, ir.Score(weight), merged)
		}
		work.W[i] = nw
	}
}

func factorText(f float32) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.6f", f), "0"), ".")
}

// compareNodes is compare_nodes for sorting allowed nodes.
func (p *plan) compareNodes(r *model.Resource, a, b, active int) int {
	wa, wb := -ir.Infinity, -ir.Infinity
	if p.Nodes[a].Available() {
		wa = r.Allowed.W[a]
	}
	if p.Nodes[b].Available() {
		wb = r.Allowed.W[b]
	}
	if wa > wb {
		return -1
	}
	if wa < wb {
		return 1
	}
	if p.PlacementStrategy != pcmk.PlacementMinimal {
		if p.PlacementStrategy == pcmk.PlacementBalanced {
			if c := compareCapacities(p.Nodes[a], p.Nodes[b]); c != 0 {
				return c
			}
		}
		na, nb := p.Nodes[a].NumResources, p.Nodes[b].NumResources
		if na < nb {
			return -1
		}
		if na > nb {
			return 1
		}
		if active >= 0 {
			if active == a {
				return -1
			}
			if active == b {
				return 1
			}
		}
	}
	return strings.Compare(p.Nodes[a].Uname, p.Nodes[b].Uname)
}

// bestFirst puts the best of nodes first, and the nodes as good as it by
// weight next, as sorting them with compareNodes would: all that
// assignBestNode reads. Apart from the balanced strategy's comparison of
// capacities, compareNodes is a total order (node names are unique), so one
// pass finds the best, which is what the sort, the scheduler's cost for
// every resource, would put first.
func (p *plan) bestFirst(r *model.Resource, nodes []int, active int) {
	if p.PlacementStrategy == pcmk.PlacementBalanced {
		// Comparing capacities need not be transitive: sort, as
		// Pacemaker does.
		sort.SliceStable(nodes, func(x, y int) bool { return p.compareNodes(r, nodes[x], nodes[y], active) < 0 })
		return
	}
	if len(nodes) == 0 {
		return
	}
	best := 0
	for i := 1; i < len(nodes); i++ {
		if p.compareNodes(r, nodes[i], nodes[best], active) < 0 {
			best = i
		}
	}
	nodes[0], nodes[best] = nodes[best], nodes[0]
	// Then the nodes of the same weight (assignBestNode looks among them
	// for the one the resource runs on), in any order.
	w := r.Allowed.W[nodes[0]]
	next := 1
	for i := 1; i < len(nodes); i++ {
		if r.Allowed.W[nodes[i]] == w {
			nodes[next], nodes[i] = nodes[i], nodes[next]
			next++
		}
	}
}

func (p *plan) availableWithScore(r *model.Resource, i int) bool {
	return p.Nodes[i].Available() && r.Allowed.W[i] >= 0
}

func (p *plan) assignBestNode(r *model.Resource, prefer int) bool {
	mostFree := p.banInsufficientCapacity(r)
	if prefer < 0 {
		prefer = mostFree
	}
	if !r.Provisional {
		return r.AssignedTo >= 0
	}
	active := p.currentNode(r)
	nodes := make([]int, 0, len(r.Allowed.In))
	for i, in := range r.Allowed.In {
		if in {
			nodes = append(nodes, i)
		}
	}
	p.bestFirst(r, nodes, active)
	chosen := -1
	if prefer >= 0 && len(nodes) > 0 {
		best := nodes[0]
		switch {
		case !r.Allowed.In[prefer]:
		case r.Allowed.W[prefer] < r.Allowed.W[best]:
		case !p.availableWithScore(r, prefer):
		default:
			chosen = prefer
		}
	}
	if chosen < 0 && len(nodes) > 0 {
		chosen = nodes[0]
		// A unique clone's instances do not stay where they run on a
		// tie: the clone's pre-assignment already kept those it should
		// (distribute_children up to 2.1.6, pcmk__assign_instances
		// since).
		uniqueInstance := r.Parent != nil && r.Parent.IsClone() && r.Parent.Unique
		if !uniqueInstance && r.Allowed.W[chosen] > 0 && p.Nodes[chosen].Available() {
			running := active
			if running >= 0 && (!p.Nodes[running].Available() || p.Nodes[running].Weight < 0) {
				running = -1
			}
			if running >= 0 {
				for _, i := range nodes[1:] {
					if r.Allowed.W[i] != r.Allowed.W[chosen] {
						break
					}
					if i == running {
						chosen = i
					}
				}
			}
		}
	}
	return p.finalize(r, chosen, false)
}

// finalize is pcmk__finalize_assignment.
func (p *plan) finalize(r *model.Resource, chosen int, force bool) bool {
	if !force && chosen >= 0 {
		// The graph may assume that a guest node's connection will
		// come up.
		if r.Allowed.W[chosen] < 0 || (!p.availableWithScore(r, chosen) && !p.Nodes[chosen].Guest()) {
			if !p.keepRoleOnFail {
				r.NextRole = pcmk.RoleStopped
			}
			if r.Why != "" {
				// already explained (target-role)
			} else if r.Allowed.W[chosen] < 0 {
				r.Why = fmt.Sprintf("no node has a score of 0 or more that can run resources (the best, %s, has %s)", p.Nodes[chosen].Uname, r.Allowed.W[chosen]) + p.capacityWhy(r)
			} else {
				r.Why = fmt.Sprintf("no node that can run resources is left (the best, %s, cannot)", p.Nodes[chosen].Uname) + p.capacityWhy(r)
			}
			chosen = -1
		}
	}
	p.unassign(r)
	r.Provisional = false
	if chosen < 0 {
		if !p.keepRoleOnFail {
			r.NextRole = pcmk.RoleStopped
		}
		if r.Why == "" {
			r.Why = "no node is allowed"
		}
		return false
	}
	r.Why = ""
	r.AssignedTo = chosen
	r.AssignedWeight = 0
	if r.Allowed.In != nil && r.Allowed.In[chosen] {
		r.AssignedWeight = r.Allowed.W[chosen]
	}
	n := p.Nodes[chosen]
	n.NumResources++
	for k, v := range r.Utilization {
		n.Remaining[k] = p.consumed(n.Remaining, k, v)
	}
	p.utilization.assigned(p, r, chosen)
	return true
}

func (p *plan) unassign(r *model.Resource) {
	if r.AssignedTo < 0 {
		return
	}
	n := p.Nodes[r.AssignedTo]
	r.Provisional = true
	r.AssignedTo = -1
	n.NumResources--
	for k, v := range r.Utilization {
		n.Remaining[k] = p.clampUtilization(n.Remaining[k] + v)
	}
	p.utilization.released(p, r, n.Index)
}

// doubleNegativeCounts reports whether an anti-colocated dependent's
// negative score still pushes its primary away (a "double negative"), as
// add_node_scores_matching_attr allows since 2.1.7: when the primary's
// stickiness is below it, the colocation has influence and the dependent
// is allowed on one node only, so that moving the primary keeps the
// dependent active.
//
// The colocation is the one being merged (p.merging), or, on the paths
// that do not say (a clone's instances), the one named cause that rsc or
// a resource holding it is part of.
func (p *plan) doubleNegativeCounts(rsc *model.Resource, cause string, score ir.Score) bool {
	if !p.target.Since(pcmk.V2_1_7) {
		return false
	}
	c := p.merging
	if c == nil {
		c = p.mergedColocation(rsc, cause)
	}
	if c == nil {
		return false
	}
	return c.Primary.Stickiness < -score && p.hasInfluence(c, nil) && allowedOnOne(c.Dependent)
}

// allowedOnOne is allowed_on_one: exactly one allowed node scores 0 or more.
func allowedOnOne(r *model.Resource) bool {
	n := 0
	for i, in := range r.Allowed.In {
		if in && r.Allowed.W[i] >= 0 {
			if n++; n > 1 {
				return false
			}
		}
	}
	return n == 1
}

// withGroupLocations is rsc's table with its group's location
// constraints applied, when it is the explicit dependent of the
// colocation being merged and a member after the first (which alone gets
// them, pcmk__group_apply_location), as best_node_score_matching_attr
// reads it since 2.1.8; ok is false when that is not the case. rsc itself
// keeps its own table: the rest of the merge (whether rsc is allowed on
// one node only, for a double negative) reads that one.
func (p *plan) withGroupLocations(rsc *model.Resource) (t model.Table, ok bool) {
	c := p.merging
	g := rsc.Parent
	if c == nil || !p.target.Since(pcmk.V2_1_8) || rsc != c.Dependent || !explicitColocation(c) ||
		g == nil || g.Kind != model.KindGroup || len(g.Children) == 0 || rsc == g.Children[0] {
		return model.Table{}, false
	}
	allowed, exclusive := rsc.Allowed, rsc.ExclusiveDiscovery
	rsc.Allowed = allowed.Clone()
	for _, loc := range p.locations {
		if loc.rsc == g {
			p.applyLocationTo(rsc, loc, loc.nodes)
		}
	}
	t = rsc.Allowed
	rsc.Allowed, rsc.ExclusiveDiscovery = allowed, exclusive
	return t, true
}

// mergedColocation finds the colocation named id through which rsc's
// scores are merged: one of its own, or of a resource holding it.
func (p *plan) mergedColocation(rsc *model.Resource, id string) *colocation {
	for _, c := range p.Colocations {
		if c.ID != id {
			continue
		}
		for x := rsc; x != nil; x = x.Parent {
			if c.Dependent == x || c.Primary == x {
				return c
			}
		}
	}
	return nil
}
