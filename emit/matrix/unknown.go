package matrix

import (
	"fmt"
	"slices"
	"strings"

	"pcl/planner"
)

// A resource the planner cannot compute (planner.Result.Unknown: a clone
// or bundle, a resource tied to one, every resource of a cluster with
// remote nodes) is never shown with a node, STOPPED or a certain action:
// its cells are UNKNOWN, its changes are left out of the scenarios'
// summaries, and it is neither a single point of failure nor shown to be
// none.

// legend explains the UNKNOWN cells of the given rows, "" when there are
// none: a resource the planner cannot compute, or a scenario that could
// not be planned.
func (r *Report) legend(rowsIdx []int) string {
	var resource, scenario, degraded bool
	for _, c := range r.all() {
		for _, i := range rowsIdx {
			switch c.Cells[i].State {
			case Unknown:
				resource = resource || c.Err == ""
				scenario = scenario || c.Err != ""
			case Degraded:
				degraded = true
			}
		}
	}
	var lines []string
	if degraded {
		lines = append(lines, "DEGRADED: the clone runs, but fewer instances than its clone-min or none of them promoted: what is ordered after it, or needs its Promoted role, cannot start.")
	}
	switch {
	case resource && scenario:
		lines = append(lines, "UNKNOWN: not computed: the planner cannot compute the resource yet (see Unknown below), or the scenario could not be planned.")
	case resource:
		lines = append(lines, "UNKNOWN: not computed: the planner cannot compute the resource yet (see Unknown below).")
	case scenario:
		lines = append(lines, "UNKNOWN: not computed: the scenario could not be planned (see below).")
	}
	return strings.Join(lines, "\n")
}

// planUnknown reports whether nothing in the report is exact.
func (r *Report) planUnknown() bool {
	for _, u := range r.Unknown {
		if u.Resource == "" {
			return true
		}
	}
	return false
}

// unknownHeader is the line above the list of what cannot be computed.
func (r *Report) unknownHeader() string {
	var constructs []string
	resources := 0
	for _, u := range r.Unknown {
		if u.Resource != "" {
			resources++
		}
		if !slices.Contains(constructs, u.Construct) {
			constructs = append(constructs, u.Construct)
		}
	}
	if r.planUnknown() {
		return fmt.Sprintf("Unknown: the planner cannot compute these plans yet (%s): every resource is UNKNOWN and no action is shown in any scenario:", strings.Join(constructs, ", "))
	}
	return fmt.Sprintf("Unknown: the planner cannot compute %s yet (%s): they are UNKNOWN and their actions are left out in every scenario:",
		plural(resources, "resource", "resources"), strings.Join(constructs, ", "))
}

// unknownItems are the entries of the list, "resource: why" (just why
// for the whole plan).
func (r *Report) unknownItems() []string {
	var out []string
	for _, u := range r.Unknown {
		if u.Resource == "" {
			out = append(out, u.Detail)
		} else {
			out = append(out, u.Resource+": "+u.Detail)
		}
	}
	return out
}

// unassessed says which resources the single points of failure leave
// out, "" when none.
func (r *Report) unassessed() string {
	if len(r.Unassessed) == 0 {
		return ""
	}
	if r.planUnknown() {
		return "could not be assessed: the planner cannot compute these plans (see Unknown above)"
	}
	return fmt.Sprintf("%s could not be assessed (UNKNOWN above): %s",
		plural(len(r.Unassessed), "resource", "resources"), strings.Join(r.Unassessed, ", "))
}

// unknownActions is a scenario's last summary line when some of its
// resources are unknown: "actions unknown: web, ping-clone" ("" when
// none).
func unknownActions(res *planner.Result, resources []string) string {
	if _, planUnknown := res.PlanUnknown(); planUnknown {
		return "actions unknown: every action (see Unknown above)"
	}
	var ids []string
	for _, id := range resources {
		if _, ok := res.IsUnknown(id); ok {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return "actions unknown: " + strings.Join(ids, ", ")
}
