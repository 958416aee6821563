package planner

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/xml"
	"sort"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"pcl/planner/transition"
)

// This file is the bridge from the planner to package transition (owned by
// the transition's authors): it reads the plan's unpacked state and the
// CIB's operation history and says what the transition needs: node states,
// resources with their current and next placement, active recurring
// operations, and what changed definitions (operation digests), orphaned
// operations and orphaned resources ask for.

// TransitionInput completes the model with what the history asks of the
// transition and returns it for package transition, which schedules the
// actions: node discovery and fencing state, each resource's configured
// operations, known-on nodes, active recurring operations and config
// changes, and the orphans the status holds.
func (p *Plan) TransitionInput() *model.Cluster {
	if p.transitionReady {
		return &p.Cluster
	}
	p.transitionReady = true
	for i, n := range p.Nodes {
		if v, ok := n.Attrs["resource-discovery-enabled"]; ok {
			if b, ok := ir.ParseBool(v); ok && !b {
				n.NoDiscovery = true
			}
		}
		n.Probed = n.Attrs["probe_complete"]
		if n.Unclean {
			n.FenceReason = p.fenceReason(i)
		}
	}

	histories := p.histories()
	changes := p.configChanges()
	for _, r := range p.Resources {
		if r.Kind != KindPrimitive {
			continue
		}
		for _, op := range p.effectiveOps(r) {
			o := model.Op{Name: op.Name, IntervalMs: op.Interval.Ms, Role: pcmk.ParseRole(string(op.Role)),
				Enabled: op.Enabled == nil || op.Enabled.Value, OnFail: op.OnFail}
			r.Ops = append(r.Ops, o)
		}
		r.ConfigChanges = changes[r.ID]
		r.KnownOn = make([]bool, len(p.Nodes))
		for _, h := range histories[r.ID] {
			if p.knownFrom(r, h.ops) {
				r.KnownOn[h.node] = true
			}
			for _, op := range h.ops {
				if op.Operation == "start" && op.OpStatus == -1 {
					r.StartPending = true
				}
			}
			sorted := transition.SortedOps(h.ops)
			r.ActiveOps = append(r.ActiveOps, transition.RecurringActive(sorted, h.node)...)
		}
	}
	p.Top = append(p.Top, p.orphans(histories, changes)...)
	for _, c := range p.CIB.Config.Constraints {
		if o, ok := c.(*ir.Order); ok {
			if eo := p.expandOrder(o); eo != nil {
				p.Orders = append(p.Orders, eo)
			}
		}
	}
	return &p.Cluster
}

func (p *Plan) boolProp(name string, def bool) bool {
	v, ok := p.props[name]
	if !ok {
		return def
	}
	b, ok := ir.ParseBool(v)
	if !ok {
		return def
	}
	return b
}

type nodeHistory struct {
	node int
	ops  []*ir.OpRecord
}

// histories gathers each resource's operation history per node, for nodes
// of the configuration, in status order.
func (p *Plan) histories() map[string][]nodeHistory {
	out := map[string][]nodeHistory{}
	if p.CIB.Status == nil {
		return out
	}
	for _, ns := range p.CIB.Status.Nodes {
		i := p.findNodeAny(ns.ID, ns.Uname)
		if i < 0 {
			continue
		}
		for _, h := range ns.Resources {
			out[h.ID] = append(out[h.ID], nodeHistory{node: i, ops: h.Ops})
		}
	}
	return out
}

// expandOrder replaces tag and template references of an order by resource
// sets, as Pacemaker does before unpacking it; nil when it names unknown
// resources.
func (p *Plan) expandOrder(o *ir.Order) *ir.Order {
	expand := func(id string) ([]string, bool) {
		if _, ok := p.byID[id]; ok {
			return []string{id}, false
		}
		if refs, ok := p.tags[id]; ok {
			return refs, true
		}
		var ids []string
		for _, c := range p.CIB.Config.Resources {
			if prim, ok := c.(*ir.Primitive); ok && prim.Template == id {
				ids = append(ids, prim.ID)
			}
			if g, ok := c.(*ir.Group); ok {
				for _, m := range g.Members {
					if m.Template == id {
						ids = append(ids, m.ID)
					}
				}
			}
		}
		if ids != nil {
			return ids, true
		}
		return nil, false
	}
	if len(o.Sets) > 0 {
		cp := *o
		cp.Sets = nil
		for _, s := range o.Sets {
			ns := *s
			ns.Resources = nil
			for _, id := range s.Resources {
				ids, _ := expand(id)
				ns.Resources = append(ns.Resources, ids...)
			}
			cp.Sets = append(cp.Sets, &ns)
		}
		return &cp
	}
	first, ft := expand(o.First)
	then, tt := expand(o.Then)
	if first == nil || then == nil {
		return nil
	}
	if !ft && !tt {
		return o
	}
	cp := *o
	cp.First, cp.Then, cp.FirstAction, cp.ThenAction = "", "", "", ""
	mk := func(id string, ids []string, tag bool, action ir.Action) *ir.ResourceSet {
		set := &ir.ResourceSet{ID: id, Resources: ids, Action: action}
		if tag {
			set.Sequential = ir.NewBool(false)
		}
		return set
	}
	fa := o.FirstAction
	ta := o.ThenAction // a set's action defaults to start, not first's
	cp.Sets = []*ir.ResourceSet{mk(o.First, first, ft, fa), mk(o.Then, then, tt, ta)}
	return &cp
}

// fenceReason says why an unclean node is fenced, following the checks of
// Pacemaker's determine_online_status_fencing.
func (p *Plan) fenceReason(i int) string {
	if p.CIB.Status == nil {
		return ""
	}
	n := p.Nodes[i]
	for _, ns := range p.CIB.Status.Nodes {
		if p.findNodeAny(ns.ID, ns.Uname) != i {
			continue
		}
		if !p.StonithEnabled {
			return "peer is unexpectedly down"
		}
		inCluster, _ := ir.ParseBool(ns.InCCM)
		crmdOnline := strings.EqualFold(ns.Crmd, "online")
		join := strings.ToLower(ns.Join)
		term := n.Attrs["terminate"]
		doTerminate := isTrueDefault(term, false) || (term != "" && term[0] != '0' && isDigit(term[0]))
		exp := strings.ToLower(ns.Expected)
		if exp == "" {
			exp = "down"
		}
		reason := ""
		switch {
		case n.Shutdown:
		case ns.InCCM == "":
			reason = "peer has not been seen by the cluster"
		case join == "banned":
			reason = "peer failed Pacemaker membership criteria"
		case !doTerminate && exp == "down":
		case doTerminate && join == "down" && !inCluster && !crmdOnline:
		case !inCluster:
			reason = "peer is no longer part of the cluster"
		case !crmdOnline:
			reason = "peer process is no longer available"
		case doTerminate:
			reason = "termination was requested"
		case join == "member", join == "pending", join == "down":
		default:
			reason = "peer was in an unknown state"
		}
		if reason != "" {
			return reason
		}
		for _, h := range ns.Resources {
			r := p.byID[h.ID]
			if r == nil || r.Kind != KindPrimitive {
				continue
			}
			if !n.Online && r.Managed {
				for _, rn := range r.RunningOn {
					if rn == i {
						return r.ID + " is thought to be active there"
					}
				}
			}
			for _, op := range h.Ops {
				if op.OpStatus == -1 {
					continue
				}
				target := targetRC(op)
				failed := op.OpStatus != 0 || (target >= 0 && op.RCCode != target && !(isProbe(op) && op.RCCode == 7))
				if !failed {
					continue
				}
				if of, _ := p.opFailure(r, op); of == failFence {
					return r.ID + " failed there"
				}
			}
		}
	}
	return ""
}

// effectiveOps are a primitive's operations with its template's merged in
// as Pacemaker's unpack_template does: the primitive's own operations
// first, then the template's whose name and role (Started and Unpromoted
// counting as none) the primitive does not define.
func (p *Plan) effectiveOps(r *Resource) []*ir.Op {
	if r.Prim == nil {
		return r.OpDefs
	}
	own := p.resolveOps(r.Prim.Operations)
	if r.Prim.Template == "" {
		if r.Prim.Operations != nil && r.Prim.Operations.IDRef != "" {
			return own
		}
		return r.OpDefs
	}
	t, ok := p.templates[r.Prim.Template]
	if !ok || t.Operations == nil {
		return own
	}
	key := func(op *ir.Op) string {
		role := op.Role.Normalize()
		if role == "" || role == ir.RoleStarted || role == ir.RoleUnpromoted {
			role = ir.RoleUnknown
		}
		return op.Name + "-" + string(role)
	}
	var out []*ir.Op
	have := map[string]bool{}
	for _, op := range own {
		out = append(out, op)
		have[key(op)] = true
	}
	for _, op := range p.resolveOps(t.Operations) {
		if !have[key(op)] {
			out = append(out, op)
		}
	}
	return out
}

// knownFrom reports whether a node's history tells the resource's state
// there: some operation that is neither a pending monitor nor an expired
// failure (Pacemaker's known_on, set when the history yields a role).
func (p *Plan) knownFrom(r *Resource, ops []*ir.OpRecord) bool {
	for _, op := range ops {
		if op.OpStatus == -1 && op.Operation != "start" && op.Operation != "promote" {
			continue
		}
		target := targetRC(op)
		failed := op.OpStatus != 0 && op.OpStatus != -1 || (target >= 0 && op.RCCode != target && !(isProbe(op) && op.RCCode == 7))
		if failed && r.FailureTimeout > 0 && op.LastRCChange != 0 && p.Now.Unix() >= op.LastRCChange+r.FailureTimeout &&
			!(isProbe(op) && (op.RCCode == 0 || op.RCCode == 7 || op.RCCode == 8)) {
			continue
		}
		return true
	}
	return false
}

// resolveOps returns the operations of an <operations> element, following
// id-ref to the element it names.
func (p *Plan) resolveOps(ops *ir.Operations) []*ir.Op {
	if ops == nil {
		return nil
	}
	if ops.IDRef == "" {
		return ops.Ops
	}
	var found []*ir.Op
	var visit func(pr *ir.Primitive)
	visit = func(pr *ir.Primitive) {
		if found == nil && pr != nil && pr.Operations != nil && pr.Operations.ID == ops.IDRef && pr.Operations.IDRef == "" {
			found = pr.Operations.Ops
		}
	}
	for _, c := range p.CIB.Config.Resources {
		switch c := c.(type) {
		case *ir.Primitive:
			visit(c)
		case *ir.Template:
			visit(&c.Primitive)
		case *ir.Group:
			for _, m := range c.Members {
				visit(m)
			}
		case *ir.Clone:
			switch ch := c.Child.(type) {
			case *ir.Primitive:
				visit(ch)
			case *ir.Group:
				for _, m := range ch.Members {
					visit(m)
				}
			}
		}
	}
	return found
}

// orphans are resources the status knows but the configuration no longer
// has: Pacemaker stops them (stop-orphan-resources) and deletes their
// history.
func (p *Plan) orphans(histories map[string][]nodeHistory, changes map[string][]model.ConfigChange) []*Resource {
	if p.CIB.Status == nil {
		return nil
	}
	var ids []string
	seen := map[string]bool{}
	for _, ns := range p.CIB.Status.Nodes {
		for _, h := range ns.Resources {
			if _, ok := p.byID[h.ID]; ok || seen[h.ID] || len(h.Ops) == 0 {
				continue
			}
			if i := strings.IndexByte(h.ID, ':'); i > 0 && p.byID[h.ID[:i]] != nil {
				continue // an instance of a configured clone
			}
			seen[h.ID] = true
			ids = append(ids, h.ID)
		}
	}
	var out []*Resource
	for _, id := range ids {
		tr := &Resource{ID: id, Kind: KindPrimitive, Orphan: true, Unique: true,
			Managed: p.StopOrphanResources && !p.MaintenanceMode,
			Role:    pcmk.RoleStopped, AssignedTo: model.NoNode, LockNode: model.NoNode, NeedsQuorum: true,
			KnownOn: make([]bool, len(p.Nodes)), ConfigChanges: changes[id]}
		tr.Index = len(p.Resources)
		p.Resources = append(p.Resources, tr)
		for i, n := range p.Nodes {
			for k, v := range n.Attrs {
				if matchFailAttr(k, "fail-count-"+id, p.LegacyFailcounts) && scoreOf(v) > 0 {
					tr.OrphanFailcounts = append(tr.OrphanFailcounts, i)
					break
				}
			}
		}
		for _, h := range histories[id] {
			tr.KnownOn[h.node] = true
			sorted := transition.SortedOps(h.ops)
			if activeIn(sorted) {
				tr.RunningOn = append(tr.RunningOn, h.node)
				tr.Role = pcmk.RoleStarted
			}
			tr.ActiveOps = append(tr.ActiveOps, transition.RecurringActive(sorted, h.node)...)
			if len(h.ops) > 0 && tr.Agent.Class == "" {
				for _, ns := range p.CIB.Status.Nodes {
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

// activeIn reports whether a sorted history leaves the resource running:
// started after its last stop, and not found stopped since.
func activeIn(sorted []*ir.OpRecord) bool {
	start, stop := transition.ActiveRange(sorted)
	if start < 0 || start < stop {
		return false
	}
	last := sorted[len(sorted)-1]
	if last.Operation == "monitor" && last.RCCode == 7 && last.OpStatus == 0 {
		return false
	}
	return true
}

// The functions in this file interpret the operation history against the
// configuration, as Pacemaker's pcmk__handle_rsc_config_changes does:
// orphaned and maintenance-mode recurring operations are cancelled, and an
// operation whose parameters changed (its recorded digest no longer
// matches) restarts, reloads or reschedules.

// opEntry finds a resource's configured op by name and interval
// (find_rsc_op_entry, disabled ones included).
func (p *Plan) opEntry(r *Resource, name string, intervalMs int64) *ir.Op {
	for _, op := range p.effectiveOps(r) {
		if strings.EqualFold(op.Name, name) && op.Interval.Ms == intervalMs {
			return op
		}
	}
	return nil
}

// digestParams gathers the parameters whose digest Pacemaker records for
// an operation (params_all of pe__calculate_digests): the resource's
// instance attributes, the op's own instance attributes and, for recurring
// operations, its timeout. extra reports op-level attributes.
func (p *Plan) digestParams(r *Resource, task string, intervalMs int64) (params map[string]string, extra bool) {
	params = map[string]string{}
	for k, v := range r.Params {
		params[k] = v
	}
	op := p.opEntry(r, task, intervalMs)
	if op != nil {
		ex := map[string]string{}
		p.unpackSets(op.Sets, ir.InstanceAttributes, &RuleEnv{Now: p.Now}, ex, false, "")
		extra = len(ex) > 0
		for k, v := range ex {
			params[k] = v
		}
	}
	for k := range params {
		if strings.HasPrefix(k, "CRM_meta_") {
			delete(params, k)
		}
	}
	for _, k := range []string{"id", "crm_feature_set", "op-digest", "on_node", "on_node_uuid", "pcmk_external_ip"} {
		delete(params, k)
	}
	if intervalMs > 0 {
		params["CRM_meta_timeout"] = strconv.FormatInt(p.opTimeout(r, op, task, intervalMs), 10)
	}
	return params, extra
}

// digestOf is the MD5 of the sorted <parameters/> element, as Pacemaker
// computes operation digests.
func digestOf(params map[string]string) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(" <parameters")
	for _, k := range keys {
		b.WriteString(" " + k + "=\"")
		_ = xml.EscapeText(&b, []byte(params[k]))
		b.WriteString("\"")
	}
	b.WriteString("/>\n")
	sum := md5.Sum([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// isFenceParam is pcmk_stonith_param: parameters the fencer consumes.
func isFenceParam(name string) bool {
	switch name {
	case "provides", "stonith-timeout":
		return true
	}
	if !strings.HasPrefix(name, "pcmk_") {
		return false
	}
	switch name {
	case "pcmk_action_limit", "pcmk_delay_base", "pcmk_delay_max", "pcmk_host_argument",
		"pcmk_host_check", "pcmk_host_list", "pcmk_host_map":
		return true
	}
	rest := name[5:]
	if i := strings.IndexByte(rest, '_'); i >= 0 {
		switch rest[i:] {
		case "_action", "_timeout", "_retries":
			return true
		}
	}
	return false
}

// digestCheck compares an operation's recorded digests with the
// configuration (rsc_action_digest_cmp and only_sanitized_changed, as
// crm_simulate runs sanitized): changed reports a parameter change,
// restart that it needs a full restart.
func (p *Plan) digestCheck(r *Resource, op *ir.OpRecord, task string, iv int64) (changed, restart, unknown bool) {
	all, extra := p.digestParams(r, task, iv)
	calc := digestOf(all)
	recordedRestart, hasRestart := opAttrValue(op, "op-restart-digest")
	if iv > 0 && p.expiredRecurringFailure(r, op) {
		// Pacemaker reschedules a recurring monitor whose failure expired
		// by pretending its restart digest changed.
		recordedRestart, hasRestart = "calculated-failure-timeout", true
	}
	switch {
	case hasRestart && restartDigest(all, op) != recordedRestart:
		restart, changed = true, true
	case op.OpDigest == "":
		unknown, changed = true, true
	case op.OpDigest != calc:
		changed = true
		restart = iv == 0 && extra
	}
	if !changed {
		return false, false, false
	}
	if secure, ok := opAttrValue(op, "op-secure-digest"); ok {
		list, _ := opAttrValue(op, "op-secure-params")
		version, _ := opAttrValue(op, "crm_feature_set")
		var sp map[string]string
		if compareVersion(version, "3.16.0") < 0 {
			sp = map[string]string{}
			for k, v := range r.Params {
				sp[k] = v
			}
		} else {
			sp = map[string]string{}
			for k, v := range all {
				sp[k] = v
			}
		}
		for k := range sp {
			if strings.Contains(list, " "+k+" ") {
				delete(sp, k)
			}
			if compareVersion(version, "3.16.0") < 0 && strings.EqualFold(r.Agent.Class, "stonith") && isFenceParam(k) {
				delete(sp, k)
			}
		}
		if compareVersion(version, "3.16.0") < 0 {
			delete(sp, "CRM_meta_timeout")
		}
		if digestOf(sp) == secure {
			return false, false, false
		}
	}
	return changed, restart, unknown
}

// restartDigest is the digest of the parameters that force a restart
// (those listed in op-force-restart).
func restartDigest(all map[string]string, op *ir.OpRecord) string {
	keep := map[string]string{}
	list, ok := opAttrValue(op, "op-force-restart")
	for k, v := range all {
		if !ok || strings.Contains(list, " "+k+" ") {
			keep[k] = v
		}
	}
	return digestOf(keep)
}

// opTimeout is an operation's timeout in milliseconds: op_defaults, the
// op's meta attributes, then its timeout property; 20s when none.
func (p *Plan) opTimeout(r *Resource, op *ir.Op, task string, intervalMs int64) int64 {
	meta := map[string]string{}
	env := &RuleEnv{Now: p.Now, Agent: &r.Agent, OpName: task, OpIntervalMs: intervalMs, OpSet: true}
	p.unpackSets(p.CIB.Config.OpDefaults, ir.MetaAttributes, env, meta, false, "")
	if op != nil {
		own := map[string]string{}
		p.unpackSets(op.Sets, ir.MetaAttributes, env, own, true, "")
		for k, v := range own {
			meta[k] = v
		}
		if op.Timeout != nil {
			meta["timeout"] = op.Timeout.Text
		}
	}
	if v, ok := meta["timeout"]; ok {
		if d, err := ir.ParseDuration(v); err == nil && d.Ms > 0 {
			return d.Ms
		}
	}
	return 20000
}

func opAttrValue(op *ir.OpRecord, name string) (string, bool) {
	for _, a := range op.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// configChanges lists, in Pacemaker's order, what the history of each
// active resource asks for.
func (p *Plan) configChanges() map[string][]model.ConfigChange {
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
			r := p.byID[h.ID]
			if r == nil {
				if !strings.Contains(h.ID, ":") || p.byID[strings.SplitN(h.ID, ":", 2)[0]] == nil {
					// An orphan: its history is cleaned up.
					out[h.ID] = append(out[h.ID], model.ConfigChange{Node: i, Kind: model.ChangeCleanup})
				}
				continue
			}
			if r.Kind != KindPrimitive {
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
			sorted := transition.SortedOps(h.Ops)
			start, stop := transition.ActiveRange(sorted)
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
				case iv > 0 || task == "monitor" || task == "start" || task == "promote" || task == "migrate_from":
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
				if iv == 0 && (task == "monitor" || task == "migrate_from" || task == "promote") {
					dtask = "start"
				}
				changed, restart, _ := p.digestCheck(r, op, dtask, iv)
				if !changed {
					continue
				}
				_, hasRestart := opAttrValue(op, "op-restart-digest")
				var kind transition.ConfigChangeKind
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

// clearIfFailed adds a fail-count clearing when the resource has
// unexpired failures on the node (a changed definition gets a fresh
// start), once per node.
func (p *Plan) clearIfFailed(changes []model.ConfigChange, r *Resource, node int) []model.ConfigChange {
	for _, c := range changes {
		if c.Kind == model.ChangeClearFailcount && c.Node == node {
			return changes
		}
	}
	for _, n := range r.ClearFailcount {
		if n == node {
			return changes
		}
	}
	nd := p.Nodes[node]
	count := ir.Score(0)
	var last int64
	for k, v := range nd.Attrs {
		if matchFailAttr(k, "fail-count-"+r.ID, p.LegacyFailcounts) {
			count = count.Add(scoreOf(v))
		} else if matchFailAttr(k, "last-failure-"+r.ID, p.LegacyFailcounts) {
			if x, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil && x > last {
				last = x
			}
		}
	}
	if count > 0 && last > 0 && r.FailureTimeout > 0 && p.Now.Unix() > last+r.FailureTimeout {
		count = 0
	}
	if count == 0 {
		return changes
	}
	return append(changes, model.ConfigChange{Node: node, Kind: model.ChangeClearFailcount})
}

// expiredRecurringFailure reports a recorded recurring-operation failure
// whose failure-timeout has passed, with no unexpired failures left.
func (p *Plan) expiredRecurringFailure(r *Resource, op *ir.OpRecord) bool {
	target := targetRC(op)
	if op.OpStatus == -1 || target < 0 || (op.OpStatus == 0 && op.RCCode == target) {
		return false
	}
	if r.FailureTimeout <= 0 || op.LastRCChange == 0 || p.Now.Unix() < op.LastRCChange+r.FailureTimeout {
		return false
	}
	return true
}
