package history

import (
	"sort"
	"time"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/transition"
)

// nodeState names what a node can do, as the planner read it from the
// status.
func nodeState(n *planner.Node) string {
	switch {
	case n == nil:
		return "absent"
	case n.Unclean:
		return "unclean"
	case n.Pending:
		return "pending"
	case !n.Online:
		return "offline"
	case n.Shutdown:
		return "shutting down"
	case n.Standby:
		return "standby"
	case n.Maintenance:
		return "maintenance"
	}
	return "online"
}

// nodeEvents compares the nodes' states in two planned inputs. A node
// the transition before fenced and that is now down was fenced.
func nodeEvents(prev, cur *planner.Result) []NodeEvent {
	before := map[string]*planner.Node{}
	for _, n := range prev.Nodes {
		before[n.Uname] = n
	}
	fenced := map[string]bool{}
	for _, a := range prev.Transition.Actions {
		if a.Rsc == nil && a.Task == pcmk.TaskStonith && a.FenceOp != pcmk.FenceOn && !a.Is(transition.Optional) {
			fenced[prev.Transition.NodeName(a.Node)] = true
		}
	}
	var out []NodeEvent
	seen := map[string]bool{}
	add := func(name string, b, a *planner.Node) {
		sb, sa := nodeState(b), nodeState(a)
		if sb == sa {
			return
		}
		ev := NodeEvent{Node: name, Before: sb, After: sa, Event: "changed"}
		up := func(n *planner.Node) bool { return n != nil && n.Online && !n.Unclean }
		switch {
		case fenced[name] && up(a):
			ev.Event = "fenced, then joined"
		case fenced[name]:
			ev.Event = "fenced"
		case !up(b) && up(a):
			ev.Event = "joined"
		case up(b) && a != nil && a.Unclean:
			ev.Event = "lost"
		case up(b) && !up(a):
			ev.Event = "left"
		}
		out = append(out, ev)
	}
	for _, n := range cur.Nodes {
		seen[n.Uname] = true
		add(n.Uname, before[n.Uname], n)
	}
	for _, n := range prev.Nodes {
		if !seen[n.Uname] {
			add(n.Uname, n, nil)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return pcmk.CompareNodeNames(out[i].Node, out[j].Node) < 0 })
	return out
}

// opKey identifies one operation record of a node's history.
type opKey struct{ node, rsc, id string }

func opRecords(cib *ir.CIB) map[opKey]*ir.OpRecord {
	out := map[opKey]*ir.OpRecord{}
	if cib == nil || cib.Status == nil {
		return out
	}
	for _, ns := range cib.Status.Nodes {
		for _, rh := range ns.Resources {
			for _, op := range rh.Ops {
				out[opKey{ns.Uname, rh.ID, op.ID}] = op
			}
		}
	}
	return out
}

// opEvents lists the operation records new in cur (a record the node's
// history did not have, or one with a new call or result), in the order
// they happened (last-rc-change, then call id).
func opEvents(prev, cur *ir.CIB) []OpEvent {
	before := opRecords(prev)
	type rec struct {
		key opKey
		op  *ir.OpRecord
	}
	var recs []rec
	// One call is recorded twice when it failed: as the resource's last
	// result (RSC_last_0) and as its last failure (RSC_last_failure_0).
	type call struct {
		node, rsc, key string
		id             int
		rc             pcmk.OCFRC
		status         pcmk.ExecStatus
	}
	seen := map[call]bool{}
	for k, op := range opRecords(cur) {
		if b := before[k]; b != nil && b.CallID == op.CallID && b.RCCode == op.RCCode && b.OpStatus == op.OpStatus && b.LastRCChange == op.LastRCChange {
			continue
		}
		recs = append(recs, rec{k, op})
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].key.id < recs[j].key.id })
	kept := recs[:0]
	for _, r := range recs {
		c := call{r.key.node, r.key.rsc, r.op.OperationKey, r.op.CallID, r.op.RCCode, r.op.OpStatus}
		if seen[c] {
			continue
		}
		seen[c] = true
		kept = append(kept, r)
	}
	recs = kept
	sort.Slice(recs, func(i, j int) bool {
		a, b := recs[i], recs[j]
		if a.op.LastRCChange != b.op.LastRCChange {
			return a.op.LastRCChange < b.op.LastRCChange
		}
		if a.key.node != b.key.node {
			return pcmk.CompareNodeNames(a.key.node, b.key.node) < 0
		}
		if a.op.CallID != b.op.CallID {
			return a.op.CallID < b.op.CallID
		}
		return a.key.id < b.key.id
	})
	out := make([]OpEvent, 0, len(recs))
	for _, r := range recs {
		out = append(out, opEvent(r.key, r.op))
	}
	return out
}

func opEvent(k opKey, op *ir.OpRecord) OpEvent {
	ev := OpEvent{Node: k.node, Resource: k.rsc, Operation: string(op.Operation), IntervalMs: op.IntervalMs, RC: int(op.RCCode), ExitReason: op.ExitReason}
	if op.Operation == pcmk.TaskMonitor && op.IntervalMs == 0 {
		ev.Operation = "probe"
	}
	ev.Result = op.RCCode.String()
	if op.OpStatus != pcmk.ExecDone {
		ev.Result += " (" + op.OpStatus.String() + ")"
	}
	expected := -1
	if _, _, target, _, ok := pcmk.DecodeTransitionKey(op.TransitionKey); ok {
		expected = target
	}
	ev.Failed = (op.OpStatus != pcmk.ExecDone && op.OpStatus != pcmk.ExecPending && op.OpStatus != pcmk.ExecCancelled) ||
		(expected >= 0 && int(op.RCCode) != expected)
	if op.LastRCChange > 0 {
		ev.At = time.Unix(op.LastRCChange, 0).UTC().Format(time.RFC3339)
	}
	return ev
}

// transient flattens each node's transient attributes: node -> name ->
// value.
func transient(cib *ir.CIB) map[string]map[string]string {
	out := map[string]map[string]string{}
	if cib == nil || cib.Status == nil {
		return out
	}
	for _, ns := range cib.Status.Nodes {
		attrs := map[string]string{}
		for _, set := range ns.Transient {
			for _, p := range set.Pairs {
				if p.Value != nil {
					attrs[p.Name] = *p.Value
				}
			}
		}
		out[ns.Uname] = attrs
	}
	return out
}

// attrChanges compares the transient node attributes, node by node in
// node-name order, attributes by name.
func attrChanges(prev, cur *ir.CIB) []AttrChange {
	before, after := transient(prev), transient(cur)
	nodes := map[string]bool{}
	for n := range before {
		nodes[n] = true
	}
	for n := range after {
		nodes[n] = true
	}
	var out []AttrChange
	for _, node := range sortedNodes(nodes) {
		b, a := before[node], after[node]
		names := map[string]bool{}
		for k := range b {
			names[k] = true
		}
		for k := range a {
			names[k] = true
		}
		keys := make([]string, 0, len(names))
		for k := range names {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, name := range keys {
			vb, okb := b[name]
			va, oka := a[name]
			if okb == oka && vb == va {
				continue
			}
			c := AttrChange{Node: node, Name: name}
			if okb {
				c.Before = &vb
			}
			if oka {
				c.After = &va
			}
			out = append(out, c)
		}
	}
	return out
}

func sortedNodes(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return pcmk.CompareNodeNames(out[i], out[j]) < 0 })
	return out
}

// ticketState names a ticket's state in the status.
func ticketState(t *ir.TicketState) string {
	switch {
	case t == nil:
		return "absent"
	case t.Granted && t.Standby:
		return "granted, standby"
	case t.Granted:
		return "granted"
	case t.Standby:
		return "revoked, standby"
	}
	return "revoked"
}

func ticketChanges(prev, cur *ir.CIB) []TicketChange {
	states := func(cib *ir.CIB) map[string]*ir.TicketState {
		out := map[string]*ir.TicketState{}
		if cib != nil && cib.Status != nil {
			for _, t := range cib.Status.Tickets {
				out[t.ID] = t
			}
		}
		return out
	}
	before, after := states(prev), states(cur)
	ids := map[string]bool{}
	for id := range before {
		ids[id] = true
	}
	for id := range after {
		ids[id] = true
	}
	keys := make([]string, 0, len(ids))
	for id := range ids {
		keys = append(keys, id)
	}
	sort.Strings(keys)
	var out []TicketChange
	for _, id := range keys {
		sb, sa := ticketState(before[id]), ticketState(after[id])
		if sb != sa {
			out = append(out, TicketChange{Ticket: id, Before: sb, After: sa})
		}
	}
	return out
}

// unavailable is why node n cannot run resources, "" when it can.
func unavailable(n *planner.Node) string {
	if n.Available() {
		return ""
	}
	return nodeState(n)
}
