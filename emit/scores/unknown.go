package scores

import "pcl/planner"

// rows are the resources a report lists: every resource in unpack order,
// then those that Result.Unknown names and the planner does not unpack
// (clones and bundles), so that each of them is shown as unknown rather
// than left out.
func rows(res *planner.Result) []*planner.Resource {
	out := res.Resources
	extra := false
	for _, u := range res.Unknown {
		if r := res.Resource(u.Resource); r != nil && r.Index < 0 {
			if !extra {
				out = append([]*planner.Resource(nil), out...)
				extra = true
			}
			out = append(out, r)
		}
	}
	return out
}

// unknownLine is how the table and the explanation say that a resource,
// or the whole plan, is not computed exactly.
func unknownLine(u planner.Unknown) string {
	return "unknown: " + u.Detail
}
