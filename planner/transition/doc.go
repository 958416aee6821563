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
// it works on the planner's model (package planner/model), whose
// resources say where they run now, in which role, whether they failed,
// where the planner assigned them and what their history asks for. It
// keeps no copy of a resource: per resource it records only the actions
// it made and the roles it moves it through (rscActions). It prints
// nothing either: emit/dot draws the graph, emit/plantext writes the
// summaries.
//
// Behaviour that differs by kind of resource is in a table indexed by
// model.Kind (variant.go), one file per kind: primitive.go, group.go.
// Clones and bundles are not scheduled yet.
//
// Actions live in one slice and are identified by their index; orderings
// are edges kept on both ends, as Pacemaker keeps them.
package transition
