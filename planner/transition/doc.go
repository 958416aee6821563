// Package transition computes the actions a Pacemaker 2.1.5 scheduler would
// take to move a cluster from its current state to a placement, and the
// orderings between them: probes, stops, starts, recurring monitors and
// their cancellations, restarts for changed definitions and reloads,
// clean-ups of orphans, live migrations, fencing and shutdowns, group
// pseudo-actions, user order constraints (kinds, symmetry, sets,
// require-all) and the propagation of "required" and "unrunnable" along
// orderings. The result is the transition graph (which actions are in it
// and which orderings between them are inputs) and the transition summary.
//
// It does not unpack the CIB's status, compute scores or place resources:
// its Input (filled by the planner, see planner.Plan.TransitionInput) says
// per resource where it runs now, in which role, whether it failed, where
// the planner assigned it and what its history asks for. It prints
// nothing either: emit/dot draws the graph, emit/plantext writes the
// summaries. Clones and bundles are not scheduled.
//
// Actions live in one slice and are identified by their index; orderings
// are edges kept on both ends, as Pacemaker keeps them.
package transition
