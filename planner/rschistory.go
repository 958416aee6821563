package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"slices"
	"strconv"
	"strings"
)

type historyState struct {
	lastFailure *ir.OpRecord
	onFail      pcmk.OnFail
	// histID and ops are the history entry being unpacked: its id and
	// its operations, oldest first.
	histID string
	ops    []*ir.OpRecord
}

// unpackHistory is unpack_lrm_resource for one resource on one node.
func (p *plan) unpackHistory(n *model.Node, h *ir.ResourceHistory) {
	if len(h.Ops) == 0 && !p.ShutdownLock {
		return
	}
	r := p.historyResource(n, h.ID)
	p.recordOwner(n.Index, h.ID, r)
	if r == nil {
		return // orphans are not shown and not placed
	}
	// What reading this history makes, in the order it makes it.
	cleared, failcounts, stops := len(r.ClearHistory), len(r.ClearFailcount), len(r.StopOn)
	made := func(kind model.UnpackKind, nodes []int, from *int) {
		for _, i := range nodes[*from:] {
			p.UnpackActions = append(p.UnpackActions, model.UnpackAction{Rsc: r, Kind: kind, Node: i})
		}
		*from = len(nodes)
	}
	defer func() { made(model.UnpackStop, r.StopOn, &stops) }()
	if p.ShutdownLock {
		for _, a := range h.Attrs {
			if a.Name != "shutdown-lock" {
				continue
			}
			lock, err := strconv.ParseInt(strings.TrimSpace(a.Value), 10, 64)
			if err != nil || lock == 0 {
				break
			}
			if p.shutdownLockLimit > 0 && p.Now.Unix() > lock+p.shutdownLockLimit {
				// expired: the history is cleared (unpack_shutdown_lock)
				r.ClearHistory = append(r.ClearHistory, n.Index)
				break
			}
			r.LockNode = n.Index
		}
	}
	made(model.UnpackClearHistory, r.ClearHistory, &cleared)
	if len(h.Ops) == 0 {
		return
	}
	saved := r.Role
	r.Role = pcmk.RoleUnknown
	ops := p.sortOps(h.Ops)
	st := &historyState{onFail: pcmk.OnFailIgnore, histID: h.ID, ops: ops}
	for _, op := range ops {
		p.unpackOp(r, n, op, st)
		made(model.UnpackClearFailcount, r.ClearFailcount, &failcounts)
		made(model.UnpackStop, r.StopOn, &stops)
	}
	p.UnpackActions = append(p.UnpackActions, model.UnpackAction{Rsc: r, Kind: model.UnpackRecurring, Node: n.Index})
	p.processState(r, n, st.onFail)
	if role, ok := targetRole(r.Meta["target-role"], r.Promotable); ok {
		if r.NextRole == pcmk.RoleUnknown || role < r.NextRole {
			r.NextRole = role
		}
	}
	if saved > r.Role {
		r.Role = saved
	}
}

// setActive marks a resource active: Unpromoted in a promotable clone
// (unless its history says Promoted), Started otherwise.
func (p *plan) setActive(r *model.Resource) {
	if r.UberParent().Promotable {
		r.Role = pcmk.RoleUnpromoted
	} else {
		r.Role = pcmk.RoleStarted
	}
}

// unpackOp is unpack_rsc_op for a primitive outside any clone.
func (p *plan) unpackOp(r *model.Resource, n *model.Node, op *ir.OpRecord, st *historyState) {
	task := op.Operation
	if !p.affectsState(task) {
		return
	}
	status := op.OpStatus
	if status < pcmk.ExecPending || status > pcmk.ExecNoSecrets {
		return
	}
	rc := op.RCCode
	target := targetRC(op)
	// Since 2.1.6 an agent found missing expires too, and an expired
	// result changes nothing of the resource's state (remap_operation).
	since216 := p.target.Since(pcmk.V2_1_6)
	expired := false
	if (since216 || status != pcmk.ExecNotInstalled) && p.operationExpired(r, n, rc, op) {
		expired = true
	}
	oldRC, oldTarget := rc, target
	rc, status = p.remap(r, n, op, target, rc, status, expired && since216)
	maskable := maskProbeFailure(op)
	if expired && maskable && oldRC != oldTarget {
		if r.Role <= pcmk.RoleStopped {
			r.Role = pcmk.RoleUnknown
		}
		return
	} else if expired && rc != target {
		if op.IntervalMs == 0 {
			return
		} else if n.Online && !n.Unclean {
			return
		}
	}
	if maskable {
		p.updateState(r, n, op, task, target, st)
		p.rscLocation(failureTarget(r), n.Index, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "probe found the agent missing or misconfigured here (masked-probe-failure)"})
		return
	}
	switch status {
	case pcmk.ExecCancelled:
		return
	case pcmk.ExecPending:
		if p.failureIsNewer(op, st.lastFailure) {
			return
		}
		if r.PendingNode < 0 && (op.IntervalMs != 0 || task != pcmk.TaskMonitor) {
			r.PendingNode = n.Index
		}
		switch {
		case task == pcmk.TaskStart:
			p.setActive(r)
		case task == pcmk.TaskPromote:
			r.Role = pcmk.RolePromoted
		case task == pcmk.TaskMigrateTo && n.Unclean:
			if tn := p.findNode(op.MigrateTarget); tn >= 0 && !slices.Contains(r.StopOn, tn) {
				r.StopOn = append(r.StopOn, tn)
			}
		}
		return
	case pcmk.ExecDone:
		p.updateState(r, n, op, task, rc, st)
		return
	case pcmk.ExecNotInstalled:
		fs, _ := p.opFailure(r, op)
		if fs == pcmk.OnFailIgnore {
			st.onFail = pcmk.OnFailMigrate
		}
		p.rscLocation(failureTarget(r), n.Index, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "hard error here: agent not installed, bad parameters or no permission (hard-error)"})
		p.opFailed(r, n, rc, op, st)
		return
	case pcmk.ExecNoFenceDevice, pcmk.ExecNoSecrets:
		status = pcmk.ExecErrorHard
	}
	fs, _ := p.opFailure(r, op)
	if fs == pcmk.OnFailIgnore || (fs == pcmk.OnFailRestartContainer && task == pcmk.TaskStop) {
		p.updateState(r, n, op, task, target, st)
		r.FailureIgnored = true
		if fs == pcmk.OnFailRestartContainer && cmpOnFail(st.onFail, pcmk.OnFailRestart) <= 0 {
			// A contained resource's failed stop counts as done, but its
			// container restarts (process_rsc_state).
			st.onFail = fs
		}
		return
	}
	p.opFailed(r, n, rc, op, st)
	if status == pcmk.ExecErrorHard {
		p.rscLocation(failureTarget(r), n.Index, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "hard error here: agent not installed, bad parameters or no permission (hard-error)"})
	} else if status == pcmk.ExecErrorFatal {
		p.rscLocation(failureTarget(r), -1, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "fatal error: the agent reports it is not configured (fatal-error)"})
	}
}

// remap is remap_operation: it turns the recorded result into the status
// the scheduler acts on, given what was expected.
// Since 2.1.6 (pcmk__effective_rc) every task's degraded result counts as
// its successful counterpart, not only a monitor's; an expired result
// (expired is only set since 2.1.6) neither blocks the resource nor makes
// it promoted.
func (p *plan) remap(r *model.Resource, n *model.Node, op *ir.OpRecord, target, rc pcmk.OCFRC, status pcmk.ExecStatus, expired bool) (pcmk.OCFRC, pcmk.ExecStatus) {
	if op.Operation == pcmk.TaskMonitor || p.target.Since(pcmk.V2_1_6) {
		switch rc {
		case pcmk.RCDegraded:
			rc = pcmk.RCOK
		case pcmk.RCDegradedPromoted:
			rc = pcmk.RCRunningPromoted
		}
	}
	if maskProbeFailure(op) {
		status = pcmk.ExecDone
		rc = pcmk.RCNotRunning
	}
	if status != pcmk.ExecDone && status != pcmk.ExecError {
		return rc, status
	}
	status = pcmk.ExecDone
	probe := isProbe(op)
	if target < 0 || target != rc {
		status = pcmk.ExecError
	}
	switch rc {
	case pcmk.RCOK:
		if probe && target == pcmk.RCNotRunning {
			status = pcmk.ExecDone
		}
	case pcmk.RCNotRunning:
		if probe || target == rc || !r.Managed {
			r.Role = pcmk.RoleStopped
			r.NextRole = pcmk.RoleUnknown
			status = pcmk.ExecDone
		}
	case pcmk.RCRunningPromoted:
		if probe && rc != target {
			status = pcmk.ExecDone
		}
		if !expired || rc == target {
			r.Role = pcmk.RolePromoted
		}
	case pcmk.RCDegradedPromoted, pcmk.RCFailedPromoted:
		if !expired {
			r.Role = pcmk.RolePromoted
		}
		status = pcmk.ExecError
	case pcmk.RCNotConfigured:
		status = pcmk.ExecErrorFatal
	case pcmk.RCUnimplemented:
		if op.IntervalMs == 0 {
			if !expired {
				p.checkRecoverable(r, n, op.Operation)
			}
			status = pcmk.ExecErrorHard
		} else {
			status = pcmk.ExecNotSupported
		}
	case pcmk.RCNotInstalled, pcmk.RCErrArgs, pcmk.RCErrPerm:
		if !expired {
			p.checkRecoverable(r, n, op.Operation)
		}
		status = pcmk.ExecErrorHard
	default:
		if status == pcmk.ExecDone {
			status = pcmk.ExecError
		}
	}
	return rc, status
}

func (p *plan) checkRecoverable(r *model.Resource, n *model.Node, task pcmk.Task) {
	if task != pcmk.TaskStop || p.canFenceNode(n) {
		return
	}
	r.Managed = false
	r.Blocked = true
}

// affectsState reports whether a history entry of task can change what
// the resource's state is read as. Up to 2.1.5 every task but notify and
// meta-data does (a cancel or reload recorded after a stop reads the
// resource as active again); since 2.1.6 only the tasks that start, stop,
// change the role of or observe a resource do.
func (p *plan) affectsState(task pcmk.Task) bool {
	if !p.target.Since(pcmk.V2_1_6) {
		return task != pcmk.TaskNotify && task != pcmk.TaskMetaData && task != ""
	}
	switch task {
	case pcmk.TaskMonitor, pcmk.TaskStart, pcmk.TaskStop, pcmk.TaskPromote, pcmk.TaskDemote,
		pcmk.TaskMigrateTo, pcmk.TaskMigrateFrom, pcmk.TaskAsyncMonitor:
		return true
	}
	return false
}

// updateState is update_resource_state.
func (p *plan) updateState(r *model.Resource, n *model.Node, op *ir.OpRecord, task pcmk.Task, rc pcmk.OCFRC, st *historyState) {
	clear := false
	switch {
	case rc == pcmk.RCNotInstalled || maskProbeFailure(op):
		r.Role = pcmk.RoleStopped
	case rc == pcmk.RCNotRunning:
		clear = true
	case task == pcmk.TaskMonitor:
		if st.lastFailure != nil && opKey(op) == opKey(st.lastFailure) {
			clear = true
		}
		if r.Role < pcmk.RoleStarted {
			p.setActive(r)
		}
	case task == pcmk.TaskStart:
		r.Role = pcmk.RoleStarted
		clear = true
	case task == pcmk.TaskStop:
		r.Role = pcmk.RoleStopped
		clear = true
	case task == pcmk.TaskPromote:
		r.Role = pcmk.RolePromoted
		clear = true
	case task == pcmk.TaskDemote:
		if st.onFail == pcmk.OnFailDemote {
			clear = true
		}
		r.Role = pcmk.RoleUnpromoted
	case task == pcmk.TaskMigrateFrom:
		r.Role = pcmk.RoleStarted
		clear = true
	case task == pcmk.TaskMigrateTo:
		p.migrateToSuccess(r, n, op)
	default:
		if r.Role < pcmk.RoleStarted {
			p.setActive(r)
		}
	}
	if clear {
		switch st.onFail {
		case pcmk.OnFailStop, pcmk.OnFailFence, pcmk.OnFailMigrate, pcmk.OnFailStandby:
		case pcmk.OnFailResetRemote:
			// Without a reconnect interval the connection may start
			// again once the remote node was fenced and stopped: a
			// later success clears the lost connection. With one, the
			// failure must expire first.
			if r.ReconnectMs == 0 {
				st.onFail = pcmk.OnFailIgnore
				r.NextRole = pcmk.RoleUnknown
			}
		default:
			st.onFail = pcmk.OnFailIgnore
			r.NextRole = pcmk.RoleUnknown
		}
	}
}

// opFailure returns the on-fail response and the role after failure for
// an operation (unpack_operation).
func (p *plan) opFailure(r *model.Resource, op *ir.OpRecord) (pcmk.OnFail, pcmk.Role) {
	task := op.Operation
	conf := opConfig(r, task, op.IntervalMs)
	meta := map[string]string{}
	env := &RuleEnv{Now: p.Now, Agent: &r.Agent, OpName: string(task), OpIntervalMs: op.IntervalMs, OpSet: true}
	p.unpackSets(p.CIB.Config.OpDefaults, ir.MetaAttributes, env, meta, false, "")
	if conf != nil {
		p.unpackSets(conf.Sets, ir.MetaAttributes, env, meta, true, "")
		if conf.OnFail != "" {
			meta["on-fail"] = conf.OnFail
		}
	}
	// text is the on-fail value as given, "" when none is or once it is
	// discarded; fail is what it says, when set.
	text := meta["on-fail"]
	fail, set := onFailValue(text, r.Container != nil)
	if task == pcmk.TaskStop && set && (fail == pcmk.OnFailStandby || fail == pcmk.OnFailDemote || fail == pcmk.OnFailStop) {
		text, set = "", false
	}
	if set && fail == pcmk.OnFailDemote && !(task == pcmk.TaskPromote || (task == pcmk.TaskMonitor && conf != nil && pcmk.ParseRole(string(conf.Role)) == pcmk.RolePromoted && op.IntervalMs > 0)) {
		text, set = "", false
	}
	if task == pcmk.TaskDemote && text == "" {
		for _, o := range r.OpDefs {
			if o.OnFail == "" || (o.Enabled != nil && !o.Enabled.Value) || !strings.EqualFold(o.Name, string(pcmk.TaskMonitor)) ||
				pcmk.ParseRole(string(o.Role)) != pcmk.RolePromoted || o.Interval.Ms == 0 {
				continue
			}
			if f, ok := pcmk.ParseOnFail(o.OnFail); ok && f == pcmk.OnFailDemote {
				continue
			}
			text = o.OnFail
			fail, set = onFailValue(text, r.Container != nil)
			break
		}
	}
	result, failRole := fail, pcmk.RoleUnknown
	if set && fail == pcmk.OnFailFence && !p.StonithEnabled {
		result, failRole = pcmk.OnFailStop, pcmk.RoleStopped
	} else if set && fail == pcmk.OnFailStop {
		failRole = pcmk.RoleStopped
	}
	switch {
	case !set && r.Container != nil:
		result = pcmk.OnFailRestartContainer
	case (!set || !r.Managed) && p.isRemoteConn(r) && !isProbe(op) && task != pcmk.TaskStart:
		// Losing an active connection fences the remote node, or,
		// without fencing, recovers the connection; an unmanaged
		// one is stopped.
		if !r.Managed {
			result, failRole = pcmk.OnFailStop, pcmk.RoleStopped
		} else {
			result = pcmk.OnFailResetRemote
			if r.ReconnectMs > 0 {
				failRole = pcmk.RoleStopped
			}
		}
	case !set && task == pcmk.TaskStop && p.StonithEnabled:
		result = pcmk.OnFailFence
	case !set && task == pcmk.TaskStop:
		result = pcmk.OnFailBlock
	case !set:
		result = pcmk.OnFailRestart
	}
	if failRole == pcmk.RoleUnknown {
		if v := meta["role_after_failure"]; v != "" {
			failRole = pcmk.ParseRole(v)
		}
	}
	if failRole == pcmk.RoleUnknown {
		if task == pcmk.TaskPromote {
			failRole = pcmk.RoleUnpromoted
		} else {
			failRole = pcmk.RoleStarted
		}
	}
	return result, failRole
}

// onFailValue reads an on-fail value as unpack_operation does:
// restart-container, for a resource without a container, is as if no
// value were given, like any value Pacemaker does not know.
func onFailValue(text string, contained bool) (pcmk.OnFail, bool) {
	f, ok := pcmk.ParseOnFail(text)
	if !ok || (f == pcmk.OnFailRestartContainer && !contained) {
		return pcmk.OnFailRestart, false
	}
	return f, true
}

// opFailed is unpack_rsc_op_failure.
func (p *plan) opFailed(r *model.Resource, n *model.Node, rc pcmk.OCFRC, op *ir.OpRecord, st *historyState) {
	st.lastFailure = op
	fs, failRole := p.opFailure(r, op)
	if cmpOnFail(st.onFail, fs) < 0 {
		st.onFail = fs
	}
	switch op.Operation {
	case pcmk.TaskStop:
		p.rscLocation(r, n.Index, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "stop failed here (__stop_fail__)"})
	case pcmk.TaskMigrateTo:
		p.migrateToFailure(r, n, op)
	case pcmk.TaskMigrateFrom:
		p.migrateFromFailure(r, n, op)
	case pcmk.TaskPromote:
		r.Role = pcmk.RolePromoted
	case pcmk.TaskDemote:
		if fs == pcmk.OnFailBlock {
			r.Role = pcmk.RolePromoted
			r.NextRole = pcmk.RoleStopped
		} else if rc == pcmk.RCNotRunning {
			r.Role = pcmk.RoleStopped
		} else {
			r.Role = pcmk.RoleUnpromoted
		}
	}
	if isProbe(op) && rc == pcmk.RCNotInstalled {
		r.Role = pcmk.RoleStopped
	} else if r.Role < pcmk.RoleStarted {
		p.setActive(r)
	}
	if failRole != pcmk.RoleStarted && r.NextRole < failRole {
		r.NextRole = failRole
	}
	if failRole == pcmk.RoleStopped {
		r.Allowed = model.NewTable(len(p.Nodes), p.trails)
		for i := range p.Nodes {
			r.Allowed.Insert(i, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "on-fail=stop after " + opKey(op)})
		}
	}
}

// processState is process_rsc_state.
func (p *plan) processState(r *model.Resource, n *model.Node, of pcmk.OnFail) {
	if r.Role != pcmk.RoleUnknown {
		// known_on: the resource, and up to the first unique ancestor.
		for q := r; q != nil; q = q.Parent {
			if q.Known == nil {
				q.Known = make([]bool, len(p.Nodes))
			}
			q.Known[n.Index] = true
			if q.Unique {
				break
			}
		}
	}
	if r.Role > pcmk.RoleStopped && !n.Online && !n.Maintenance && r.Managed {
		p.activeOnDownNode(r, n)
	}
	saved := of
	if n.Unclean {
		of = pcmk.OnFailIgnore
	}
	switch of {
	case pcmk.OnFailDemote:
		r.Failed = true
		r.DemoteFailedOn = append(r.DemoteFailedOn, n.Index)
	case pcmk.OnFailFence:
		p.fenceNode(n, r.ID+" failed there")
	case pcmk.OnFailResetRemote:
		p.resetRemote(r)
	case pcmk.OnFailRestartContainer:
		r.Failed = true
		r.StopFailed = true
		switch c := r.Container; {
		case c != nil && isBundled(r):
			// A bundle's connection may run elsewhere than its
			// container, whose node is known only once every history is
			// read (unpackStatus).
			p.containerStops = append(p.containerStops, c)
		case c != nil:
			c.StopRequiredOn = addNode(c.StopRequiredOn, n.Index)
			p.unpackStop(c, n)
		case r.Role != pcmk.RoleStopped && r.Role != pcmk.RoleUnknown:
			p.unpackStop(r, n)
		}
	case pcmk.OnFailStandby:
		n.Standby = true
	case pcmk.OnFailBlock:
		r.Managed = false
		r.Blocked = true
	case pcmk.OnFailMigrate:
		p.rscLocation(r, n.Index, -ir.Infinity, &model.Cause{Kind: model.CauseFailure, Text: "failed here with on-fail=migrate (__action_migration_auto__)"})
	case pcmk.OnFailStop:
		r.NextRole = pcmk.RoleStopped
	case pcmk.OnFailRestart:
		if r.Role != pcmk.RoleStopped && r.Role != pcmk.RoleUnknown {
			r.Failed = true
			r.StopFailed = true
			p.unpackStop(r, n)
			// Recovery's stop here is made now, before any other action
			// of the resource (process_rsc_state's stop_action).
			if !slices.Contains(r.StopOn, n.Index) {
				r.StopOn = append(r.StopOn, n.Index)
			}
		}
	}
	// A failed connection of an unclean remote node means fencing, even
	// if the connection could come back elsewhere.
	if r.Failed && r.RemoteNode != nil && r.RemoteNode.Unclean {
		r.RemoteNode.Unseen = false
	}
	if r.Role != pcmk.RoleStopped && r.Role != pcmk.RoleUnknown {
		p.addRunning(r, n, saved != pcmk.OnFailIgnore)
		if of != pcmk.OnFailIgnore {
			r.Failed = true
			if of != pcmk.OnFailDemote && of != pcmk.OnFailBlock {
				r.StopFailed = true
			}
		}
	} else if strings.Contains(r.CloneName, ":") {
		// A stopped instance keeps no numbered name from an old status
		// section, or stopped instances would look like orphans.
		p.setCloneName(r, "")
	}
	// A stop after a migrate_to on the migration source leaves the
	// partially migrated resource active on the target (process_rsc_state).
	if pm := r.PartialMigration; pm != nil && r.Role == pcmk.RoleStopped && pm.Source == n.Index && len(r.RunningOn) > 0 {
		r.Role = pcmk.RoleStarted
	}
}

// addRunning is native_add_running.
func (p *plan) addRunning(r *model.Resource, n *model.Node, failed bool) {
	for _, i := range r.RunningOn {
		if i == n.Index {
			return
		}
	}
	r.RunningOn = append(r.RunningOn, n.Index)
	if r.Kind == model.KindPrimitive && n.Maintenance {
		r.Managed = false
	}
	if !r.Managed {
		p.rscLocation(r, n.Index, ir.Infinity, &model.Cause{Kind: model.CauseUnmanaged, Text: "not_managed_default (unmanaged: stays where it is active)"})
		for q := r.Parent; q != nil && n.Online; q = q.Parent {
			q.RunningOn = append(q.RunningOn, n.Index)
		}
		return
	}
	if p.multiplyActive(r) {
		switch {
		case r.StopOnly:
			r.Allowed = model.NewTable(len(p.Nodes), p.trails)
			for i := range p.Nodes {
				r.Allowed.Insert(i, -ir.Infinity, &model.Cause{Kind: model.CauseMultipleActive, Text: "multiple-active=stop_only"})
			}
		case r.MultipleBlock:
			r.Managed = false
			r.Blocked = true
			if r.Parent != nil && r.Parent.MultipleBlock {
				for _, c := range r.Parent.Children {
					c.Managed = false
					c.Blocked = true
				}
			}
		}
	}
	if r.Parent != nil {
		p.addRunning(r.Parent, n, false)
	}
}

func (p *plan) multiplyActive(r *model.Resource) bool {
	if r.Kind != model.KindPrimitive {
		return false // is_multiply_active counts primitives only
	}
	count := 0
	for _, i := range r.RunningOn {
		n := p.Nodes[i]
		if r.NeedsFencing || (n.Online && !n.Unclean) {
			count++
		}
	}
	return count > 1
}

// currentNode is pe__current_node.
func (p *plan) currentNode(r *model.Resource) int {
	active := -1
	for _, i := range r.RunningOn {
		n := p.Nodes[i]
		happy := n.Online && !n.Unclean
		keepLooking := false
		switch {
		case r.PartialMigration != nil:
			// A partially migrated resource is active on its source.
			if i == r.PartialMigration.Source {
				active = i
			} else {
				keepLooking = true
			}
		case !r.NeedsFencing:
			if happy && (active < 0 || !p.Nodes[active].Online || p.Nodes[active].Unclean) {
				active = i
			} else {
				keepLooking = true
			}
		}
		if active < 0 {
			active = i
		}
		if !keepLooking {
			break
		}
	}
	return active
}

// failureTarget is what a hard failure of r bans: r itself, or for an
// anonymous clone instance the whole clone, as every instance would fail
// alike there (unpack_rsc_op's parent).
func failureTarget(r *model.Resource) *model.Resource {
	if !r.Unique {
		return r.UberParent()
	}
	return r
}

// failureIsNewer reports whether, since 2.1.6, a pending operation is no
// longer pending because the resource's last failure is of the same
// action and interval and not older: a recurring monitor records its
// failure only in the last_failure entry (failure_is_newer, called by
// process_pending_action).
func (p *plan) failureIsNewer(op, lastFailure *ir.OpRecord) bool {
	if !p.target.Since(pcmk.V2_1_6) || lastFailure == nil {
		return false
	}
	if lastFailure.Operation != op.Operation || lastFailure.IntervalMs != op.IntervalMs {
		return false
	}
	// A time not recorded reads as 0, as pcmk__scan_ll gives it.
	return lastFailure.LastRCChange >= op.LastRCChange
}
