package cibdiff

import (
	"sort"

	"pcl/pcmk"
	"pcl/planner"
)

// Placement is a resource placed differently by two plans.
type Placement struct {
	Resource string `json:"resource"`
	// Old and New are where each plan puts the resource as reports show
	// it (a node name), "" for stopped.
	Old string `json:"old"`
	New string `json:"new"`
	// OldRole and NewRole are a promotable instance's role under each
	// plan (Promoted or Unpromoted), "" for other resources.
	OldRole string `json:"old_role,omitempty"`
	NewRole string `json:"new_role,omitempty"`
	// Why says why New has no node.
	Why string `json:"why,omitempty"`
	// Unknown says why either plan cannot compute the resource exactly:
	// then Old and New are not to be trusted.
	Unknown string `json:"unknown,omitempty"`
}

// Placements lists the primitives (clone instances included) that old and
// new place differently, or give another role (a promotable instance
// promoted under one and not the other), by id. A resource only one plan
// has counts as stopped in the other.
func Placements(old, new *planner.Result) []Placement {
	where := func(res *planner.Result) map[string][3]string {
		m := map[string][3]string{}
		for _, r := range res.Resources {
			if !r.IsPrimitive() || r.Orphan {
				continue
			}
			node, why := res.Placement(r)
			role := ""
			if node != "" && (r.NextRole == pcmk.RolePromoted || r.NextRole == pcmk.RoleUnpromoted) {
				role = r.NextRole.String()
			}
			m[r.ID] = [3]string{node, why, role}
		}
		return m
	}
	o, n := where(old), where(new)
	ids := map[string]bool{}
	for id := range o {
		ids[id] = true
	}
	for id := range n {
		ids[id] = true
	}
	var out []Placement
	for id := range ids {
		if o[id][0] == n[id][0] && o[id][2] == n[id][2] {
			continue
		}
		p := Placement{Resource: id, Old: o[id][0], New: n[id][0], Why: n[id][1], OldRole: o[id][2], NewRole: n[id][2]}
		if u, ok := new.IsUnknown(id); ok {
			p.Unknown = u.Detail
		} else if u, ok := old.IsUnknown(id); ok {
			p.Unknown = u.Detail
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Resource < out[j].Resource })
	return out
}
