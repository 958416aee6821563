// Package difftext writes a cibdiff.Diff for people and programs: text for
// a terminal, markdown for a review comment, JSON for tools. Rules are
// shown in pcl's rule syntax (emit/pclgen.FormatRule); the plan part is
// emit/plantext's, so that what the planner cannot compute is marked
// unknown here exactly as in `pcl plan`.
//
// It computes nothing: package cibdiff does.
package difftext
