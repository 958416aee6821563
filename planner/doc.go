// Package planner computes what Pacemaker 2.1.5's scheduler computes for a
// CIB: how the status section reads (node availability, resource roles and
// locations, fail counts), the allocation score of every resource on every
// node, and the node each resource is assigned to, in Pacemaker's order and
// with its tie-breaking. Every score carries an explanation trail: each
// contribution (constraint id or cause, and value) in the order applied.
//
// Compute returns a Plan: the indexed cluster (nodes and resources interned
// to dense integers), the score lines as crm_simulate prints them, and the
// assignment. Actions and transitions (what to start, stop, move) are built
// on top of a Plan by later code; this package stops at placement.
//
// Scope: primitives and groups. Clones and bundles are recognised and marked
// unsupported (they get no scores and no placement); constraints that name
// them are skipped.
//
// It does not parse XML or .pcl (importer and compiler do), evaluate rule
// expressions itself (planner/ruleeval does), or format reports
// (emit/scores does).
package planner
