// Package scores formats a planner.Result's allocation scores: the
// crm_simulate score lines, a resources-by-nodes table with the chosen node
// marked, JSON, and the per-node explanation of one resource's scores.
//
// It owns presentation only; the numbers and their explanations come from
// package planner.
package scores
