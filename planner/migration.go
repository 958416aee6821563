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
	if p.status() == nil {
		return nil
	}
	for _, ns := range p.status().Nodes {
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

// newerOp is pe__is_newer_op > 0 for entries of two nodes' histories:
// since 3.0.0 as cmpOps30 compares them; before, the entries' on_node say
// whether they are of the same node, and without them sameNode, what the
// caller knows.
func (p *plan) newerOp(a, b *ir.OpRecord, sameNode bool) bool {
	if p.target.Since(pcmk.V3_0_0) {
		return cmpOps30(a, b) > 0
	}
	if a.OnNode != "" && b.OnNode != "" {
		sameNode = strings.EqualFold(a.OnNode, b.OnNode)
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
// (for a migrate_to, one to source; for a migrate_from, one from source),
// nil when none.
func (p *plan) findOp(id string, task pcmk.Task, uname, source string) *ir.OpRecord {
	for _, o := range p.historyOn(id, uname) {
		if o.Operation != task {
			continue
		}
		if source != "" && task == pcmk.TaskMigrateFrom && o.MigrateSource != source {
			continue
		}
		if source != "" && task == pcmk.TaskMigrateTo && o.MigrateTarget != source {
			continue
		}
		return o
	}
	return nil
}

// findOpOK is find_lrm_op with an expected result of success: the first
// entry as findOp finds it, nil unless it completed with rc 0.
func (p *plan) findOpOK(id string, task pcmk.Task, uname, source string) *ir.OpRecord {
	o := p.findOp(id, task, uname, source)
	if o == nil || o.RCCode != pcmk.RCOK || o.OpStatus != pcmk.ExecDone {
		return nil
	}
	return o
}

// newerStateAfterMigrate is newer_state_after_migrate: the node has a
// newer non-monitor operation, or a newer monitor that found id not
// running, than the migration: its event on that node when there is one
// (the migrate_to on the source, the migrate_from on the target), else
// the other (either may be nil, not both).
func (p *plan) newerStateAfterMigrate(id, uname string, migrateTo, migrateFrom *ir.OpRecord) bool {
	op, same := migrateTo, false
	if migrateFrom != nil {
		op = migrateFrom
	}
	switch {
	case strings.EqualFold(uname, op.MigrateTarget):
		if migrateFrom != nil {
			op, same = migrateFrom, true
		} else {
			op = migrateTo
		}
	case strings.EqualFold(uname, op.MigrateSource):
		if migrateTo != nil {
			op, same = migrateTo, true
		} else {
			op = migrateFrom
		}
	}
	if p.nonMonitorAfter(id, uname, op, same) {
		return true
	}
	m := p.findOp(id, pcmk.TaskMonitor, uname, "")
	return m != nil && m.RCCode == pcmk.RCNotRunning && m.OpStatus == pcmk.ExecDone && p.newerOp(m, op, same)
}

// unknownOn is unknown_on_node: id has no history on the node (up to
// 2.1.5), or no entry of it there has a result (since 2.1.6).
func (p *plan) unknownOn(id, uname string) bool {
	ops := p.historyOn(id, uname)
	if !p.target.Since(pcmk.V2_1_6) {
		return len(ops) == 0
	}
	for _, o := range ops {
		if o.RCCode != pcmk.RCUnknown {
			return false
		}
	}
	return true
}

// migrateToFailure is unpack_migrate_to_failure for a migrate_to that
// failed on n, the source: the resource is active here, and on the target
// too while that is up, its state there is known and nothing newer
// happened there since; else, while nothing newer than the migrate_to ran
// here, it must still be stopped here (a dangling migration).
func (p *plan) migrateToFailure(r *model.Resource, n *model.Node, op *ir.OpRecord) {
	source, target := op.MigrateSource, op.MigrateTarget
	if source == "" || target == "" || source != n.Uname {
		return
	}
	r.Role = pcmk.RoleStarted
	from := p.findOpOK(r.ID, pcmk.TaskMigrateFrom, target, source)
	if !p.unknownOn(r.ID, target) && !p.newerStateAfterMigrate(r.ID, target, op, from) {
		if tn := p.findNode(target); tn >= 0 && p.Nodes[tn].Online {
			p.addRunning(r, p.Nodes[tn], false)
		}
	} else if !p.nonMonitorAfter(r.ID, source, op, true) {
		if !slices.Contains(r.DanglingOn, n.Index) {
			r.DanglingOn = append(r.DanglingOn, n.Index)
		}
	}
}

// migrateFromFailure is unpack_migrate_from_failure for a migrate_from
// that failed on n, the target: the resource is active here, and failed on
// the source too while that is up, its state there is known and nothing
// newer happened there since.
func (p *plan) migrateFromFailure(r *model.Resource, n *model.Node, op *ir.OpRecord) {
	source, target := op.MigrateSource, op.MigrateTarget
	if source == "" || target == "" || target != n.Uname {
		return
	}
	r.Role = pcmk.RoleStarted
	to := p.findOpOK(r.ID, pcmk.TaskMigrateTo, source, target)
	if !p.unknownOn(r.ID, source) && !p.newerStateAfterMigrate(r.ID, source, to, op) {
		if sn := p.findNode(source); sn >= 0 && p.Nodes[sn].Online {
			p.addRunning(r, p.Nodes[sn], true)
		}
	}
}

// migrateToSuccess is unpack_migrate_to_success (as of 2.1.6) for a migrate_to that
// succeeded on n: without a migrate_from on the target, the migration is
// partial and the resource is active on an online target that has no
// newer state (or it has failed, when the target is not and the source has
// no newer operation). A migration superseded on both nodes leaves the
// resource Started here as before, for the entries after it to settle; a
// dangling one (the migrate_from succeeded) leaves it stopped here, to be
// stopped again.
func (p *plan) migrateToSuccess(r *model.Resource, n *model.Node, op *ir.OpRecord) {
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
	// A partial migration to an online target whose state there is
	// unknown waits for the target's probe. Debian 12's 2.1.5 (the 2.1.5
	// oracle, 2.1.5-1+deb12u1) does this too, with unknown_on_node's
	// 2.1.5 meaning (no history there): synth.FailureCIB seeds 8 and 20.
	if tn >= 0 && p.Nodes[tn].Online && p.unknownOn(r.ID, target) {
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
func (p *plan) migrationFailed(r *model.Resource) {
	r.Failed = true
	r.StopFailed = true
	r.AllowMigrate = false
}
