package batch

import (
	"sort"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/scenario"
)

// EachRemoteLost is one scenario per remote or guest node that is up,
// losing it the way such a node is lost: a remote node's connection
// failing where it runs (its recurring monitor returning an error, as
// crm_simulate -i CONN_monitor_INTERVAL@HOST=1 injects), a guest node's
// container failing on its host (its monitor likewise). A remote node
// can also be lost with the cluster node its connection runs on, which
// EachNodeDown covers. A node counts as up when the status has its
// connection (or container) active on a cluster node and a recurring
// monitor recorded there, whose interval the injection uses; nodes whose
// connection is stopped, failed or has no monitor are left out. Bundle
// replicas' implicit connections are not listed.
func EachRemoteLost(base *ir.CIB) []scenario.Scenario {
	if base.Config == nil || base.Status == nil {
		return nil
	}
	var out []scenario.Scenario
	for _, p := range primitives(base.Config.Resources) {
		var name, what string
		switch {
		case strings.EqualFold(p.Agent.Class, "ocf") && strings.EqualFold(p.Agent.Provider, "pacemaker") && p.Agent.Type == "remote":
			name, what = p.ID, " connection lost"
		case metaValue(p.Sets, "remote-node") != "":
			name, what = metaValue(p.Sets, "remote-node"), " lost (container "+p.ID+" failed)"
		default:
			continue
		}
		host, interval, ok := activeWithMonitor(base, p.ID)
		if !ok {
			continue
		}
		out = append(out, scenario.Scenario{Name: name + what, Injections: []ir.Injection{{
			Kind: ir.InjectOp, Node: host, Resource: p.ID, Operation: string(pcmk.TaskMonitor),
			IntervalMs: interval, RC: int(pcmk.RCErrGeneric)}}})
	}
	return out
}

// primitives are the configuration's primitives, top-level ones and
// group members, in document order.
func primitives(list []ir.Resource) []*ir.Primitive {
	var out []*ir.Primitive
	for _, r := range list {
		switch r := r.(type) {
		case *ir.Primitive:
			out = append(out, r)
		case *ir.Group:
			out = append(out, r.Members...)
		}
	}
	return out
}

// metaValue is the value of a meta attribute named name set without
// rules, "" when there is none.
func metaValue(sets []*ir.NVSet, name string) string {
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes || len(s.Rules) > 0 {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name && p.Value != nil {
				return *p.Value
			}
		}
	}
	return ""
}

// activeWithMonitor finds the cluster node that is up where the history
// has rsc active, and the interval of the recurring monitor recorded
// there: its most recent operation (by call id) a successful start or
// monitor, and no recurring monitor there failing.
func activeWithMonitor(cib *ir.CIB, rsc string) (host string, intervalMs int64, ok bool) {
	for _, ns := range cib.Status.Nodes {
		if ns.RemoteNode || !isUp(cib, ns.Uname) {
			continue
		}
		for _, h := range ns.Resources {
			if h.ID != rsc || len(h.Ops) == 0 {
				continue
			}
			ops := append([]*ir.OpRecord(nil), h.Ops...)
			sort.SliceStable(ops, func(i, j int) bool { return ops[i].CallID > ops[j].CallID })
			last := ops[0]
			if last.RCCode != pcmk.RCOK || (last.Operation != pcmk.TaskStart && last.Operation != pcmk.TaskMonitor) {
				continue
			}
			var interval int64
			failing := false
			for _, op := range h.Ops {
				if op.Operation != pcmk.TaskMonitor || op.IntervalMs == 0 {
					continue
				}
				if op.RCCode != pcmk.RCOK {
					failing = true
				}
				interval = op.IntervalMs
			}
			if interval > 0 && !failing {
				return ns.Uname, interval, true
			}
		}
	}
	return "", 0, false
}
