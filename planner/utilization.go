package planner

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// compareCapacities is pcmk__compare_node_capacities: negative when a has
// more free capacity than b.
func compareCapacities(a, b *model.Node) int {
	result := 0
	for k, va := range a.Remaining {
		vb := b.Remaining[k]
		if va > vb {
			result--
		} else if va < vb {
			result++
		}
	}
	for k, vb := range b.Remaining {
		if _, ok := a.Remaining[k]; ok {
			continue
		}
		if 0 > vb {
			result--
		} else if 0 < vb {
			result++
		}
	}
	return result
}

func haveEnoughCapacity(n *model.Node, need map[string]int) bool {
	for k, v := range need {
		if v > n.Remaining[k] {
			return false
		}
	}
	return true
}

// shortfalls are the capacities of n smaller than need, by name.
func shortfalls(n *model.Node, need map[string]int) []model.Shortfall {
	var out []model.Shortfall
	for k, v := range need {
		if v > n.Remaining[k] {
			out = append(out, model.Shortfall{Name: k, Need: v, Left: n.Remaining[k], Capacity: n.Capacity[k]})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// colocatedChain is pcmk__colocated_resources.
func (p *plan) colocatedChain(r, orig *model.Resource, list []*model.Resource) []*model.Resource {
	if orig == nil {
		orig = r
	}
	for _, x := range list {
		if x == r {
			return list
		}
	}
	list = append(list, r)
	for _, c := range r.ThisWith {
		if c.Primary == orig {
			continue
		}
		if c.Score == ir.Infinity && p.colocationAffects(r, c.Primary, c, true) {
			list = p.colocatedResources(c.Primary, orig, list)
		}
	}
	for _, c := range r.WithThis {
		if c.Dependent == orig {
			continue
		}
		if r.IsClone() && !c.Dependent.IsClone() {
			continue // whether the dependent will be colocated is not known
		}
		if c.Score == ir.Infinity && p.colocationAffects(c.Dependent, r, c, true) {
			list = p.colocatedResources(c.Dependent, orig, list)
		}
	}
	return list
}

// banInsufficientCapacity is pcmk__ban_insufficient_capacity; it returns
// the node with the most free capacity when no node can take the resource
// with everything colocated with it.
func (p *plan) banInsufficientCapacity(r *model.Resource) int {
	if p.PlacementStrategy == pcmk.PlacementDefault {
		return -1
	}
	rs := p.colocatedResources(r, nil, nil)
	need := map[string]int{}
	for _, x := range rs {
		p.addUtilization(x, rs, need)
	}
	anyCapable := false
	most := -1
	for _, i := range p.allowedHashOrder(r) {
		if !p.availableWithScore(r, i) {
			continue
		}
		if haveEnoughCapacity(p.Nodes[i], need) {
			anyCapable = true
		}
		if most < 0 || compareCapacities(p.Nodes[i], p.Nodes[most]) < 0 {
			most = i
		}
	}
	ban := need
	var with []string
	if anyCapable {
		for _, x := range rs {
			if x != r {
				with = append(with, x.ID)
			}
		}
	} else {
		ban = r.Utilization
	}
	r.CapacityBans = nil
	for i, in := range r.Allowed.In {
		if in && p.availableWithScore(r, i) && !haveEnoughCapacity(p.Nodes[i], ban) {
			b := model.CapacityBan{Node: i, Short: shortfalls(p.Nodes[i], ban), With: with}
			r.CapacityBans = append(r.CapacityBans, b)
			p.rscLocation(r, i, -ir.Infinity, &model.Cause{Kind: model.CauseUtilization,
				Text: "not enough capacity (placement-strategy=" + string(p.PlacementStrategy) + "): " + b.Text()})
		}
	}
	if anyCapable {
		return -1
	}
	return most
}

// capacityWhy is what a resource left without a node adds to its
// reason when nodes were banned from it for want of capacity: each, with
// which capacity fell short, what the resource needs and what is left
// ("; not enough capacity (placement-strategy=utilization) on n2, cpu:
// needs 2, 0 left of 2"). "" when none was.
func (p *plan) capacityWhy(r *model.Resource) string {
	var parts []string
	for _, b := range r.CapacityBans {
		parts = append(parts, "on "+p.Nodes[b.Node].Uname+", "+b.Text())
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("; not enough capacity (placement-strategy=%s) %s", p.PlacementStrategy, strings.Join(parts, "; "))
}

// sortByScores is pcmk__sort_resources, used with a placement strategy.
func (p *plan) sortByScores() {
	nodes := make([]int, len(p.Nodes))
	for i := range nodes {
		nodes[i] = i
	}
	sort.SliceStable(nodes, func(x, y int) bool {
		a, b := p.Nodes[nodes[x]], p.Nodes[nodes[y]]
		wa, wb := -ir.Infinity, -ir.Infinity
		if a.Available() {
			wa = a.Weight
		}
		if b.Available() {
			wb = b.Weight
		}
		if wa != wb {
			return wa > wb
		}
		if p.PlacementStrategy == pcmk.PlacementBalanced {
			if c := compareCapacities(a, b); c != 0 {
				return c < 0
			}
		}
		return a.Uname < b.Uname
	})
	tables := map[*model.Resource]table{}
	for _, r := range p.Top {
		var t table
		p.addColocatedNodeScores(r, r.ID, &t, "", 1, selectThisWith, "")
		tables[r] = t
	}
	weight := func(t table, i int) ir.Score {
		if i < 0 || t.W == nil || !t.In[i] {
			return -ir.Infinity
		}
		return t.W[i]
	}
	sort.SliceStable(p.Top, func(x, y int) bool {
		a, b := p.Top[x], p.Top[y]
		if a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		ta, tb := tables[a], tables[b]
		ca, cb := -1, -1
		if len(a.RunningOn) > 0 {
			ca = p.currentNode(a)
		}
		if len(b.RunningOn) > 0 {
			cb = p.currentNode(b)
		}
		if wa, wb := weight(ta, ca), weight(tb, cb); wa != wb {
			return wa > wb
		}
		for _, i := range nodes {
			if wa, wb := weight(ta, i), weight(tb, i); wa != wb {
				return wa > wb
			}
		}
		return false
	})
}

// consumed is what is left of a node's capacity name (in left) once a
// resource takes need of it, as pcmk__consume_node_capacity computes it:
// up to 2.1.x a name the node lacks is left at 0; since 3.0.0 it goes
// below 0 like any other, and results are kept within a C int.
func (p *plan) consumed(left map[string]int, name string, need int) int {
	cur, ok := left[name]
	if !ok && !p.target.Since(pcmk.V3_0_0) {
		return 0
	}
	return p.clampUtilization(cur - need)
}

// clampUtilization keeps a computed capacity within a C int since 3.0.0
// (which clamps rather than overflows).
func (p *plan) clampUtilization(v int) int {
	if !p.target.Since(pcmk.V3_0_0) {
		return v
	}
	return min(max(v, math.MinInt32), math.MaxInt32)
}
