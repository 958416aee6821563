package planner

import "pcl/ir"

// SumTrail folds a trail with Pacemaker's score arithmetic: each
// contribution is added in order, except those marked Set, which replace
// the running value.
func SumTrail(trail []Contribution) ir.Score {
	var s ir.Score
	for _, c := range trail {
		s = c.Apply(s)
	}
	return s
}
