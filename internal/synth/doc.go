// Package synth generates synthetic clusters for benchmarks and
// differential tests: R resources on N nodes with groups, location
// constraints (node scores, attribute rules, score-attribute),
// colocations, orders, stickiness, running resources and fail counts.
// Output is an *ir.CIB, deterministic for a seed, which the emitters turn
// into CIB XML and .pcl.
//
// It does not write files (cmd/pcl-gen does) and makes no claim about what
// Pacemaker will do with the cluster: the point is realistic load.
package synth
