package history

import (
	"strings"
	"time"
)

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

// Between keeps the transitions the scheduler computed from from to to
// (either zero: open), each still compared with the input before it,
// kept or not. An input without an execution-date is kept: it cannot be
// placed in time.
func (r *Report) Between(from, to time.Time) *Report {
	out := &Report{Transitions: []*Transition{}}
	for _, t := range r.Transitions {
		if at, err := time.Parse(time.RFC3339, t.Date); err == nil {
			if (!from.IsZero() && at.Before(from)) || (!to.IsZero() && at.After(to)) {
				continue
			}
		}
		out.Transitions = append(out.Transitions, t)
	}
	return out
}
