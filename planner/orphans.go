package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// orphans are resources the status knows but the configuration no longer
// has: Pacemaker stops them (stop-orphan-resources) and deletes their
// history.
func (p *plan) orphans(histories map[string][]nodeHistory, changes map[string][]model.ConfigChange) []*model.Resource {
	if p.status() == nil {
		return nil
	}
	var ids []string
	seen := map[string]bool{}
	for _, ns := range p.status().Nodes {
		node := p.findNodeAny(ns.ID, ns.Uname)
		if node >= 0 && p.Nodes[node].Remote() && !p.Nodes[node].Unpacked {
			// A remote node's history is read only once its connection
			// is known to run (unpackStatus), so are orphans found there.
			continue
		}
		for _, h := range ns.Resources {
			if seen[h.ID] || len(h.Ops) == 0 || (!p.isOrphanHistory(node, h.ID) && p.statusOrphans[h.ID] == nil) {
				continue
			}
			seen[h.ID] = true
			ids = append(ids, h.ID)
		}
	}
	var out []*model.Resource
	for _, id := range ids {
		if tr := p.statusOrphans[id]; tr != nil {
			// Made as the status was read, its history read as any
			// resource's (orphan_remote.go).
			tr.ConfigChanges = changes[id]
			if p.StonithEnabled && !p.HaveStonith {
				tr.Managed = false
			}
			p.orphanFailcounts(tr)
			out = append(out, tr)
			continue
		}
		tr := p.newOrphan(id)
		tr.ConfigChanges = changes[id]
		p.orphanFailcounts(tr)
		for _, h := range histories[id] {
			tr.KnownOn[h.node] = true
			sorted := p.sortOps(h.ops)
			if activeIn(sorted) {
				tr.RunningOn = append(tr.RunningOn, h.node)
				// The highest role any node shows, as unpack_lrm_resource
				// keeps it.
				tr.Role = max(tr.Role, orphanRole(sorted))
			}
			tr.ActiveOps = append(tr.ActiveOps, recurringActive(sorted, h.node)...)
			if len(h.ops) > 0 && tr.Agent.Class == "" {
				for _, ns := range p.status().Nodes {
					for _, rh := range ns.Resources {
						if rh.ID == id && tr.Agent.Class == "" {
							tr.Agent = ir.Agent{Class: rh.Class, Provider: rh.Provider, Type: rh.Type}
						}
					}
				}
			}
		}
		out = append(out, tr)
	}
	return out
}

// orphanRole is the role an active orphan's sorted history leaves it in
// (update_resource_state): promoted by a successful promote or a monitor
// finding it promoted, unpromoted by a demote, started otherwise.
func orphanRole(sorted []*ir.OpRecord) pcmk.Role {
	role := pcmk.RoleStarted
	start, _ := activeRange(sorted)
	for _, op := range sorted[max(start, 0):] {
		if op.OpStatus != pcmk.ExecDone {
			continue
		}
		switch {
		case op.Operation == pcmk.TaskPromote && op.RCCode == pcmk.RCOK:
			role = pcmk.RolePromoted
		case op.Operation == pcmk.TaskDemote && op.RCCode == pcmk.RCOK:
			role = pcmk.RoleUnpromoted
		case op.Operation == pcmk.TaskMonitor && op.RCCode == pcmk.RCRunningPromoted:
			role = pcmk.RolePromoted
		}
	}
	return role
}

// newOrphan adds a resource only the status knows (create_fake_resource):
// a primitive, stopped until its history says otherwise, never assigned.
func (p *plan) newOrphan(id string) *model.Resource {
	// pcmk__primitive_assign unmanages every resource, an orphan too,
	// when fencing is enabled but no device is configured; an orphan is
	// not assigned here, so it is unmanaged here.
	tr := &model.Resource{ID: id, Kind: model.KindPrimitive, Orphan: true, Unique: true,
		Managed: p.StopOrphanResources && !p.MaintenanceMode && !(p.StonithEnabled && !p.HaveStonith),
		Role:    pcmk.RoleStopped, AssignedTo: model.NoNode, LockNode: model.NoNode, NeedsQuorum: true,
		KnownOn: make([]bool, len(p.Nodes))}
	tr.Index = len(p.Resources)
	p.Resources = append(p.Resources, tr)
	return tr
}

// orphanFailcounts lists the nodes where an orphan has failures to clear.
func (p *plan) orphanFailcounts(tr *model.Resource) {
	tr.OrphanFailcounts = nil
	for i, n := range p.Nodes {
		for k, v := range n.Attrs {
			if matchFailAttr(k, "fail-count-"+tr.ID, p.LegacyFailcounts) && pcmk.ScoreOf(v) > 0 {
				tr.OrphanFailcounts = append(tr.OrphanFailcounts, i)
				break
			}
		}
	}
}

// orphanConnections lists the remote connections the status records (with
// operations) but the configuration no longer has, in status order.
func (p *plan) orphanConnections() []string {
	if p.status() == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, h := range p.remoteAgentHistories() {
		if seen[h.ID] || p.byID[h.ID] != nil {
			continue
		}
		seen[h.ID] = true
		out = append(out, h.ID)
	}
	return out
}

// remoteAgentHistories lists the status's history entries of remote
// connections (ocf:pacemaker:remote) that record operations, in status
// order. The list is made once: the status is read for them by two
// passes, and a settled cluster's has an entry per resource per node.
func (p *plan) remoteAgentHistories() []*ir.ResourceHistory {
	if p.remoteHistoriesRead || p.status() == nil {
		return p.remoteHistories
	}
	p.remoteHistoriesRead = true
	for _, ns := range p.status().Nodes {
		for _, h := range ns.Resources {
			if len(h.Ops) > 0 && isRemoteAgent(ir.Agent{Class: h.Class, Provider: h.Provider, Type: h.Type}) {
				p.remoteHistories = append(p.remoteHistories, h)
			}
		}
	}
	return p.remoteHistories
}
