package plantext

import (
	"encoding/json"

	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/transition"
)

// Placement is where a resource runs now and where it will run.
type Placement struct {
	Resource string   `json:"resource"`
	Current  []string `json:"current"`
	// Next is where the resource runs once the transition ran: where its
	// start runs, or where it stays when its move never runs (blocked,
	// stalled, quorum lost).
	Next string `json:"next,omitempty"`
	// Role is the current role (as the what-if leaves it), NextRole the
	// role once the transition ran, on Next: a resource started, stopped,
	// promoted or demoted changes it (planner.Result.RoleAfter).
	Role     string `json:"role"`
	NextRole string `json:"next_role,omitempty"`
	// Reason says why a resource gets no node.
	Reason string `json:"reason,omitempty"`
	// Unknown marks a resource the planner cannot compute: it has no
	// next node, and UnknownDetail says why.
	Unknown       bool   `json:"unknown,omitempty"`
	UnknownDetail string `json:"unknown_detail,omitempty"`
}

// ActionEntry is one action of the transition.
type ActionEntry struct {
	Action   string `json:"action"`
	Resource string `json:"resource"`
	Node     string `json:"node"`
	Interval int64  `json:"interval_ms,omitempty"`
	Pseudo   bool   `json:"pseudo,omitempty"`
	// Blocked actions are required but cannot run.
	Blocked bool `json:"blocked"`
	// NeverRuns marks an action of the graph the transition engine never
	// starts: it waits on an ordering cycle, or on an action that is not
	// in the graph ("stall" says which).
	NeverRuns bool   `json:"never_runs,omitempty"`
	Reason    string `json:"reason,omitempty"`
	// After lists the actions (by index in the list) that must finish first.
	After []int `json:"after,omitempty"`
	// Unknown marks an action of a resource the planner cannot compute
	// (or any action when the whole plan is unknown): the transition
	// scheduled it without what the planner does not model, so Pacemaker
	// may not take it. It stays in the list so that After keeps the
	// graph.
	Unknown bool `json:"unknown,omitempty"`
}

// ChangeEntry is one line of the transition summary.
type ChangeEntry struct {
	Change   string `json:"change"`
	Resource string `json:"resource"`
	// Node is the node of a change that concerns one (a start, a stop, a
	// restart or promotion in place); From and To where it runs now and
	// where it will.
	Node string `json:"node,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Role and NextRole are a promotable resource's roles before and
	// after.
	Role     string `json:"role,omitempty"`
	NextRole string `json:"next_role,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Blocked  bool   `json:"blocked,omitempty"`
}

// ChangeEntries is the transition summary of res, leaving out the
// resources the planner cannot compute.
func ChangeEntries(res *planner.Result) []ChangeEntry {
	t := res.Transition
	out := []ChangeEntry{}
	for _, c := range knownChanges(res, t.Changes) {
		e := ChangeEntry{Change: c.Verb, Resource: c.Resource, From: t.NodeName(c.From), To: t.NodeName(c.To), Reason: c.Reason, Blocked: c.Blocked}
		switch {
		case e.From == "":
			e.Node = e.To
		case e.To == "" || e.To == e.From:
			e.Node = e.From
		}
		if c.NeedRole {
			e.Role, e.NextRole = c.Role.String(), c.NextRole.String()
		}
		out = append(out, e)
	}
	return out
}

// Document is the JSON form of a plan.
type Document struct {
	// Pacemaker is the release planned for.
	Pacemaker pcmk.Target `json:"pacemaker"`
	Placement []Placement `json:"placement"`
	// Changes leave out the resources the planner cannot compute.
	Changes []ChangeEntry `json:"changes"`
	Actions []ActionEntry `json:"actions"`
	// Stall is set when the transition stalls: the engine never runs the
	// actions that wait on an ordering cycle.
	Stall *Stall `json:"stall,omitempty"`
	// Unknown is Result.Unknown: what the planner cannot compute, and
	// why.
	Unknown []planner.Unknown `json:"unknown,omitempty"`
}

// JSON writes the placement of every primitive of res, the summary and
// the actions in the graph plus the required actions that are blocked
// (res must hold its transition). What the planner cannot compute is
// marked "unknown" (placements and actions), left out of the summary,
// and listed at the top level.
func JSON(res *planner.Result) ([]byte, error) {
	t := res.Transition
	doc := Document{Pacemaker: res.Target, Placement: []Placement{}, Actions: []ActionEntry{}, Unknown: res.Unknown}
	exec := t.Execute()
	doc.Stall = StallOf(t, exec)
	stops := map[string]*transition.Change{}
	for i, c := range t.Changes {
		if c.Verb == "Stop" {
			stops[c.Resource] = &t.Changes[i]
		}
	}
	for _, r := range res.Resources {
		if !r.IsPrimitive() {
			continue
		}
		pl := Placement{Resource: r.ID, Current: []string{}, Role: r.Role.String(), Reason: r.Why}
		if after := res.NodesAfter(exec, r); len(after) > 0 {
			pl.Next = t.NodeName(after[0])
			pl.NextRole = res.RoleAfter(exec, r).String()
		} else if pl.Reason == "" {
			pl.Reason = notRunningWhy(res, doc.Stall, stops[r.ID], r)
		}
		for _, n := range r.RunningOn {
			pl.Current = append(pl.Current, res.Nodes[n].Uname)
		}
		if u, unknown := res.IsUnknown(r.ID); unknown {
			pl.Next, pl.NextRole, pl.Reason = "", "", ""
			pl.Unknown, pl.UnknownDetail = true, u.Detail
		}
		doc.Placement = append(doc.Placement, pl)
	}
	doc.Changes = ChangeEntries(res)
	stalled := map[*transition.Action]bool{}
	for _, a := range exec.Stalled {
		stalled[a] = true
	}
	index := map[*transition.Action]int{}
	var listed []*transition.Action
	for _, a := range t.Listed() {
		index[a] = len(listed)
		listed = append(listed, a)
	}
	for _, a := range listed {
		e := ActionEntry{Action: string(a.Task), Resource: a.Resource(), Node: t.NodeName(a.Node), Interval: a.IntervalMs,
			Pseudo: a.Is(transition.Pseudo), Blocked: !a.Is(transition.Dumped), Reason: a.Reason}
		_, e.Unknown = res.IsUnknown(a.Resource())
		e.NeverRuns = stalled[a]
		if a.Task == pcmk.TaskCancel {
			e.Action = "cancel " + string(a.CancelTask)
		}
		if a.Task == pcmk.TaskMonitor && a.IntervalMs == 0 {
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

// notRunningWhy says why a resource the planner placed (or did not) runs
// nowhere once the transition ran: the transition stops it, or the start
// on its node never runs.
func notRunningWhy(res *planner.Result, stall *Stall, stop *transition.Change, r *planner.Resource) string {
	to := res.AssignedNode(r)
	switch {
	case stop != nil && stop.Reason != "":
		return "the transition stops it due to " + stop.Reason
	case stop != nil:
		return "the transition stops it"
	case to == "":
		return ""
	case stall.Holds(r.ID):
		return "it is placed on " + to + ", but its start never runs: the transition stalls"
	}
	return "it is placed on " + to + ", but its start there is blocked"
}
