// Package planner computes what Pacemaker 2.1.5's scheduler computes for a
// CIB: how the status section reads (node availability, resource roles and
// locations, fail counts), the allocation score of every resource on every
// node, and the node each resource is assigned to, in Pacemaker's order and
// with its tie-breaking. crm_simulate is the reference: the corpus test
// compares every tier 0 and 1 test of Pacemaker's own scheduler suite, and
// a differential test compares random configurations.
//
// Schedule is the one entry point: it unpacks the CIB into the shared
// model (package planner/model), places the resources and, when asked,
// has package planner/transition schedule the actions, and returns a
// read-only Result: the target planned for, nodes (Node) and resources
// (Resource, whose kind is told by methods) with their placement and
// state, score lines in the order crm_simulate prints them (ScoreLines,
// 16 bytes a line, made into a ScoreLine when read), promotion lines,
// tickets, what the planner cannot compute exactly (Unknown), the
// transition and, when asked, its operations' digests. The Result is copied out of the
// working model when Schedule finishes and holds none of it: emitters,
// cmd/pcl, cibdiff, history, policytest and lsp read the Result and
// nothing else; only packages under planner/ import planner/model
// (internal/deps checks it).
//
// Every score line carries its explanation: the contributions (constraint
// id or cause, and value) in the order Pacemaker applied them. Folding them
// with SumTrail gives the printed score; a contribution marked Set replaces
// the running value instead of adding to it (a node first added to a
// resource's table, a rolled-back or reset colocation step). The
// contributions of all tables are kept once, in one model.TrailLog, each
// pointing back at the one before it in its cell, so that copying a table
// copies one index per node. An output that explains changes alone asks
// for their lines (Options.ExplainChanges: every line is recorded, and
// those of each resource on the nodes it is active on and placed on kept
// before the transition is made, with the log's steps they need), or for
// named lines afterwards (Explain, another placement).
//
// The files follow the scheduler's stages: unpack.go (options, nodes,
// resources); the status and history module, the only reader of the
// status section: status.go (node state, fence reasons), rschistory.go
// (each resource's history to its role and failures), history.go
// (operation order, active ranges), failcounts.go, digests.go,
// configchanges.go, orphans.go, operations.go, shutdownlock.go;
// health.go; constraints.go (locations, colocations, stickiness, failure
// thresholds); tickets.go (ticket constraints: each loss-policy, role
// tickets that take promotion away, fencing for a lost ticket) and
// ticket_holds.go (what each did, Result.Tickets); assign.go (assignment
// and colocation arithmetic); utilization.go (placement strategies);
// utilization_report.go (the nodes' utilization tables as crm_simulate
// --show-utilization prints them, when Options.Utilization asks); ghash.go
// (GLib's hash-table order, which decides a tie and the order those
// tables print in); unknown.go (what
// cannot be computed exactly); result.go, result_resource.go,
// result_node.go, result_outcome.go and scorelines.go (the Result).
//
// Behaviour that differs by kind of resource is in one table indexed by
// model.Kind (variant.go), one file per kind: primitive.go, group.go,
// clone.go (with clone_assign.go, clone_coloc.go, clone_history.go for the
// matching of status to instances, and promotable.go for promotion) and
// bundle.go (bundle_unpack.go makes a bundle's replicas: containers,
// addresses, connections whose guest nodes are the replicas, and the child
// clone; bundle_unknown.go says which bundles' placement or actions are not
// exact). Pacemaker Remote and guest nodes (remote.go) are nodes whose state
// follows their connection resource's. What the planner does not compute
// (orphaned connections, the bundles bundle_unknown.go names), and
// everything tied to it, is reported as unknown, never guessed.
//
// It does not parse XML or .pcl (importer and compiler do), evaluate rule
// expressions itself (planner/ruleeval does), or format reports
// (emit/scores does).
package planner
