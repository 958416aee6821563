package matrix

import (
	"fmt"
	"strings"

	"pcl/pcmk"
	"pcl/planner/transition"
)

// stalledResources names, by resource id (and the ids of the groups and
// clones it belongs to), why a resource's start, stop, promotion or
// demotion never runs: the transition stalls before it.
func stalledResources(e *transition.Execution) map[string]string {
	out := map[string]string{}
	if e.Complete() {
		return out
	}
	cause := "the transition stalls on an ordering cycle"
	if len(e.Cycles) == 0 {
		cause = "the transition stalls on an action it does not contain"
	}
	for _, a := range e.Stalled {
		if a.Rsc == nil || a.Is(transition.Pseudo) {
			continue
		}
		switch a.Task {
		case pcmk.TaskStart, pcmk.TaskStop, pcmk.TaskPromote, pcmk.TaskDemote, pcmk.TaskMigrateTo, pcmk.TaskMigrateFrom:
		default:
			continue
		}
		why := fmt.Sprintf("its %s never runs: %s", a.Task, cause)
		for r := a.Rsc; r != nil; r = r.Parent {
			if _, seen := out[r.ID]; !seen {
				out[r.ID] = why
			}
		}
	}
	return out
}

// stall describes why the transition stalls, "" when it does not: each
// ordering cycle, its actions in order and the order constraints that make
// it, and the actions waited on that the transition does not contain.
func stall(t *transition.Transition, e *transition.Execution) string {
	if e.Complete() {
		return ""
	}
	var parts []string
	for _, c := range e.Cycles {
		var names []string
		for _, a := range c.Actions {
			names = append(names, t.ActionName(a))
		}
		names = append(names, names[0])
		part := "ordering cycle " + strings.Join(names, " -> ")
		if len(c.Constraints) > 0 {
			part += " (order constraints " + strings.Join(c.Constraints, ", ") + ")"
		}
		parts = append(parts, part)
	}
	for _, a := range e.Missing {
		parts = append(parts, "waits for "+t.ActionName(a)+", which is not in the transition")
	}
	return fmt.Sprintf("%d of its actions never run; %s", len(e.Stalled), strings.Join(parts, "; "))
}
