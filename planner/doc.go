// Package planner computes what Pacemaker 2.1.5's scheduler computes for a
// CIB: how the status section reads (node availability, resource roles and
// locations, fail counts), the allocation score of every resource on every
// node, and the node each resource is assigned to, in Pacemaker's order and
// with its tie-breaking. crm_simulate is the reference: the corpus test
// compares every tier 0 and 1 test of Pacemaker's own scheduler suite, and
// a differential test compares random configurations.
//
// Compute returns a Plan: the indexed cluster (nodes and resources interned
// to dense integers, node-indexed score slices), the score lines in the
// order crm_simulate prints them, and the assignment. Actions and
// transitions are built on top of a Plan by package transition; this package
// stops at placement.
//
// Every score line carries its explanation: the contributions (constraint
// id or cause, and value) in the order Pacemaker applied them. Folding them
// with SumTrail gives the printed score; a contribution marked Set replaces
// the running value instead of adding to it (a node first added to a
// resource's table, a rolled-back or reset colocation step).
//
// The files follow the scheduler's stages: unpack.go (options, nodes,
// resources), status.go and opsort.go (the status section), health.go,
// constraints.go (locations, colocations, stickiness, failure thresholds),
// assign.go (assignment and colocation scores), utilization.go (placement
// strategies) and ghash.go (the one place where GLib's hash-table order
// decides a tie).
//
// Scope: primitives and groups. Clones and bundles are recognised and
// reported unsupported (a warning; no scores, no placement), and constraints
// that name them are skipped.
//
// It does not parse XML or .pcl (importer and compiler do), evaluate rule
// expressions itself (planner/ruleeval does), or format reports
// (emit/scores does).
package planner
