package plantext

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"pcl/planner"
	"pcl/planner/transition"
)

// The transition schedules the resources the planner places, and a
// resource tied to one it does not (a primitive colocated with a clone)
// is placed as if the tie were not there: whatever the transition does
// with it is a guess. These helpers keep such guesses out of the
// summaries, and say what is unknown instead.

// knownChanges are the summary lines of the resources the planner
// computes: the others' are dropped.
func knownChanges(res *planner.Result, changes []transition.Change) []transition.Change {
	if len(res.Unknown) == 0 {
		return changes
	}
	out := []transition.Change{}
	for _, c := range changes {
		if _, unknown := res.IsUnknown(c.Resource); !unknown {
			out = append(out, c)
		}
	}
	return out
}

// nodeActions are the fencing and shutdown lines of the summary, none when
// the whole plan is unknown (fencing follows from what runs where).
func nodeActions(res *planner.Result) []string {
	if _, planUnknown := res.PlanUnknown(); planUnknown {
		return nil
	}
	return res.Transition.NodeActions()
}

// writeUnknown lists what the planner cannot compute, after a blank line:
// a line of what and why, then one line for each entry of
// Result.Unknown.
//
//	Unknown: the planner cannot compute 2 resources yet (clone), so their actions are left out:
//	  ping-clone: ping-clone is a clone, which the planner does not place yet.
func writeUnknown(b *bytes.Buffer, res *planner.Result) {
	if len(res.Unknown) == 0 {
		return
	}
	var constructs []string
	resources := 0
	for _, u := range res.Unknown {
		if u.Resource != "" {
			resources++
		}
		if !slices.Contains(constructs, u.Construct) {
			constructs = append(constructs, u.Construct)
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	if _, planUnknown := res.PlanUnknown(); planUnknown {
		fmt.Fprintf(b, "Unknown: the planner cannot compute this plan yet (%s), so no action is shown:\n", strings.Join(constructs, ", "))
	} else {
		what := "1 resource"
		if resources > 1 {
			what = fmt.Sprintf("%d resources", resources)
		}
		fmt.Fprintf(b, "Unknown: the planner cannot compute %s yet (%s), so their actions are left out:\n", what, strings.Join(constructs, ", "))
	}
	for _, u := range res.Unknown {
		if u.Resource == "" {
			fmt.Fprintf(b, "  %s\n", u.Detail)
		} else {
			fmt.Fprintf(b, "  %s: %s\n", u.Resource, u.Detail)
		}
	}
}
