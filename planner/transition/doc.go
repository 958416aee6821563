// Package transition computes the actions a Pacemaker 2.1.5 scheduler would
// take to move a cluster from its current state to a placement, and the
// orderings between them: probes, stops, starts, recurring monitors and
// their cancellations, restarts for changed definitions and reloads,
// clean-ups of orphans, live migrations, fencing, unfencing and shutdowns,
// group and clone pseudo-actions, clone notifications, user order
// constraints (kinds, symmetry, sets, require-all, clone-min, interleave)
// and the propagation of "required" and "unrunnable" along orderings. The
// result is the transition graph (which actions are in it and which
// orderings between them are inputs) and the transition summary.
//
// Execute runs the graph as Pacemaker's transition engine does when every
// action succeeds (crm_simulate -S): the actions it starts, in its order
// (the graph's synapse order, pass after pass), and, when it stalls, the
// actions it never reaches with the ordering cycles and order constraints
// that hold them (execute.go).
//
// It does not unpack the CIB's status, compute scores or place resources:
// it works on the planner's model (package planner/model), whose
// resources say where they run now, in which role, whether they failed,
// where the planner assigned them and what their history asks for. It
// keeps no copy of a resource: per resource it records only the actions
// it made, the roles it moves it through and what it decides of the
// resource's state (rscActions: a container failed by fencing its guest,
// a start made pending). It writes nothing of its input, whose nodes it
// copies, so the planner reads the model while the transition is made.
// It prints nothing either: emit/dot draws the graph, emit/plantext
// writes the summaries.
//
// Behaviour that differs by kind of resource is in a table indexed by
// model.Kind (variant.go), one file per kind: primitive.go, group.go,
// clone.go (a clone's pseudo-actions over its instances, whose actions
// their own kinds make; interleave.go pairs the instances of two clones
// ordered one after the other; notify.go makes the notifications;
// promotable.go adds a promotable clone's promote, promoted, demote and
// demoted pseudo-actions and their orderings) and bundle.go (a bundle's
// replicas' implicit resources, its pseudo-actions over its containers,
// its child clone on the replicas' guest nodes). Unfencing is in
// unfence.go. Actions on Pacemaker
// Remote and guest nodes are ordered against the node's connection (and a
// guest's container), and a guest is fenced by recovering its container
// (remote.go).
//
// Actions live in one slice and are identified by their index; orderings
// are edges kept on both ends, as Pacemaker keeps them.
package transition
