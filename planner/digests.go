package planner

import (
	"crypto/md5"
	"encoding/hex"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"sort"
	"strconv"
	"strings"
)

// opEntry finds a resource's configured op by name and interval
// (find_rsc_op_entry, disabled ones included).
func (p *plan) opEntry(r *model.Resource, task pcmk.Task, intervalMs int64) *ir.Op {
	for _, op := range r.OpDefs {
		if strings.EqualFold(op.Name, string(task)) && op.Interval.Ms == intervalMs {
			return op
		}
	}
	return nil
}

// digestParams gathers the parameters whose digest Pacemaker records for
// an operation (params_all of pe__calculate_digests): the resource's
// instance attributes, the op's own instance attributes and, for recurring
// operations, its timeout. extra reports op-level attributes.
func (p *plan) digestParams(r *model.Resource, task pcmk.Task, intervalMs int64) (params map[string]string, extra bool) {
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
	if host := p.bundleRemoteHost(r); host != "" && params["addr"] == "#uname" {
		params["addr"] = host
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

// opDigestKey names an operation of a configured primitive.
type opDigestKey struct {
	prim       *ir.Primitive
	task       pcmk.Task
	intervalMs int64
}

// opDigest is an operation's digest parameters (read only), whether the
// op has instance attributes of its own, and their digest.
type opDigest struct {
	params map[string]string
	extra  bool
	digest string
}

// digestsOf is digestParams with their digest, made once per primitive
// and operation: every instance of a clone's primitive has its
// parameters, operations and agent (newPrimitive copies them from the
// first), and a clone-heavy cluster checks the history of 100,000s of
// instances. An orphan, whose agent is its history's, and a bundle's
// remote connection, whose address is its container's host, are made
// each time.
func (p *plan) digestsOf(r *model.Resource, task pcmk.Task, intervalMs int64) opDigest {
	made := func() opDigest {
		params, extra := p.digestParams(r, task, intervalMs)
		return opDigest{params: params, extra: extra, digest: digestOf(p.target, params)}
	}
	if r.Prim == nil || r.Orphan || p.bundleRemoteHost(r) != "" {
		return made()
	}
	k := opDigestKey{r.Prim, task, intervalMs}
	d, ok := p.opDigests[k]
	if !ok {
		d = made()
		p.opDigests[k] = d
	}
	return d
}

// digestOf is the MD5 of the sorted <parameters/> element, as Pacemaker
// computes operation digests, its values escaped as the release t does.
func digestOf(t pcmk.Target, params map[string]string) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(" <parameters")
	for _, k := range keys {
		b.WriteString(" " + k + "=\"")
		b.WriteString(escapeDigestValue(t, params[k]))
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
// configuration as a configuration change is checked
// (rsc_action_digest_cmp, then only_sanitized_changed, as crm_simulate
// runs sanitized): changed reports a parameter change, restart that it
// needs a full restart.
func (p *plan) digestCheck(r *model.Resource, op *ir.OpRecord, task pcmk.Task, iv int64) (changed, restart, unknown bool) {
	changed, restart, unknown = p.digestCompare(r, op, task, iv)
	if changed && p.onlySanitizedChanged(r, op, task, iv) {
		return false, false, false
	}
	return changed, restart, unknown
}

// digestCompare is rsc_action_digest_cmp alone, as a failure's parameter
// change is checked (should_clear_for_param_change): the secure digest
// does not count there.
func (p *plan) digestCompare(r *model.Resource, op *ir.OpRecord, task pcmk.Task, iv int64) (changed, restart, unknown bool) {
	d := p.digestsOf(r, task, iv)
	all, extra, calc := d.params, d.extra, d.digest
	recordedRestart, hasRestart := opAttr(op, "op-restart-digest")
	if iv > 0 && p.expiredRecurringFailure(r, op) {
		// Pacemaker reschedules a recurring monitor whose failure expired
		// by pretending its restart digest changed.
		recordedRestart, hasRestart = "calculated-failure-timeout", true
	}
	switch {
	case hasRestart && restartDigest(p.target, all, op) != recordedRestart:
		restart, changed = true, true
	case op.OpDigest == "":
		unknown, changed = true, true
	case op.OpDigest != calc:
		changed = true
		restart = iv == 0 && extra
	}
	return changed, restart, unknown
}

// onlySanitizedChanged is only_sanitized_changed: the secure digest, of
// the parameters that are not secret, still matches.
func (p *plan) onlySanitizedChanged(r *model.Resource, op *ir.OpRecord, task pcmk.Task, iv int64) bool {
	all := p.digestsOf(r, task, iv).params
	if secure, ok := opAttr(op, "op-secure-digest"); ok {
		list, _ := opAttr(op, "op-secure-params")
		version, _ := opAttr(op, "crm_feature_set")
		var sp map[string]string
		if pcmk.CompareVersions(version, "3.16.0") < 0 {
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
			if pcmk.CompareVersions(version, "3.16.0") < 0 && strings.EqualFold(r.Agent.Class, "stonith") && isFenceParam(k) {
				delete(sp, k)
			}
		}
		if pcmk.CompareVersions(version, "3.16.0") < 0 {
			delete(sp, "CRM_meta_timeout")
		}
		return digestOf(p.target, sp) == secure
	}
	return false
}

// restartDigest is the digest of the parameters that force a restart
// (those listed in op-force-restart).
func restartDigest(t pcmk.Target, all map[string]string, op *ir.OpRecord) string {
	keep := map[string]string{}
	list, ok := opAttr(op, "op-force-restart")
	for k, v := range all {
		if !ok || strings.Contains(list, " "+k+" ") {
			keep[k] = v
		}
	}
	return digestOf(t, keep)
}

// opTimeout is an operation's timeout in milliseconds: op_defaults, the
// op's meta attributes, then its timeout property; 20s when none.
func (p *plan) opTimeout(r *model.Resource, op *ir.Op, task pcmk.Task, intervalMs int64) int64 {
	meta := map[string]string{}
	env := &RuleEnv{Now: p.Now, Agent: &r.Agent, OpName: string(task), OpIntervalMs: intervalMs, OpSet: true}
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

// bundleRemoteHost is the name of the node a bundle replica's connection
// reaches its container on (pe__add_bundle_remote_name): where the
// container is assigned, else where it runs now; "" for other resources
// or a container on no node. A connection configured with the address
// "#uname" has its digests computed with this name instead.
func (p *plan) bundleRemoteHost(r *model.Resource) string {
	if r.RemoteNode == nil || r.Container == nil || r.Parent == nil || r.Parent.Kind != model.KindBundle {
		return ""
	}
	c := r.Container
	switch {
	case c.AssignedTo >= 0:
		return p.Nodes[c.AssignedTo].Uname
	case len(c.RunningOn) > 0:
		return p.Nodes[c.RunningOn[0]].Uname
	}
	return ""
}
