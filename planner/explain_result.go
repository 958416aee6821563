package planner

import "pcl/ir"

// Explain returns res with the explanations lines names: the score lines
// of resource id on node name where lines[id][name], each with its trail,
// and every promotion line with its trail. res must be Schedule(cib, opts)'s result
// (with or without scores and trails); the rest of it is kept as it is.
//
// It is for an output that explains a few changes by their scores (the
// text plan): which resources change is known only once the transition is
// scheduled, and recording every score line with its trail for that is
// most of a clone-heavy plan's time and memory (tens of millions of
// lines, of which the text reads two per change). The placement is
// computed once more with trails, the transition is not. Placement does
// not depend on whether trails or score lines are recorded, and the second
// run evaluates rules at the time the first did (res.Now), so the lines
// are those Schedule with trails would have recorded.
func Explain(cib *ir.CIB, opts Options, res *Result, lines map[string]map[string]bool) *Result {
	opts.Now = res.Now
	opts.NoScores, opts.NoTrail, opts.ScoresOf = false, false, lines
	opts.Transition, opts.Digests, opts.Utilization, opts.StatusOnly = false, false, false, false
	p, _ := compute(cib, opts)
	out := *res
	out.Scores = p.Scores
	out.Promotions = p.Promotions
	// The utilization report places its lines among a full plan's score
	// lines, by index: with only some lines, those indexes mean nothing.
	out.Utilization = nil
	return &out
}
