package transition

import (
	"sort"

	"pcl/internal/scc"
	"pcl/ir"
)

// explainStall lists the stalled actions, the ordering cycles among them
// and the inputs outside the graph they wait on.
func (t *Transition) explainStall(e *Execution, done []bool, pos []int32) {
	stalled := make([]bool, len(t.Actions))
	missing := map[int32]bool{}
	for _, id := range t.synapses {
		if done[id] {
			continue
		}
		stalled[id] = true
		e.Stalled = append(e.Stalled, t.Actions[id])
		for _, in := range t.Actions[id].Before {
			if in.Dumped && pos[in.Action] == 0 {
				missing[in.Action] = true
			}
		}
	}
	for id := range t.Actions {
		if missing[int32(id)] {
			e.Missing = append(e.Missing, t.Actions[id])
		}
	}
	e.Cycles = t.cycles(stalled)
}

// cycles finds the strongly connected parts of the graph's orderings among
// the stalled actions and gives one cycle through each, starting at its
// lowest id.
func (t *Transition) cycles(in []bool) []Cycle {
	var out []Cycle
	parts := scc.Components(len(t.Actions), func(v int) bool { return in[v] }, func(v int) []int {
		var before []int
		for _, e := range t.Actions[v].Before {
			if e.Dumped && in[e.Action] {
				before = append(before, int(e.Action))
			}
		}
		return before
	})
	for _, part := range parts {
		ids := make([]int32, len(part))
		for i, v := range part {
			ids[i] = int32(v)
		}
		if c := t.cycleThrough(ids); c != nil {
			out = append(out, Cycle{Actions: c, Constraints: t.cycleConstraints(c)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Actions[0].ID < out[j].Actions[0].ID })
	return out
}

// cycleConstraints names the configured order constraints behind a
// cycle's orderings: for each action and the next, those that order the
// first's resource (or a resource it belongs to) before the second's,
// directly, in reverse for a symmetrical constraint's stops, or through a
// set.
func (t *Transition) cycleConstraints(cycle []*Action) []string {
	var out []string
	seen := map[string]bool{}
	for i, first := range cycle {
		then := cycle[(i+1)%len(cycle)]
		if first.Rsc == nil || then.Rsc == nil {
			continue
		}
		for _, o := range t.orders {
			if !seen[o.ID] && orders(o.Order, first.Rsc, then.Rsc) {
				seen[o.ID] = true
				out = append(out, o.ID)
			}
		}
	}
	return out
}

// orders reports whether order constraint o puts resource first (or one
// of its parents) before then, in either direction of the constraint: a
// symmetrical constraint also orders the stops the other way round.
func orders(o *ir.Order, first, then *Resource) bool {
	in := func(r *Resource, id string) bool {
		for ; r != nil; r = r.Parent {
			if r.ID == id {
				return true
			}
		}
		return false
	}
	if len(o.Sets) == 0 {
		return (in(first, o.First) && in(then, o.Then)) || (in(first, o.Then) && in(then, o.First))
	}
	pos := func(r *Resource) (set, member int) {
		for i, s := range o.Sets {
			for j, id := range s.Resources {
				if in(r, id) {
					return i, j
				}
			}
		}
		return -1, -1
	}
	fs, fm := pos(first)
	ts, tm := pos(then)
	return fs >= 0 && ts >= 0 && (fs != ts || fm != tm)
}

// cycleThrough gives a shortest cycle through the lowest action of a
// strongly connected part, in execution order (each action ordered before
// the next), nil when the part is one action not ordered after itself.
func (t *Transition) cycleThrough(part []int32) []*Action {
	member := map[int32]bool{}
	start := part[0]
	for _, id := range part {
		member[id] = true
		if id < start {
			start = id
		}
	}
	// Breadth-first along "ordered before" edges (Before) from start back
	// to start: the path found runs against execution order.
	prev := map[int32]int32{}
	queue := []int32{start}
	found := false
	for len(queue) > 0 && !found {
		v := queue[0]
		queue = queue[1:]
		for _, e := range t.Actions[v].Before {
			w := e.Action
			if !e.Dumped || !member[w] {
				continue
			}
			if w == start {
				prev[start] = v
				found = true
				break
			}
			if _, seen := prev[w]; !seen {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	if !found {
		return nil
	}
	// prev[w] = v means w is ordered before v: following prev from start
	// walks the cycle in execution order.
	cycle := []*Action{t.Actions[start]}
	for v := prev[start]; v != start; v = prev[v] {
		cycle = append(cycle, t.Actions[v])
	}
	return cycle
}
