// Package model is the planner's one model of a cluster, Pacemaker's
// pe_working_set_t, pe_node_t and pe_resource_t: the nodes with their
// state, every resource (top-level, members, orphans) with its
// configuration as unpacked, its state as the status section shows it, its
// allowed-node scores and colocations, and its assignment. Scoring,
// assignment and the transition all read and write these same values; no
// stage copies a resource into a model of its own.
//
// It holds data and the small invariants on it (a score table's
// arithmetic, a node's availability). Behaviour lives in the stages: what
// a kind of resource does when it is assigned is in package planner, what
// it does when actions are made is in package planner/transition, each
// in a file of its own per kind. It imports nothing from the stages.
package model
