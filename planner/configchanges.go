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
	if p.CIB.Status == nil {
		return out
	}
	byNode := map[int][]*ir.ResourceHistory{}
	for _, ns := range p.CIB.Status.Nodes {
		i := p.findNodeAny(ns.ID, ns.Uname)
		if i < 0 {
			continue
		}
		byNode[i] = append(byNode[i], ns.Resources...)
	}
	for i, n := range p.Nodes {
		if !(n.Maintenance || n.Available()) {
			continue
		}
		for _, h := range byNode[i] {
			if len(h.Ops) == 0 {
				continue
			}
			r := p.historyOwner(i, h.ID)
			if r == nil {
				if p.isOrphanHistory(i, h.ID) {
					// An orphan: its history is cleaned up.
					out[h.ID] = append(out[h.ID], model.ConfigChange{Node: i, Kind: model.ChangeCleanup})
				}
				continue
			}
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
				continue
			}
			sorted := sortOps(h.Ops)
			start, stop := activeRange(sorted)
			if start < stop {
				continue
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
	}
	return out
}
