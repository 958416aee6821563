package plantext

import (
	"encoding/json"

	"pcl/planner"
	"pcl/planner/transition"
)

// Placement is where a resource runs now and where it will run.
type Placement struct {
	Resource string   `json:"resource"`
	Current  []string `json:"current"`
	Next     string   `json:"next,omitempty"`
	Role     string   `json:"role"`
	// Reason says why a resource gets no node.
	Reason string `json:"reason,omitempty"`
}

// ActionEntry is one action of the transition.
type ActionEntry struct {
	Action   string `json:"action"`
	Resource string `json:"resource"`
	Node     string `json:"node"`
	Interval int64  `json:"interval_ms,omitempty"`
	Pseudo   bool   `json:"pseudo,omitempty"`
	// Blocked actions are required but cannot run.
	Blocked bool   `json:"blocked"`
	Reason  string `json:"reason,omitempty"`
	// After lists the actions (by index in the list) that must finish first.
	After []int `json:"after,omitempty"`
}

// ChangeEntry is one line of the transition summary.
type ChangeEntry struct {
	Change   string `json:"change"`
	Resource string `json:"resource"`
	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Blocked  bool   `json:"blocked,omitempty"`
}

// Document is the JSON form of a plan.
type Document struct {
	Placement []Placement   `json:"placement"`
	Changes   []ChangeEntry `json:"changes"`
	Actions   []ActionEntry `json:"actions"`
}

// JSON writes the placement of every primitive of res, the summary and
// the actions in the graph plus the required actions that are blocked
// (res must hold its transition).
func JSON(res *planner.Result) ([]byte, error) {
	t := res.Transition
	doc := Document{Placement: []Placement{}, Changes: []ChangeEntry{}, Actions: []ActionEntry{}}
	for _, r := range res.Resources {
		if r.Kind != planner.KindPrimitive {
			continue
		}
		pl := Placement{Resource: r.ID, Current: []string{}, Role: r.Role.String(), Next: res.AssignedNode(r), Reason: r.Why}
		for _, n := range r.RunningOn {
			pl.Current = append(pl.Current, res.Nodes[n].Uname)
		}
		doc.Placement = append(doc.Placement, pl)
	}
	for _, c := range t.Changes {
		doc.Changes = append(doc.Changes, ChangeEntry{Change: c.Verb, Resource: c.Resource,
			From: t.NodeName(c.From), To: t.NodeName(c.To), Reason: c.Reason, Blocked: c.Blocked})
	}
	index := map[*transition.Action]int{}
	var listed []*transition.Action
	for _, a := range t.Listed() {
		index[a] = len(listed)
		listed = append(listed, a)
	}
	for _, a := range listed {
		e := ActionEntry{Action: a.Task, Resource: a.Resource(), Node: t.NodeName(a.Node), Interval: a.IntervalMs,
			Pseudo: a.Is(transition.Pseudo), Blocked: !a.Is(transition.Dumped), Reason: a.Reason}
		if a.Task == "cancel" {
			e.Action = "cancel " + a.CancelTask
		}
		if a.Task == "monitor" && a.IntervalMs == 0 {
			e.Action = "probe"
		}
		for _, in := range a.Before {
			if i, ok := index[t.Actions[in.Action]]; ok && in.Dumped {
				e.After = append(e.After, i)
			}
		}
		doc.Actions = append(doc.Actions, e)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
