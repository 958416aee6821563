package synth

import (
	"fmt"
	"strconv"

	"pcl/ir"
	"pcl/pcmk"
)

// epoch is the fixed time at which the synthetic history was recorded.
const epoch = 1700000000

func (g *generator) status() *ir.Status {
	st := &ir.Status{}
	states := make([]*ir.NodeState, len(g.nodes))
	for i, name := range g.nodes {
		id := strconv.Itoa(i + 1)
		ns := &ir.NodeState{
			ID: id, Uname: name, InCCM: "true", Crmd: "online", Join: "member", Expected: "member",
			LRMID: id,
		}
		ns.Attrs = []ir.Attr{
			{Name: "id", Value: id}, {Name: "uname", Value: name}, {Name: "in_ccm", Value: "true"},
			{Name: "crmd", Value: "online"}, {Name: "join", Value: "member"}, {Name: "expected", Value: "member"},
		}
		states[i] = ns
		st.Nodes = append(st.Nodes, ns)
	}
	call := 1
	for _, rsc := range g.prims {
		if !g.chance(g.p.RunningFraction) {
			continue
		}
		ni := g.rnd.IntN(len(g.nodes))
		ns := states[ni]
		ns.Resources = append(ns.Resources, running(rsc, call, g.nodes[ni]))
		call += 2
		if g.chance(g.p.FailFraction) {
			g.failCount(ns, rsc)
		}
	}
	g.cloneStatus(states, call)
	return st
}

// running is the history of a resource started (and monitored) on node,
// recorded as id, with call ids call and call+1.
func running(id string, call int, node string) *ir.ResourceHistory {
	h := &ir.ResourceHistory{ID: id, Class: "ocf", Provider: "pacemaker", Type: "Dummy"}
	h.Attrs = []ir.Attr{{Name: "id", Value: id}, {Name: "class", Value: "ocf"},
		{Name: "provider", Value: "pacemaker"}, {Name: "type", Value: "Dummy"}}
	h.Ops = append(h.Ops, opRecord(id, "start", 0, call, node))
	h.Ops = append(h.Ops, opRecord(id, "monitor", 10000, call+1, node))
	return h
}

// failCount records 1 or 2 failures of name's 10 s monitor on the node,
// with their last-failure time.
func (g *generator) failCount(ns *ir.NodeState, name string) {
	if ns.TransientID == "" {
		ns.TransientID = ns.ID
		ns.Transient = []*ir.NVSet{{Kind: ir.InstanceAttributes, ID: "status-" + ns.ID}}
	}
	attrs := ns.Transient[0]
	count := strconv.Itoa(1 + g.rnd.IntN(2))
	for _, nv := range [][2]string{
		{"fail-count-" + name + "#monitor_10000", count},
		{"last-failure-" + name + "#monitor_10000", strconv.Itoa(epoch)},
	} {
		attrs.Pairs = append(attrs.Pairs, &ir.NVPair{
			ID: "status-" + ns.ID + "-" + nv[0], Name: nv[0], Value: strp(nv[1]),
		})
	}
}

func opRecord(rsc, op string, intervalMs int64, call int, node string) *ir.OpRecord {
	key := fmt.Sprintf("%s_%s_%d", rsc, op, intervalMs)
	id := key
	if intervalMs == 0 {
		id = rsc + "_last_0"
	}
	tkey := fmt.Sprintf("%d:0:0:00000000-0000-0000-0000-000000000000", call)
	r := &ir.OpRecord{
		ID: id, Operation: pcmk.Task(op), OperationKey: key, IntervalMs: intervalMs, CallID: call,
		RCCode: 0, OpStatus: 0, LastRCChange: epoch, LastRun: epoch,
		TransitionKey: tkey, TransitionMagic: "0:0;" + tkey, OnNode: node,
	}
	r.Attrs = []ir.Attr{
		{Name: "id", Value: id}, {Name: "operation_key", Value: key}, {Name: "operation", Value: op},
		{Name: "crm-debug-origin", Value: "synth"}, {Name: "crm_feature_set", Value: "3.16.1"},
		{Name: "transition-key", Value: tkey}, {Name: "transition-magic", Value: r.TransitionMagic},
		{Name: "exit-reason", Value: ""}, {Name: "on_node", Value: node},
		{Name: "call-id", Value: strconv.Itoa(call)}, {Name: "rc-code", Value: "0"},
		{Name: "op-status", Value: "0"}, {Name: "interval", Value: strconv.FormatInt(intervalMs, 10)},
		{Name: "last-rc-change", Value: strconv.Itoa(epoch)}, {Name: "exec-time", Value: "10"},
		{Name: "queue-time", Value: "0"}, {Name: "op-digest", Value: "00000000000000000000000000000000"},
	}
	return r
}
