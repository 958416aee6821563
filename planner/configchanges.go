package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// configChanges lists, in Pacemaker's order, what the history of each
// active resource asks for.
func (p *plan) configChanges() map[string][]model.ConfigChange {
	out := map[string][]model.ConfigChange{}
	if p.status() == nil {
		return out
	}
	byNode := map[int][]*ir.ResourceHistory{}
	for _, ns := range p.status().Nodes {
		i := p.findNodeAny(ns.ID, ns.Uname)
		if i < 0 {
			continue
		}
		byNode[i] = append(byNode[i], ns.Resources...)
	}
	matchingID := p.primitivesByID()
	for i, n := range p.Nodes {
		if p.configNodes != nil && !p.configNodes[i] || p.configNodes == nil && !(n.Maintenance || n.Available()) {
			continue
		}
		for _, h := range byNode[i] {
			if len(h.Ops) == 0 {
				continue
			}
			matching := matchingID[h.ID]
			if len(matching) == 0 {
				if p.isOrphanHistory(i, h.ID) {
					// An orphan: its history is cleaned up.
					out[h.ID] = append(out[h.ID], model.ConfigChange{Node: i, Kind: model.ChangeCleanup})
				}
				continue
			}
			for _, r := range matching {
				if r.Orphan {
					// An orphaned instance of an anonymous clone is
					// only stopped; other orphans are cleaned up.
					if !r.AnonInstance() {
						out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: model.ChangeCleanup})
					}
					continue
				}
				p.historyChanges(out, r, i, n, h)
			}
		}
	}
	return out
}

// primitivesByID indexes the primitives by their id and by the name the
// status knows them by (pcmk__rscs_matching_id): each name gives every
// instance an anonymous clone's history may stand for, in resource order.
func (p *plan) primitivesByID() map[string][]*model.Resource {
	// Nearly every id is a primitive's: the map is made at that size
	// rather than grown (a large cluster has hundreds of thousands).
	out := make(map[string][]*model.Resource, len(p.Resources))
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive {
			continue
		}
		out[r.ID] = append(out[r.ID], r)
		if r.CloneName != "" && r.CloneName != r.ID {
			out[r.CloneName] = append(out[r.CloneName], r)
		}
	}
	return out
}

// historyChanges appends what primitive r's history h on node i asks
// for (process_rsc_history).
func (p *plan) historyChanges(out map[string][]model.ConfigChange, r *model.Resource, i int, n *model.Node, h *ir.ResourceHistory) {
	running := false
	for _, rn := range r.RunningOn {
		if rn == i {
			running = true
		}
	}
	if h.Type != r.Agent.Type || h.Class != r.Agent.Class || h.Provider != r.Agent.Provider {
		if running {
			out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: model.ChangeAgentRestart})
		}
		out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: model.ChangeCleanup})
	}
	if !running {
		return
	}
	sorted := p.sortOps(h.Ops)
	start, stop := activeRange(sorted)
	if start < stop {
		return
	}
	for k, op := range sorted {
		if k < start {
			continue
		}
		task, iv := op.Operation, op.IntervalMs
		maint := isTrueDefault(r.Meta["maintenance"], false) || p.MaintenanceMode || n.Maintenance
		switch {
		case iv > 0 && maint:
			out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: model.ChangeCancelMaintenance, Task: task, IntervalMs: iv})
			continue
		case iv > 0 || task == pcmk.TaskMonitor || task == pcmk.TaskStart || task == pcmk.TaskPromote || task == pcmk.TaskMigrateFrom:
		default:
			continue
		}
		if iv > 0 {
			if e := p.opEntry(r, task, iv); e == nil || (e.Enabled != nil && !e.Enabled.Value) {
				out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: model.ChangeCancelOrphan, Task: task, IntervalMs: iv})
				out[r.ID] = p.clearIfFailed(out[r.ID], r, i)
				continue
			}
		}
		dtask := task
		if iv == 0 && (task == pcmk.TaskMonitor || task == pcmk.TaskMigrateFrom || task == pcmk.TaskPromote) {
			dtask = pcmk.TaskStart
		}
		changed, restart, _ := p.digestCheck(r, op, dtask, iv)
		if !changed {
			continue
		}
		_, hasRestart := opAttr(op, "op-restart-digest")
		var kind model.ConfigChangeKind
		switch {
		case restart:
			kind = model.ChangeRestart
		case iv > 0:
			kind = model.ChangeReschedule
		case hasRestart:
			kind = model.ChangeReload
		default:
			kind = model.ChangeRestart
		}
		out[r.ID] = append(out[r.ID], model.ConfigChange{Node: i, Kind: kind, Task: dtask, IntervalMs: iv})
		out[r.ID] = p.clearIfFailed(out[r.ID], r, i)
	}
}
