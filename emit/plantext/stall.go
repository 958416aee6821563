package plantext

import (
	"fmt"
	"strings"

	"pcl/pcmk"
	"pcl/planner/transition"
)

// Stall is why a transition stalls (crm_simulate -S: "Transition failed:
// terminated").
type Stall struct {
	// NeverRun counts the transition's actions that never run.
	NeverRun int `json:"never_run"`
	// Cycles are the ordering cycles it stalls on.
	Cycles []StallCycle `json:"cycles,omitempty"`
	// Missing are actions waited on that the transition does not contain.
	Missing []string `json:"missing,omitempty"`

	// held says, by resource id (and the ids of the groups and clones it
	// belongs to), why the resource's start, stop, promotion or demotion
	// never runs.
	held map[string]string
}

// Holds reports whether the stall keeps resource id (or one of its
// members) from starting, stopping, promoting or demoting.
func (st *Stall) Holds(id string) bool { return st != nil && st.held[id] != "" }

// Why says why resource id never starts, stops, promotes or demotes, ""
// when the stall does not hold it.
func (st *Stall) Why(id string) string {
	if st == nil {
		return ""
	}
	return st.held[id]
}

// StallCycle is one ordering cycle: each action is ordered before the
// next and the last before the first, by the order constraints named
// (and by orderings Pacemaker makes itself).
type StallCycle struct {
	Actions     []string `json:"actions"`
	Constraints []string `json:"constraints"`
}

// StallOf describes why the transition stalls when the engine runs it as
// e says, nil when it does not.
func StallOf(t *transition.Transition, e *transition.Execution) *Stall {
	if e.Complete() {
		return nil
	}
	st := &Stall{NeverRun: len(e.Stalled), held: map[string]string{}}
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
			if _, seen := st.held[r.ID]; !seen {
				st.held[r.ID] = why
			}
		}
	}
	for _, c := range e.Cycles {
		sc := StallCycle{Constraints: append([]string{}, c.Constraints...)}
		for _, a := range c.Actions {
			sc.Actions = append(sc.Actions, t.ActionName(a))
		}
		st.Cycles = append(st.Cycles, sc)
	}
	for _, a := range e.Missing {
		st.Missing = append(st.Missing, t.ActionName(a))
	}
	return st
}

// String says it in a line: "3 of its actions never run; ordering cycle
// a_start_0 n1 -> b_start_0 n1 -> a_start_0 n1 (order constraints o1, o2)".
func (st *Stall) String() string {
	var parts []string
	for _, c := range st.Cycles {
		part := "ordering cycle " + strings.Join(append(append([]string(nil), c.Actions...), c.Actions[0]), " -> ")
		if len(c.Constraints) > 0 {
			part += " (order constraints " + strings.Join(c.Constraints, ", ") + ")"
		}
		parts = append(parts, part)
	}
	for _, a := range st.Missing {
		parts = append(parts, "waits for "+a+", which is not in the transition")
	}
	return fmt.Sprintf("%d of its actions never run; %s", st.NeverRun, strings.Join(parts, "; "))
}
