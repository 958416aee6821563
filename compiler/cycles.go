package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/internal/scc"
	"pcl/ir"
)

// This file finds orderings and colocations that loop back on themselves.
// Pacemaker accepts them, but an action ordered before itself aborts its
// scheduler (assertion lh_action != rh_action), an ordering cycle leaves
// each action of the cycle waiting on another in the transition, and a
// colocation cycle is broken at an arbitrary resource while placing
// ("Breaking dependency loop").

// constraintGraph is a directed graph over action or resource names whose
// edges remember the constraint that made them.
type constraintGraph struct {
	edges map[string][]string
	by    map[[2]string]ir.Constraint
}

func newConstraintGraph() *constraintGraph {
	return &constraintGraph{edges: map[string][]string{}, by: map[[2]string]ir.Constraint{}}
}

func (g *constraintGraph) add(from, to string, c ir.Constraint) {
	k := [2]string{from, to}
	if _, dup := g.by[k]; dup {
		return
	}
	g.by[k] = c
	g.edges[from] = append(g.edges[from], to)
}

// cycles returns the strongly connected components of more than one node,
// each sorted, in the order of their names.
func (g *constraintGraph) cycles() [][]string {
	names := sortedKeys(g.edges)
	id := map[string]int{}
	for _, n := range names {
		id[n] = len(id)
	}
	for _, n := range names {
		for _, w := range g.edges[n] {
			if _, ok := id[w]; !ok {
				id[w] = len(names)
				names = append(names, w)
			}
		}
	}
	var out [][]string
	parts := scc.Components(len(names), func(int) bool { return true }, func(v int) []int {
		var succ []int
		for _, w := range g.edges[names[v]] {
			succ = append(succ, id[w])
		}
		return succ
	})
	for _, part := range parts {
		if len(part) < 2 {
			continue
		}
		comp := make([]string, len(part))
		for i, v := range part {
			comp[i] = names[v]
		}
		sort.Strings(comp)
		out = append(out, comp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// lastConstraint is the constraint, among those making edges inside comp,
// declared last: the one that closes the cycle.
func (g *constraintGraph) lastConstraint(comp []string) ir.Constraint {
	in := map[string]bool{}
	for _, n := range comp {
		in[n] = true
	}
	var last ir.Constraint
	var lastRange hcl.Range
	for k, c := range g.by {
		if !in[k[0]] || !in[k[1]] {
			continue
		}
		r := constraintRange(c)
		// for_each instances share a range; their ids tell them apart.
		if last == nil || later(r, lastRange) || (r == lastRange && c.ConstraintID() > last.ConstraintID()) {
			last, lastRange = c, r
		}
	}
	return last
}

// constraintsIn names every constraint making an edge inside comp, in
// source order, each with where it is declared: "o1 (policy.pcl:12), o2
// (policy.pcl:20)".
func (g *constraintGraph) constraintsIn(comp []string) string {
	in := map[string]bool{}
	for _, n := range comp {
		in[n] = true
	}
	seen := map[string]bool{}
	var list []ir.Constraint
	for k, c := range g.by {
		if in[k[0]] && in[k[1]] && !seen[c.ConstraintID()] {
			seen[c.ConstraintID()] = true
			list = append(list, c)
		}
	}
	sort.Slice(list, func(i, j int) bool {
		ri, rj := constraintRange(list[i]), constraintRange(list[j])
		if ri != rj {
			return later(rj, ri)
		}
		return list[i].ConstraintID() < list[j].ConstraintID()
	})
	parts := make([]string, len(list))
	for i, c := range list {
		r := constraintRange(c)
		parts[i] = fmt.Sprintf("%s (%s:%d)", c.ConstraintID(), r.Filename, r.Start.Line)
	}
	return strings.Join(parts, ", ")
}

func later(a, b hcl.Range) bool {
	if a.Filename != b.Filename {
		return a.Filename > b.Filename
	}
	return a.Start.Byte > b.Start.Byte
}

func constraintRange(c ir.Constraint) hcl.Range {
	switch c := c.(type) {
	case *ir.Order:
		return c.DeclRange
	case *ir.Colocation:
		return c.DeclRange
	}
	return hcl.Range{}
}

func actionOr(a ir.Action, dflt ir.Action) ir.Action {
	if a == "" {
		return dflt
	}
	return a
}

// checkCycles reports self-orderings (an error: the scheduler aborts),
// ordering cycles and colocation cycles (warnings).
func (l *lowerer) checkCycles() {
	orders, colocs := newConstraintGraph(), newConstraintGraph()
	for _, c := range l.cfg.Constraints {
		switch c := c.(type) {
		case *ir.Order:
			if c.Kind == ir.KindSerialize {
				continue
			}
			l.orderEdges(orders, c)
		case *ir.Colocation:
			l.colocationEdges(colocs, c)
		}
	}
	for _, comp := range orders.cycles() {
		c := orders.lastConstraint(comp).(*ir.Order)
		l.diags = append(l.diags, warningAt(c.DeclRange, "Ordering cycle",
			"This ordering closes a cycle (%s): in Pacemaker's transition each of these actions waits for another of them, so none of them ever runs. The constraints of the cycle: %s.",
			strings.Join(comp, ", "), orders.constraintsIn(comp)))
	}
	for _, comp := range colocs.cycles() {
		c := colocs.lastConstraint(comp).(*ir.Colocation)
		l.diags = append(l.diags, warningAt(c.DeclRange, "Colocation cycle",
			"This colocation closes a cycle (%s): Pacemaker breaks the loop at whichever of them it places first and ignores the colocations back to it, so the placement depends on resource priority and order. The constraints of the cycle: %s.",
			strings.Join(comp, ", "), colocs.constraintsIn(comp)))
	}
}

func (l *lowerer) orderEdges(g *constraintGraph, c *ir.Order) {
	if len(c.Sets) == 0 {
		first := actionOr(c.FirstAction, ir.ActionStart)
		then := actionOr(c.ThenAction, first)
		if c.First == c.Then && first == then {
			l.diags = append(l.diags, errorAt(c.DeclRange, "Resource ordered before itself",
				"The %s of %q is ordered before itself; Pacemaker's scheduler aborts on such an ordering (assertion lh_action != rh_action) as soon as the action is scheduled.", first, c.First))
			return
		}
		if c.First != "" && c.Then != "" {
			g.add(c.First+" "+string(first), c.Then+" "+string(then), c)
		}
		return
	}
	var prev []string
	for _, s := range c.Sets {
		var members []string
		for i, r := range s.Resources {
			n := r + " " + string(actionOr(s.Action, ir.ActionStart))
			if i > 0 && (s.Sequential == nil || s.Sequential.Value) {
				g.add(members[len(members)-1], n, c)
			}
			members = append(members, n)
		}
		for _, p := range prev {
			for _, m := range members {
				if p != m {
					g.add(p, m, c)
				}
			}
		}
		prev = members
	}
}

func (l *lowerer) colocationEdges(g *constraintGraph, c *ir.Colocation) {
	if len(c.Sets) == 0 {
		if c.Score != nil && c.Score.Value == 0 {
			return
		}
		if c.Dependent != "" && c.Dependent == c.Primary {
			l.diags = append(l.diags, warningAt(c.DeclRange, "Resource colocated with itself",
				"%q is colocated with itself; Pacemaker breaks this dependency loop and ignores the colocation.", c.Dependent))
			return
		}
		if c.Dependent != "" && c.Primary != "" {
			g.add(c.Dependent, c.Primary, c)
		}
		return
	}
	// Within a sequential set each member depends on the one before it;
	// each set depends on the set after it.
	for i, s := range c.Sets {
		if s.Sequential == nil || s.Sequential.Value {
			for j := 1; j < len(s.Resources); j++ {
				if s.Resources[j] != s.Resources[j-1] {
					g.add(s.Resources[j], s.Resources[j-1], c)
				}
			}
		}
		if i+1 < len(c.Sets) {
			for _, d := range s.Resources {
				for _, p := range c.Sets[i+1].Resources {
					if d != p {
						g.add(d, p, c)
					}
				}
			}
		}
	}
}
