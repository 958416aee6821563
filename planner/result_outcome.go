package planner

import (
	"iter"
	"slices"

	"pcl/pcmk"
	"pcl/planner/transition"
)

// NodesAfter is where primitive r is active once the engine ran e (an
// execution of res.Transition): the
// nodes it is active on now, less those a stop that ran takes it off
// (a fenced node's implied stops included), plus those a start or a
// migration that ran brings it to. A start the graph leaves out (blocked
// by lost quorum, say) or that never runs (a stalled transition) moves
// nothing: the resource stays where it is, as the cluster leaves it.
func (res *Result) NodesAfter(e *transition.Execution, r *Resource) []int {
	nodes := slices.Clone(r.RunningOn)
	for a := range ranOn(e, r) {
		switch a.Task {
		case pcmk.TaskStop:
			nodes = slices.DeleteFunc(nodes, func(n int) bool { return n == a.Node })
		case pcmk.TaskStart, pcmk.TaskMigrateFrom:
			if !slices.Contains(nodes, a.Node) {
				nodes = append(nodes, a.Node)
			}
		}
	}
	return nodes
}

// RoleAfter is the role primitive r has once the engine ran e, as the
// cluster then reports it: its current role changed, in the order they
// ran, by the starts (Started, or Unpromoted for an instance of a
// promotable clone), promotions, demotions and stops (Stopped once no
// node is left) that ran. Like NodesAfter, an action left out of the
// graph or that never runs changes nothing.
func (res *Result) RoleAfter(e *transition.Execution, r *Resource) pcmk.Role {
	role := r.Role
	if len(r.RunningOn) == 0 {
		role = pcmk.RoleStopped
	}
	nodes := slices.Clone(r.RunningOn)
	started := pcmk.RoleStarted
	if r.Promotable {
		started = pcmk.RoleUnpromoted
	}
	for a := range ranOn(e, r) {
		switch a.Task {
		case pcmk.TaskStop:
			nodes = slices.DeleteFunc(nodes, func(n int) bool { return n == a.Node })
			if len(nodes) == 0 {
				role = pcmk.RoleStopped
			}
		case pcmk.TaskStart, pcmk.TaskMigrateFrom:
			if !slices.Contains(nodes, a.Node) {
				nodes = append(nodes, a.Node)
			}
			role = started
		case pcmk.TaskPromote:
			role = pcmk.RolePromoted
		case pcmk.TaskDemote:
			role = pcmk.RoleUnpromoted
		}
	}
	return role
}

// ranOn yields the non-recurring actions of primitive r on a node that
// ran in e, in the order they ran.
func ranOn(e *transition.Execution, r *Resource) iter.Seq[*transition.Action] {
	return func(yield func(*transition.Action) bool) {
		for a := range e.FiredFor(r.ID) {
			if a.Node == NoNode || a.IntervalMs != 0 {
				continue
			}
			if !yield(a) {
				return
			}
		}
	}
}
