package planner

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// onFail is Pacemaker's enum action_fail_response, in its order.
type onFail int8

const (
	failIgnore onFail = iota
	failDemote
	failRecover
	failMigrate
	failBlock
	failStop
	failStandby
	failFence
	failRestartContainer
	failResetRemote
)

// cmpOnFail orders failure responses by severity (cmp_on_fail).
func cmpOnFail(a, b onFail) int {
	switch a {
	case failDemote:
		switch b {
		case failIgnore:
			return 1
		case failDemote:
			return 0
		}
		return -1
	case failResetRemote:
		switch b {
		case failIgnore, failDemote, failRecover:
			return 1
		case failResetRemote:
			return 0
		}
		return -1
	case failRestartContainer:
		switch b {
		case failIgnore, failDemote, failRecover, failResetRemote:
			return 1
		case failRestartContainer:
			return 0
		}
		return -1
	}
	switch b {
	case failDemote:
		if a == failIgnore {
			return -1
		}
		return 1
	case failResetRemote:
		switch a {
		case failIgnore, failDemote, failRecover:
			return -1
		}
		return 1
	case failRestartContainer:
		switch a {
		case failIgnore, failDemote, failRecover, failResetRemote:
			return -1
		}
		return 1
	}
	return int(severity(a)) - int(severity(b))
}

// severity is the numeric value of the C enum for the plain cases.
func severity(f onFail) int {
	switch f {
	case failIgnore:
		return 0
	case failDemote:
		return 1
	case failRecover:
		return 2
	case failMigrate:
		return 3
	case failBlock:
		return 4
	case failStop:
		return 5
	case failStandby:
		return 6
	case failFence:
		return 7
	case failRestartContainer:
		return 8
	}
	return 9
}

// Executor statuses and agent exit codes that history interpretation uses.
const (
	execPending      = -1
	execDone         = 0
	execCancelled    = 1
	execTimeout      = 2
	execNotSupported = 3
	execError        = 4
	execErrorHard    = 5
	execErrorFatal   = 6
	execNotInstalled = 7
	execMax          = 11

	ocfOK              = 0
	ocfInvalidParam    = 2
	ocfUnimplemented   = 3
	ocfInsufficentPriv = 4
	ocfNotInstalled    = 5
	ocfNotConfigured   = 6
	ocfNotRunning      = 7
	ocfRunningPromoted = 8
	ocfFailedPromoted  = 9
	ocfDegraded        = 190
	ocfDegradedPromote = 191
)

func (p *Plan) unpackStatus() {
	st := p.CIB.Status
	if st == nil {
		return
	}
	var states []*ir.NodeState
	var nodes []int
	for _, ns := range st.Nodes {
		i := p.findNodeAny(ns.ID, ns.Uname)
		if ns.ID == "" || ns.Uname == "" || i < 0 {
			continue
		}
		n := p.Nodes[i]
		if n.Type == "remote" {
			continue
		}
		p.unpackSets(ns.Transient, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, n.Attrs, true, "")
		if isTrueDefault(n.Attrs["standby"], false) {
			n.Standby = true
		}
		if isTrueDefault(n.Attrs["maintenance"], false) {
			n.Maintenance = true
		}
		n.Unclean = false
		n.Unseen = false
		p.onlineStatus(ns, n)
		states = append(states, ns)
		nodes = append(nodes, i)
	}
	p.columns = map[string]*attrColumn{}
	done := make([]bool, len(states))
	for pass := 0; pass < 2; pass++ {
		for k, ns := range states {
			n := p.Nodes[nodes[k]]
			if done[k] {
				continue
			}
			if pass == 0 && !p.StonithEnabled && !p.ShutdownLock && !n.Online {
				continue
			}
			if pass == 1 && !p.StonithEnabled {
				continue
			}
			done[k] = true
			for _, h := range ns.Resources {
				p.unpackHistory(n, h)
			}
		}
	}
}

func (p *Plan) findNodeAny(id, uname string) int {
	if i, ok := p.nodeByID[id]; ok {
		return i
	}
	return p.findNode(uname)
}

// shutdownRequested is pe__shutdown_requested: a shutdown attribute that
// is present and not "0".
func shutdownRequested(n *Node) bool {
	v, ok := n.Attrs["shutdown"]
	return ok && v != "0"
}

// onlineStatus is determine_online_status.
func (p *Plan) onlineStatus(ns *ir.NodeState, n *Node) {
	n.Shutdown = false
	n.ExpectedUp = false
	if shutdownRequested(n) {
		n.Shutdown = true
	} else if strings.EqualFold(ns.Expected, "member") {
		n.ExpectedUp = true
	}
	online := false
	inCluster, _ := ir.ParseBool(ns.InCCM)
	crmdOnline := strings.EqualFold(ns.Crmd, "online")
	join := strings.ToLower(ns.Join)
	switch {
	case n.Type == "ping":
		n.Unclean = false
	case !p.StonithEnabled:
		if !inCluster {
		} else if crmdOnline {
			online = join == "member"
		} else if !n.ExpectedUp {
		} else {
			p.fence(n)
		}
	default:
		term := n.Attrs["terminate"]
		doTerminate := isTrueDefault(term, false) || (term != "" && term[0] != '0' && isDigit(term[0]))
		exp := strings.ToLower(ns.Expected)
		if exp == "" {
			exp = "down"
		}
		inCCMSet := ns.InCCM != ""
		online = inCluster
		switch {
		case n.Shutdown:
			online = crmdOnline
		case !inCCMSet:
			p.fence(n)
		case join == "banned":
			p.fence(n)
		case !doTerminate && exp == "down":
			if inCluster || crmdOnline {
				n.Standby = true
				n.Pending = true
			}
		case doTerminate && join == "down" && !inCluster && !crmdOnline:
			online = false
		case !inCluster:
			p.fence(n)
		case !crmdOnline:
			p.fence(n)
		case doTerminate:
			p.fence(n)
		case join == "member":
		case join == "pending" || join == "down":
			n.Standby = true
			n.Pending = true
		default:
			p.fence(n)
		}
	}
	if online {
		n.Online = true
	} else {
		n.Weight = -ir.Infinity
	}
	if online && n.Shutdown {
		n.Weight = -ir.Infinity
	}
}

// fence marks a node unclean (pe_fence_node without the fencing action).
func (p *Plan) fence(n *Node) {
	n.Unclean = true
}

func (p *Plan) canFence() bool {
	return p.StonithEnabled && p.HaveStonith && (p.HaveQuorum || p.NoQuorumPolicy == "ignore")
}

func opAttr(op *ir.OpRecord, name string) (string, bool) {
	for _, a := range op.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

func opKey(op *ir.OpRecord) string {
	if op.OperationKey != "" {
		return op.OperationKey
	}
	return op.ID
}

// targetRC decodes the expected result from the transition key.
func targetRC(op *ir.OpRecord) int {
	k := op.TransitionKey
	if k == "" {
		return -1
	}
	parts := strings.SplitN(k, ":", 4)
	if len(parts) < 4 {
		return -1
	}
	v, err := strconv.Atoi(parts[2])
	if err != nil {
		return -1
	}
	return v
}

func isProbe(op *ir.OpRecord) bool { return op.Operation == "monitor" && op.IntervalMs == 0 }

func maskProbeFailure(op *ir.OpRecord) bool {
	return isProbe(op) && (op.RCCode == ocfNotInstalled || op.RCCode == ocfInvalidParam || op.OpStatus == execNotInstalled)
}

type historyState struct {
	lastFailure *ir.OpRecord
	onFail      onFail
}

// unpackHistory is unpack_lrm_resource for one resource on one node.
func (p *Plan) unpackHistory(n *Node, h *ir.ResourceHistory) {
	if len(h.Ops) == 0 && !p.ShutdownLock {
		return
	}
	r := p.byID[h.ID]
	if r == nil || r.Kind != KindPrimitive {
		return // orphans are not shown and not placed
	}
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
				break // expired: the history is cleared
			}
			r.LockNode = n.Index
		}
	}
	if len(h.Ops) == 0 {
		return
	}
	saved := r.Role
	r.Role = pcmk.RoleUnknown
	ops := sortOps(h.Ops)
	st := &historyState{onFail: failIgnore}
	for _, op := range ops {
		p.unpackOp(r, n, op, st)
	}
	p.processState(r, n, st.onFail)
	if role, ok := targetRole(r.Meta["target-role"]); ok {
		if r.NextRole == pcmk.RoleUnknown || role < r.NextRole {
			r.NextRole = role
		}
	}
	if saved > r.Role {
		r.Role = saved
	}
}

func (p *Plan) setActive(r *Resource) { r.Role = pcmk.RoleStarted }

// unpackOp is unpack_rsc_op for a primitive outside any clone.
func (p *Plan) unpackOp(r *Resource, n *Node, op *ir.OpRecord, st *historyState) {
	task := op.Operation
	if task == "notify" || task == "meta-data" || task == "" {
		return
	}
	status := op.OpStatus
	if status < execPending || status > execMax {
		return
	}
	rc := op.RCCode
	target := targetRC(op)
	expired := false
	if status != execNotInstalled && p.operationExpired(r, n, rc, op) {
		expired = true
	}
	oldRC, oldTarget := rc, target
	rc, status = p.remap(r, n, op, target, rc, status)
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
		p.rscLocation(r, n.Index, -ir.Infinity, "probe found the agent missing or misconfigured here (masked-probe-failure)")
		return
	}
	switch status {
	case execCancelled:
		return
	case execPending:
		if task == "start" {
			p.setActive(r)
		} else if task == "promote" {
			r.Role = pcmk.RolePromoted
		}
		return
	case execDone:
		p.updateState(r, n, op, task, rc, st)
		return
	case execNotInstalled:
		fs, _ := p.opFailure(r, op)
		if fs == failIgnore {
			st.onFail = failMigrate
		}
		p.rscLocation(r, n.Index, -ir.Infinity, "hard error here: agent not installed, bad parameters or no permission (hard-error)")
		p.opFailed(r, n, rc, op, st)
		return
	case 10, 11:
		status = execErrorHard
	}
	fs, _ := p.opFailure(r, op)
	if fs == failIgnore || (fs == failRestartContainer && task == "stop") {
		p.updateState(r, n, op, task, target, st)
		r.FailureIgnored = true
		return
	}
	p.opFailed(r, n, rc, op, st)
	if status == execErrorHard {
		p.rscLocation(r, n.Index, -ir.Infinity, "hard error here: agent not installed, bad parameters or no permission (hard-error)")
	} else if status == execErrorFatal {
		p.rscLocation(r, -1, -ir.Infinity, "fatal error: the agent reports it is not configured (fatal-error)")
	}
}

// remap is remap_operation: it turns the recorded result into the status
// the scheduler acts on, given what was expected.
func (p *Plan) remap(r *Resource, n *Node, op *ir.OpRecord, target, rc, status int) (int, int) {
	if op.Operation == "monitor" {
		switch rc {
		case ocfDegraded:
			rc = ocfOK
		case ocfDegradedPromote:
			rc = ocfRunningPromoted
		}
	}
	if maskProbeFailure(op) {
		status = execDone
		rc = ocfNotRunning
	}
	if status != execDone && status != execError {
		return rc, status
	}
	status = execDone
	probe := isProbe(op)
	if target < 0 || target != rc {
		status = execError
	}
	switch rc {
	case ocfOK:
		if probe && target == ocfNotRunning {
			status = execDone
		}
	case ocfNotRunning:
		if probe || target == rc || !r.Managed {
			r.Role = pcmk.RoleStopped
			r.NextRole = pcmk.RoleUnknown
			status = execDone
		}
	case ocfRunningPromoted:
		if probe && rc != target {
			status = execDone
		}
		r.Role = pcmk.RolePromoted
	case ocfDegradedPromote, ocfFailedPromoted:
		r.Role = pcmk.RolePromoted
		status = execError
	case ocfNotConfigured:
		status = execErrorFatal
	case ocfUnimplemented:
		if op.IntervalMs == 0 {
			p.checkRecoverable(r, n, op.Operation)
			status = execErrorHard
		} else {
			status = execNotSupported
		}
	case ocfNotInstalled, ocfInvalidParam, ocfInsufficentPriv:
		p.checkRecoverable(r, n, op.Operation)
		status = execErrorHard
	default:
		if status == execDone {
			status = execError
		}
	}
	return rc, status
}

func (p *Plan) checkRecoverable(r *Resource, n *Node, task string) {
	if task != "stop" || p.canFence() {
		return
	}
	r.Managed = false
	r.Blocked = true
}

// updateState is update_resource_state.
func (p *Plan) updateState(r *Resource, n *Node, op *ir.OpRecord, task string, rc int, st *historyState) {
	clear := false
	switch {
	case rc == ocfNotInstalled || maskProbeFailure(op):
		r.Role = pcmk.RoleStopped
	case rc == ocfNotRunning:
		clear = true
	case task == "monitor":
		if st.lastFailure != nil && opKey(op) == opKey(st.lastFailure) {
			clear = true
		}
		if r.Role < pcmk.RoleStarted {
			p.setActive(r)
		}
	case task == "start":
		r.Role = pcmk.RoleStarted
		clear = true
	case task == "stop":
		r.Role = pcmk.RoleStopped
		clear = true
	case task == "promote":
		r.Role = pcmk.RolePromoted
		clear = true
	case task == "demote":
		if st.onFail == failDemote {
			clear = true
		}
		r.Role = pcmk.RoleUnpromoted
	case task == "migrate_from":
		r.Role = pcmk.RoleStarted
		clear = true
	case task == "migrate_to":
		p.migrateToSuccess(r, n, op)
	default:
		if r.Role < pcmk.RoleStarted {
			p.setActive(r)
		}
	}
	if clear {
		switch st.onFail {
		case failStop, failFence, failMigrate, failStandby:
		case failResetRemote:
		default:
			st.onFail = failIgnore
			r.NextRole = pcmk.RoleUnknown
		}
	}
}

// migrateToSuccess approximates unpack_migrate_to_success: a successful
// migrate_to leaves the resource active on the source until a migrate_from
// or stop shows otherwise.
func (p *Plan) migrateToSuccess(r *Resource, n *Node, op *ir.OpRecord) {
	if r.Role < pcmk.RoleStarted {
		r.Role = pcmk.RoleStarted
	}
}

// opConfig finds the configured operation for a history entry.
func opConfig(r *Resource, name string, intervalMs int64) *ir.Op {
	for _, o := range r.OpDefs {
		if strings.EqualFold(o.Name, name) && o.Interval.Ms == intervalMs {
			return o
		}
	}
	if strings.HasPrefix(name, "migrate") {
		for _, o := range r.OpDefs {
			if strings.EqualFold(o.Name, "migrate") && o.Interval.Ms == 0 {
				return o
			}
		}
	}
	return nil
}

// opFailure returns the on-fail response and the role after failure for
// an operation (unpack_operation).
func (p *Plan) opFailure(r *Resource, op *ir.OpRecord) (onFail, pcmk.Role) {
	task := op.Operation
	conf := opConfig(r, task, op.IntervalMs)
	meta := map[string]string{}
	env := &RuleEnv{Now: p.Now, Agent: &r.Agent, OpName: task, OpIntervalMs: op.IntervalMs, OpSet: true}
	p.unpackSets(p.CIB.Config.OpDefaults, ir.MetaAttributes, env, meta, false, "")
	if conf != nil {
		p.unpackSets(conf.Sets, ir.MetaAttributes, env, meta, true, "")
		if conf.OnFail != "" {
			meta["on-fail"] = conf.OnFail
		}
	}
	value := strings.ToLower(meta["on-fail"])
	if task == "stop" && (value == "standby" || value == "demote" || value == "stop") {
		value = ""
	}
	if value == "demote" && !(task == "promote" || (task == "monitor" && conf != nil && pcmk.ParseRole(string(conf.Role)) == pcmk.RolePromoted && op.IntervalMs > 0)) {
		value = ""
	}
	if task == "demote" && value == "" {
		for _, o := range r.OpDefs {
			if o.OnFail == "" || (o.Enabled != nil && !o.Enabled.Value) || !strings.EqualFold(o.Name, "monitor") ||
				pcmk.ParseRole(string(o.Role)) != pcmk.RolePromoted || o.Interval.Ms == 0 || strings.EqualFold(o.OnFail, "demote") {
				continue
			}
			value = strings.ToLower(o.OnFail)
			break
		}
	}
	result, failRole := failRecover, pcmk.RoleUnknown
	set := true
	switch value {
	case "block":
		result = failBlock
	case "fence":
		result = failFence
		if !p.StonithEnabled {
			result, failRole = failStop, pcmk.RoleStopped
		}
	case "standby":
		result = failStandby
	case "ignore", "nothing":
		result = failIgnore
	case "migrate":
		result = failMigrate
	case "stop":
		result, failRole = failStop, pcmk.RoleStopped
	case "restart":
		result = failRecover
	case "demote":
		result = failDemote
	default:
		set = false
	}
	if !set {
		if task == "stop" {
			if p.StonithEnabled {
				result = failFence
			} else {
				result = failBlock
			}
		} else {
			result = failRecover
		}
	}
	if failRole == pcmk.RoleUnknown {
		if v := meta["role_after_failure"]; v != "" {
			failRole = pcmk.ParseRole(v)
		}
	}
	if failRole == pcmk.RoleUnknown {
		if task == "promote" {
			failRole = pcmk.RoleUnpromoted
		} else {
			failRole = pcmk.RoleStarted
		}
	}
	return result, failRole
}

// opFailed is unpack_rsc_op_failure.
func (p *Plan) opFailed(r *Resource, n *Node, rc int, op *ir.OpRecord, st *historyState) {
	st.lastFailure = op
	fs, failRole := p.opFailure(r, op)
	if cmpOnFail(st.onFail, fs) < 0 {
		st.onFail = fs
	}
	switch op.Operation {
	case "stop":
		p.rscLocation(r, n.Index, -ir.Infinity, "stop failed here (__stop_fail__)")
	case "promote":
		r.Role = pcmk.RolePromoted
	case "demote":
		if fs == failBlock {
			r.Role = pcmk.RolePromoted
			r.NextRole = pcmk.RoleStopped
		} else if rc == ocfNotRunning {
			r.Role = pcmk.RoleStopped
		} else {
			r.Role = pcmk.RoleUnpromoted
		}
	}
	if isProbe(op) && rc == ocfNotInstalled {
		r.Role = pcmk.RoleStopped
	} else if r.Role < pcmk.RoleStarted {
		p.setActive(r)
	}
	if failRole != pcmk.RoleStarted && r.NextRole < failRole {
		r.NextRole = failRole
	}
	if failRole == pcmk.RoleStopped {
		r.Allowed = model.NewTable(len(p.Nodes), p.trail)
		for i := range p.Nodes {
			r.Allowed.Insert(i, -ir.Infinity, "on-fail=stop after "+opKey(op))
		}
	}
}

// processState is process_rsc_state.
func (p *Plan) processState(r *Resource, n *Node, of onFail) {
	if r.Role > pcmk.RoleStopped && !n.Online && !n.Maintenance && r.Managed {
		if p.StonithEnabled {
			p.fence(n)
		}
	}
	saved := of
	if n.Unclean {
		of = failIgnore
	}
	switch of {
	case failDemote:
		r.Failed = true
	case failFence:
		p.fence(n)
	case failStandby:
		n.Standby = true
	case failBlock:
		r.Managed = false
		r.Blocked = true
	case failMigrate:
		p.rscLocation(r, n.Index, -ir.Infinity, "failed here with on-fail=migrate (__action_migration_auto__)")
	case failStop:
		r.NextRole = pcmk.RoleStopped
	case failRecover:
		if r.Role != pcmk.RoleStopped && r.Role != pcmk.RoleUnknown {
			r.Failed = true
		}
	}
	if r.Role != pcmk.RoleStopped && r.Role != pcmk.RoleUnknown {
		p.addRunning(r, n, saved != failIgnore)
		if of != failIgnore {
			r.Failed = true
		}
	}
}

// addRunning is native_add_running.
func (p *Plan) addRunning(r *Resource, n *Node, failed bool) {
	for _, i := range r.RunningOn {
		if i == n.Index {
			return
		}
	}
	r.RunningOn = append(r.RunningOn, n.Index)
	if r.Kind == KindPrimitive && n.Maintenance {
		r.Managed = false
	}
	if !r.Managed {
		p.rscLocation(r, n.Index, ir.Infinity, "not_managed_default (unmanaged: stays where it is active)")
		for q := r.Parent; q != nil && n.Online; q = q.Parent {
			q.RunningOn = append(q.RunningOn, n.Index)
		}
		return
	}
	if p.multiplyActive(r) {
		switch {
		case r.StopOnly:
			r.Allowed = model.NewTable(len(p.Nodes), p.trail)
			for i := range p.Nodes {
				r.Allowed.Insert(i, -ir.Infinity, "multiple-active=stop_only")
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

func (p *Plan) multiplyActive(r *Resource) bool {
	if r.Kind != KindPrimitive {
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
func (p *Plan) currentNode(r *Resource) int {
	active := -1
	for _, i := range r.RunningOn {
		n := p.Nodes[i]
		happy := n.Online && !n.Unclean
		if !r.NeedsFencing {
			if happy && (active < 0 || !p.Nodes[active].Online || p.Nodes[active].Unclean) {
				active = i
			}
		}
		if active < 0 {
			active = i
		}
		if r.NeedsFencing {
			break
		}
	}
	return active
}

type failEntry = model.FailEntry

// failIndex groups a node's fail-count-* and last-failure-* attributes by
// resource id, in attribute name order, so that looking a resource's
// failures up costs no scan of every attribute.
func (p *Plan) failIndex(n *Node) map[string][]failEntry {
	if n.Fails != nil {
		return n.Fails
	}
	n.Fails = map[string][]failEntry{}
	names := make([]string, 0, len(n.Attrs))
	for k := range n.Attrs {
		if strings.HasPrefix(k, "fail-count-") || strings.HasPrefix(k, "last-failure-") {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		last := strings.HasPrefix(k, "last-failure-")
		rest := strings.TrimPrefix(strings.TrimPrefix(k, "fail-count-"), "last-failure-")
		var rsc string
		if p.LegacyFailcounts {
			rsc = rest
		} else {
			i := strings.IndexByte(rest, '#') // ids cannot hold '#'
			if i <= 0 || !failSuffix.MatchString(rest[i:]) {
				continue
			}
			rsc = rest[:i]
		}
		n.Fails[rsc] = append(n.Fails[rsc], failEntry{Last: last, Value: n.Attrs[k]})
	}
	return n.Fails
}

// failcount is pe_get_failcount for a primitive outside any clone.
func (p *Plan) failcount(n *Node, r *Resource, effective bool, op *ir.OpRecord) (int, int64) {
	count := ir.Score(0)
	var last int64
	for _, e := range p.failIndex(n)[r.ID] {
		if !e.Last {
			count = count.Add(scoreOf(e.Value))
		} else if x, err := strconv.ParseInt(strings.TrimSpace(e.Value), 10, 64); err == nil && x > last {
			last = x
		}
	}
	if count > 0 && r.FailureTimeout > 0 && p.blockFailure(n, r, op) {
		r.FailureTimeout = 0
	}
	if effective && count > 0 && last > 0 && r.FailureTimeout > 0 {
		if p.Now.Unix() > last+r.FailureTimeout {
			count = 0
		}
	}
	return int(count), last
}

var failSuffix = regexp.MustCompile(`^#.+_[0-9]+$`)

// matchFailAttr reports whether key is a fail-count or last-failure
// attribute (by prefix) of one resource, in the legacy form or with the
// operation suffix.
func matchFailAttr(key, prefix string, legacy bool) bool {
	if !strings.HasPrefix(key, prefix) {
		return false
	}
	rest := key[len(prefix):]
	if legacy {
		return rest == ""
	}
	return failSuffix.MatchString(rest)
}

// blockFailure reports whether a failure matches an operation configured
// with on-fail=block (which disables failure-timeout).
func (p *Plan) blockFailure(n *Node, r *Resource, op *ir.OpRecord) bool {
	for _, o := range r.OpDefs {
		if !strings.EqualFold(o.OnFail, "block") {
			continue
		}
		if op != nil {
			if p.matchedFailure(r, o, op) {
				return true
			}
			continue
		}
		for _, ns := range p.CIB.Status.Nodes {
			if ns.Uname != n.Uname {
				continue
			}
			for _, h := range ns.Resources {
				if h.ID != r.ID {
					continue
				}
				for _, rec := range h.Ops {
					if rec.Operation == o.Name && rec.IntervalMs == o.Interval.Ms && p.matchedFailure(r, o, rec) {
						return true
					}
				}
			}
		}
	}
	return false
}

func (p *Plan) matchedFailure(r *Resource, conf *ir.Op, op *ir.OpRecord) bool {
	if conf.Interval.Ms != op.IntervalMs || !strings.EqualFold(conf.Name, op.Operation) {
		return false
	}
	if strings.EqualFold(op.ID, r.ID+"_last_failure_0") {
		return true
	}
	if strings.EqualFold(op.ID, r.ID+"_"+conf.Name+"_"+strconv.FormatInt(conf.Interval.Ms, 10)) {
		return op.RCCode != targetRC(op)
	}
	return false
}

// operationExpired is check_operation_expiry.
func (p *Plan) operationExpired(r *Resource, n *Node, rc int, op *ir.OpRecord) bool {
	expired := false
	unexpired := 0
	_, hasLast := opAttr(op, "last-rc-change")
	if r.FailureTimeout > 0 && (hasLast || op.LastRCChange != 0) {
		if p.Now.Unix() >= op.LastRCChange+r.FailureTimeout {
			expired = true
		}
		unexpired, _ = p.failcount(n, r, true, op)
	}
	if expired {
		if fc, _ := p.failcount(n, r, false, op); fc > 0 {
			if unexpired == 0 {
				r.ClearFailcount = append(r.ClearFailcount, n.Index)
			} else {
				expired = false
			}
		}
	}
	// A failed start or monitor whose parameters have changed since is
	// cleared (should_clear_for_param_change).
	if !expired && strings.HasSuffix(op.ID, "_last_failure_0") && (op.Operation == "start" || op.Operation == "monitor") {
		if changed, _, unknown := p.digestCheck(r, op, op.Operation, op.IntervalMs); changed && !unknown {
			r.ClearFailcount = append(r.ClearFailcount, n.Index)
		}
	}
	if expired && op.IntervalMs == 0 && op.Operation == "monitor" {
		switch rc {
		case ocfOK, ocfNotRunning, ocfRunningPromoted, ocfDegraded, ocfDegradedPromote:
			expired = false
		}
	}
	return expired
}

// applyShutdownLocks keeps a resource on a node that is shutting down
// (shutdown-lock), banning it from every other node.
func (p *Plan) applyShutdownLocks(r *Resource) {
	if !p.ShutdownLock {
		return
	}
	for _, c := range r.Children {
		p.applyShutdownLocks(c)
	}
	if r.Kind != KindPrimitive || strings.EqualFold(r.Agent.Class, "stonith") {
		return
	}
	if r.LockNode >= 0 {
		if len(r.RunningOn) > 0 {
			r.LockNode = -1
		}
	} else if len(r.RunningOn) == 1 {
		n := p.Nodes[r.RunningOn[0]]
		if n.Shutdown && !n.Unclean {
			r.LockNode = n.Index
		}
	}
	if r.LockNode < 0 {
		return
	}
	for i, n := range p.Nodes {
		if n.Uname != p.Nodes[r.LockNode].Uname {
			p.rscLocation(r, i, -ir.Infinity, "shutdown-lock to "+p.Nodes[r.LockNode].Uname)
		}
	}
}
