package planner

import (
	"slices"
	"strings"

	"pcl/ir"
	"pcl/planner/model"
)

// Explain returns res with the explanations lines names: the score lines
// of resource id on node name where lines[id][name], each with its trail,
// and every promotion line with its trail. res must be Schedule(cib, opts)'s result
// (with or without scores and trails); the rest of it is kept as it is.
//
// It is for an output that explains a few changes by their scores (the
// text plan) when the lines Schedule kept with Options.ExplainChanges do
// not cover them (Result.ExplainsLine): which resources change is known only
// once the transition is scheduled. The placement is computed once more
// with trails, the transition is not. Placement does not depend on
// whether trails or score lines are recorded, and the second run
// evaluates rules at the time the first did (res.Now), so the lines are
// those Schedule with trails would have recorded.
func Explain(cib *ir.CIB, opts Options, res *Result, lines map[string]map[string]bool) *Result {
	opts.Now = res.Now
	opts.NoScores, opts.NoTrail, opts.ScoresOf = false, false, lines
	opts.Transition, opts.Digests, opts.Utilization, opts.StatusOnly, opts.ExplainChanges = false, false, false, false, false
	p, _ := compute(cib, opts)
	out := *res
	out.explainedBy(p, newLineSet(lines))
	return &out
}

// explainedBy takes the score and promotion lines of e, a placement that
// recorded those lines names alone.
func (res *Result) explainedBy(e *plan, lines lineSet) {
	res.Scores = e.Scores
	res.Promotions = e.Promotions
	res.explained = lines
	// The utilization report places its lines among a full plan's score
	// lines, by index: with only some lines, those indexes mean nothing.
	res.Utilization = nil
}

// ExplainsLine reports whether res holds the score line of resource id on
// node: made by Explain for it, or by Schedule with ExplainChanges for
// more. A resource the plan does not hold (one the transition alone
// knows) has no lines to record.
func (res *Result) ExplainsLine(id, node string) bool {
	return res.Resource(id) == nil || res.explained.has(id, node)
}

// lineSet names score lines by resource and node, sorted. A plan keeps
// the set of lines it explains until it is done: as a map of maps, one
// map per resource, it took 44 MB of a clone-heavy cluster's (163,000
// resources) while the transition was made.
type lineSet []lineName

type lineName struct{ rsc, node string }

func newLineSet(lines map[string]map[string]bool) lineSet {
	var s lineSet
	for rsc, nodes := range lines {
		for node, ok := range nodes {
			if ok {
				s = append(s, lineName{rsc, node})
			}
		}
	}
	slices.SortFunc(s, compareLineNames)
	return s
}

func compareLineNames(a, b lineName) int {
	if c := strings.Compare(a.rsc, b.rsc); c != 0 {
		return c
	}
	return strings.Compare(a.node, b.node)
}

func (s lineSet) has(rsc, node string) bool {
	_, ok := slices.BinarySearchFunc(s, lineName{rsc, node}, compareLineNames)
	return ok
}

// changeLines are the lines ExplainChanges records: those of each of
// resources on the nodes explainingNodes gives.
func (p *plan) changeLines(resources []*model.Resource) map[string]map[string]bool {
	lines := map[string]map[string]bool{}
	var r *model.Resource
	add := func(i int) {
		nodes := lines[r.ID]
		if nodes == nil {
			nodes = map[string]bool{}
			lines[r.ID] = nodes
		}
		nodes[p.Nodes[i].Uname] = true
	}
	for _, r = range resources {
		explainingNodes(r, add)
	}
	return lines
}

// explainingNodes calls mark with each node a change may be explained by
// r's lines on: those r is active on or placed on, and, for a first
// instance or member, those of every instance or member of its parent
// (the explanation of a later one's change reads the first one's line).
func explainingNodes(r *model.Resource, mark func(node int)) {
	note := func(x *model.Resource) {
		for _, i := range x.RunningOn {
			mark(i)
		}
		if x.AssignedTo >= 0 {
			mark(x.AssignedTo)
		}
	}
	if parent := r.Parent; parent != nil && parent.Children[0] == r {
		for _, x := range parent.Children {
			note(x)
		}
		return
	}
	note(r)
}
