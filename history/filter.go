package history

import "strings"

// About keeps the transitions that changed resource id (or an instance
// of it: db for db:0, db:1), and in each only those changes: the answer
// to "why did db move?".
func (r *Report) About(id string) *Report {
	out := &Report{Transitions: []*Transition{}}
	for _, t := range r.Transitions {
		var kept []Change
		for _, c := range t.Changes {
			if c.Resource == id || strings.HasPrefix(c.Resource, id+":") {
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			continue
		}
		cp := *t
		cp.Changes = kept
		out.Transitions = append(out.Transitions, &cp)
	}
	return out
}
