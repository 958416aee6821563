package planner

import (
	"slices"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// historyOn is the history entries of resource id on the node named
// uname, in document order (find_lrm_resource); nil when it has none.
func (p *plan) historyOn(id, uname string) []*ir.OpRecord {
	if p.CIB.Status == nil {
		return nil
	}
	for _, ns := range p.CIB.Status.Nodes {
		if ns.Uname != uname {
			continue
		}
		for _, h := range ns.Resources {
			if h.ID == id {
				return h.Ops
			}
		}
	}
	return nil
}

// newerOp is pe__is_newer_op > 0 for entries of two nodes' histories: the
// entries' on_node say whether they are of the same node; without them,
// 3.0.0 takes two entries without on_node for the same node, and earlier
// releases take sameNode, what the caller knows.
func (p *plan) newerOp(a, b *ir.OpRecord, sameNode bool) bool {
	switch {
	case a.OnNode != "" && b.OnNode != "":
		sameNode = strings.EqualFold(a.OnNode, b.OnNode)
	case p.target.Since(pcmk.V3_0_0):
		sameNode = a.OnNode == b.OnNode
	}
	return cmpOpsOn(a, b, sameNode) > 0
}

// nonMonitorAfter is non_monitor_after: a start, stop, migrate_to or
// migrate_from of id on the node newer than op.
func (p *plan) nonMonitorAfter(id, uname string, op *ir.OpRecord, sameNode bool) bool {
	for _, o := range p.historyOn(id, uname) {
		if o == op {
			continue
		}
		switch o.Operation {
		case pcmk.TaskStart, pcmk.TaskStop, pcmk.TaskMigrateTo, pcmk.TaskMigrateFrom:
			if p.newerOp(o, op, sameNode) {
				return true
			}
		}
	}
	return false
}

// findOp is find_lrm_op: the first entry of id's operation task on the node
// (for a migrate_from, one from source), nil when none.
func (p *plan) findOp(id string, task pcmk.Task, uname, source string) *ir.OpRecord {
	for _, o := range p.historyOn(id, uname) {
		if o.Operation != task {
			continue
		}
		if source != "" && task == pcmk.TaskMigrateFrom && o.MigrateSource != source {
			continue
		}
		return o
	}
	return nil
}

// newerStateAfterMigrate is newer_state_after_migrate: the node has a
// newer non-monitor operation, or a newer monitor that found id not
// running, than the migration (its migrate_to on the source, its
// migrate_from, when there is one, elsewhere).
func (p *plan) newerStateAfterMigrate(id, uname string, migrateTo, migrateFrom *ir.OpRecord) bool {
	op, same := migrateTo, false
	switch {
	case strings.EqualFold(uname, migrateTo.MigrateTarget) && migrateFrom != nil:
		op, same = migrateFrom, true
	case strings.EqualFold(uname, migrateTo.MigrateSource):
		same = true
	case migrateFrom != nil:
		op = migrateFrom
	}
	if p.nonMonitorAfter(id, uname, op, same) {
		return true
	}
	m := p.findOp(id, pcmk.TaskMonitor, uname, "")
	return m != nil && m.RCCode == pcmk.RCNotRunning && m.OpStatus == pcmk.ExecDone && p.newerOp(m, op, same)
}

// unknownOn is unknown_on_node: no entry of id on the node has a result.
func (p *plan) unknownOn(id, uname string) bool {
	for _, o := range p.historyOn(id, uname) {
		if o.RCCode != pcmk.RCUnknown {
			return false
		}
	}
	return true
}

// migrateToSuccess is unpack_migrate_to_success (since 2.1.6) for a migrate_to that
// succeeded on n: without a migrate_from on the target, the migration is
// partial and the resource is active on an online target that has no
// newer state (or it has failed, when the target is not and the source has
// no newer operation). A migration superseded on both nodes leaves the
// resource Started here as before, for the entries after it to settle; a
// dangling one (the migrate_from succeeded) leaves it stopped here, to be
// stopped again.
func (p *plan) migrateToSuccess(r *Resource, n *Node, op *ir.OpRecord) {
	if r.Role < pcmk.RoleStarted {
		r.Role = pcmk.RoleStarted
	}
	source, target := op.MigrateSource, op.MigrateTarget
	if source == "" || target == "" || !strings.EqualFold(source, n.Uname) {
		return
	}
	sourceNewer := p.nonMonitorAfter(r.ID, source, op, true)
	from := p.findOp(r.ID, pcmk.TaskMigrateFrom, target, source)
	if from != nil && !sourceNewer && from.RCCode == pcmk.RCOK && from.OpStatus == pcmk.ExecDone {
		// Dangling, in both releases: the migrate_from on the target
		// succeeded and nothing but monitors ran here since, so the
		// resource is stopped here as far as its state goes, and must
		// still be stopped here.
		r.Role = pcmk.RoleStopped
		if !slices.Contains(r.DanglingOn, n.Index) {
			r.DanglingOn = append(r.DanglingOn, n.Index)
		}
		return
	}
	fromStatus := pcmk.ExecPending
	if from != nil {
		if sourceNewer {
			return
		}
		fromStatus = from.OpStatus
	}
	targetNewer := p.newerStateAfterMigrate(r.ID, target, op, from)
	if sourceNewer && targetNewer {
		return
	}

	tn := p.findNode(target)
	activeOnTarget := !targetNewer && tn >= 0 && p.Nodes[tn].Online
	if fromStatus != pcmk.ExecPending {
		if activeOnTarget {
			p.addRunning(r, p.Nodes[tn], true)
		} else {
			p.migrationFailed(r)
		}
		return
	}
	if p.target.Since(pcmk.V2_1_6) && tn >= 0 && p.Nodes[tn].Online && p.unknownOn(r.ID, target) {
		return
	}
	if activeOnTarget {
		p.addRunning(r, p.Nodes[tn], false)
		if sn := p.findNode(source); sn >= 0 && p.Nodes[sn].Online {
			r.PartialMigration = &model.Migration{Source: sn, Target: tn}
		}
	} else if !sourceNewer {
		p.migrationFailed(r)
	}
}

// migrationFailed marks a resource failed, to be recovered by a stop, and
// not migratable.
func (p *plan) migrationFailed(r *Resource) {
	r.Failed = true
	r.StopFailed = true
	r.AllowMigrate = false
}
