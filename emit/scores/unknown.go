package scores

import (
	"pcl/planner"
	"slices"
)

// rows are the resources a report lists: every resource in unpack order,
// then those that Result.Unknown names and the planner does not unpack
// (clones and bundles), so that each of them is shown as unknown rather
// than left out.
func rows(res *planner.Result) []*planner.Resource {
	// Each top-level resource is followed by what it holds, depth first,
	// so that an indented row is always under its own parent, whatever
	// order unpacking created the resources in (a clone's instances
	// numbered from the status come last).
	// Children come in unpack order too (placement sorts a promotable
	// clone's instances by priority in place).
	order := make(map[*planner.Resource]int, len(res.Resources))
	for i, r := range res.Resources {
		order[r] = i
	}
	out := make([]*planner.Resource, 0, len(res.Resources))
	listed := make(map[*planner.Resource]bool, len(res.Resources))
	var walk func(r *planner.Resource)
	walk = func(r *planner.Resource) {
		if listed[r] {
			return
		}
		listed[r] = true
		out = append(out, r)
		children := slices.Clone(r.Children)
		slices.SortStableFunc(children, func(a, b *planner.Resource) int { return order[a] - order[b] })
		for _, c := range children {
			walk(c)
		}
	}
	for _, r := range res.Resources {
		if r.Parent == nil {
			walk(r)
		}
	}
	for _, r := range res.Resources {
		walk(r)
	}
	for _, u := range res.Unknown {
		if r := res.Resource(u.Resource); r != nil && r.Index < 0 {
			walk(r)
		}
	}
	return out
}

// depth is how many resources r is inside of.
func depth(r *planner.Resource) int {
	d := 0
	for p := r.Parent; p != nil; p = p.Parent {
		d++
	}
	return d
}

// unknownLine is how the table and the explanation say that a resource,
// or the whole plan, is not computed exactly.
func unknownLine(u planner.Unknown) string {
	return "unknown: " + u.Detail
}
