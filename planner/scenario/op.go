package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// Values crm_simulate 2.1.5 writes into injected history.
const (
	featureSet   = "3.16.1"                               // CRM_FEATURE_SET
	fakeTEID     = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" // FAKE_TE_ID
	simulatedWhy = "Simulated action result"
)

// injectOp is crm_simulate's inject_action, Count times.
func (a *applier) injectOp(in ir.Injection) error {
	agent, err := a.primitiveAgent(in.Resource)
	if err != nil {
		return fmt.Errorf("%s: %v", in.OpSpec(), err)
	}
	ns, err := a.nodeState(in.Node, false)
	if err != nil {
		return fmt.Errorf("%s: %v", in.OpSpec(), err)
	}
	n := in.Count
	if n < 1 {
		n = 1
	}
	for ; n > 0; n-- {
		a.injectFailcount(ns, in)
		h := a.history(ns, in.Resource, agent)
		a.recordOp(h, in)
	}
	return nil
}

// injectFailcount is pcmk__inject_failcount: a failure other than "not
// running" found by a probe counts, and records when it happened.
func (a *applier) injectFailcount(ns *ir.NodeState, in ir.Injection) {
	if in.RC == 0 || (in.RC == 7 && in.IntervalMs == 0) {
		return
	}
	suffix := in.Resource + "#" + in.Operation + "_" + strconv.FormatInt(in.IntervalMs, 10)
	// "value++" as the CIB expands it: one more than before, at most
	// INFINITY.
	a.setTransient(ns, "fail-count-"+suffix, func(old string, had bool) string {
		v := ir.Score(0)
		if had {
			v, _ = ir.ParseScore(old)
		}
		return v.Add(1).String()
	})
	stamp := strconv.FormatInt(a.stamp, 10)
	a.setTransient(ns, "last-failure-"+suffix, func(string, bool) string { return stamp })
}

// primitiveAgent finds a primitive anywhere in the configuration (top
// level, in a group, clone or bundle) and returns its agent, completed
// from its template.
func (a *applier) primitiveAgent(id string) (ir.Agent, error) {
	var found *ir.Primitive
	templates := map[string]*ir.Primitive{}
	var walk func(r ir.Resource)
	walk = func(r ir.Resource) {
		switch r := r.(type) {
		case *ir.Primitive:
			if r.ID == id && found == nil {
				found = r
			}
		case *ir.Template:
			templates[r.ID] = &r.Primitive
		case *ir.Group:
			for _, m := range r.Members {
				walk(m)
			}
		case *ir.Clone:
			if r.Child != nil {
				walk(r.Child)
			}
		case *ir.Bundle:
			if r.Child != nil {
				walk(r.Child)
			}
			if ag, ok := bundleImplicitAgent(r, id); ok && found == nil {
				found = &ir.Primitive{ID: id, Agent: ag}
			}
		}
	}
	for _, r := range a.cib.Config.Resources {
		walk(r)
	}
	if found == nil {
		var kind string
		for _, r := range a.cib.Config.Resources {
			if r.ResourceID() == id {
				kind = fmt.Sprintf("%T", r)
			}
		}
		if kind != "" {
			return ir.Agent{}, fmt.Errorf("%q is a %s, not a primitive: inject the operation of one of its primitives", id, strings.ToLower(strings.TrimPrefix(kind, "*ir.")))
		}
		// A clone's instance, "pgsql:0": crm_simulate finds it among
		// the instances (pe_find_resource) and records the result under
		// that name, with its primitive's agent.
		if base, n, numbered := strings.Cut(id, ":"); numbered && n != "" && strings.Trim(n, "0123456789") == "" {
			if ag, err := a.primitiveAgent(base); err == nil {
				return ag, nil
			}
		}
		return ir.Agent{}, fmt.Errorf("unknown resource %q", id)
	}
	ag := found.Agent
	if t := templates[found.Template]; t != nil {
		if ag.Class == "" {
			ag.Class = t.Agent.Class
		}
		if ag.Provider == "" {
			ag.Provider = t.Agent.Provider
		}
		if ag.Type == "" {
			ag.Type = t.Agent.Type
		}
	}
	if ag.Class == "" || ag.Type == "" {
		return ir.Agent{}, fmt.Errorf("resource %q has no agent class and type", id)
	}
	return ag, nil
}

// history is pcmk__inject_resource_history: the node's <lrm_resource> for
// the resource, created when missing.
func (a *applier) history(ns *ir.NodeState, rsc string, ag ir.Agent) *ir.ResourceHistory {
	if h := a.ownHistory(ns, rsc); h != nil {
		return h
	}
	if !lrmPresent(ns) {
		addSection(ns, "lrm")
		ns.LRMID = ns.ID
	}
	h := &ir.ResourceHistory{ID: rsc, Class: ag.Class, Provider: ag.Provider, Type: ag.Type,
		Attrs: []ir.Attr{{Name: "id", Value: rsc}, {Name: "class", Value: ag.Class}}}
	if ag.Provider != "" {
		h.Attrs = append(h.Attrs, ir.Attr{Name: "provider", Value: ag.Provider})
	}
	h.Attrs = append(h.Attrs, ir.Attr{Name: "type", Value: ag.Type})
	ns.Resources = append(ns.Resources, h)
	a.owned[h] = true
	return h
}

// ownHistory finds the node's history of the resource, made the copy's
// own (deeply: it is about to change), nil when there is none. ns must be
// the copy's own.
func (a *applier) ownHistory(ns *ir.NodeState, rsc string) *ir.ResourceHistory {
	for j, h := range ns.Resources {
		if h.ID != rsc {
			continue
		}
		if !a.owned[h] {
			c := *h
			c.Attrs = cloneAttrs(h.Attrs)
			c.Ops = make([]*ir.OpRecord, len(h.Ops))
			for k, op := range h.Ops {
				oc := *op
				oc.Attrs = cloneAttrs(op.Attrs)
				c.Ops[k] = &oc
			}
			h = &c
			ns.Resources[j] = h
			a.owned[h] = true
		}
		return h
	}
	return nil
}

// lrmPresent reports whether the node state has an <lrm> element.
func lrmPresent(ns *ir.NodeState) bool {
	if ns.Sections != nil {
		for _, s := range ns.Sections {
			if s == "lrm" {
				return true
			}
		}
		return false
	}
	return ns.LRMID != "" || ns.LRMAttrs != nil || len(ns.Resources) > 0
}

// opResult is an operation's result as the history records it.
type opResult struct {
	Resource   string // the name the operation ids are made from
	Operation  pcmk.Task
	IntervalMs int64
	RC         int
	// ExpectedRC is the result the scheduler asked for: a different one
	// is a failure.
	ExpectedRC int
	// NotifyType and NotifyTask name a notification (pre or post, and the
	// clone action it is about).
	NotifyType string
	NotifyTask pcmk.Task
	// Digest is the parameters' digest (op-digest), "" for none.
	Digest string
	// OnNode is the node the result names (on_node), "" to leave it as
	// it is.
	OnNode string
}

// recordOp is create_op and pcmk__create_history_xml for an injected
// operation (crm_simulate -i), whose expected result is 0.
func (a *applier) recordOp(h *ir.ResourceHistory, in ir.Injection) {
	a.recordResult(h, opResult{Resource: in.Resource, Operation: pcmk.Task(in.Operation), IntervalMs: in.IntervalMs, RC: in.RC})
}

// recordResult is pcmk__create_history_xml: the result replaces the
// history entry of the same id (the last result, the last failure, the
// recurring operation, the migration or the notification).
func (a *applier) recordResult(h *ir.ResourceHistory, r opResult) {
	callID := 0
	for _, op := range h.Ops {
		if c := opCallID(op); c > callID {
			callID = c
		}
	}
	callID++

	task := r.Operation
	if task == pcmk.TaskReload || task == pcmk.TaskReloadAgent {
		task = pcmk.TaskStart // a successful reload is recorded as a start
	}
	key := r.Resource + "_" + string(task) + "_" + strconv.FormatInt(r.IntervalMs, 10)
	failed := r.RC != r.ExpectedRC
	var ids []string
	switch {
	case task == pcmk.TaskNotify:
		ids = []string{r.Resource + "_" + r.NotifyType + "_notify_" + string(r.NotifyTask) + "_0"}
		failed = false // notification errors are ignored
		r.RC = 0
	case task == pcmk.TaskMigrateTo || task == pcmk.TaskMigrateFrom:
		ids = []string{key}
	case failed:
		ids = []string{r.Resource + "_last_failure_0"}
		if r.IntervalMs == 0 {
			ids = append(ids, r.Resource+"_last_0")
		}
	case r.IntervalMs > 0:
		ids = []string{key}
	default:
		ids = []string{r.Resource + "_last_0"}
	}
	transitionKey := fmt.Sprintf("%d:-1:%d:%s", callID, r.ExpectedRC, fakeTEID)
	why := ""
	if failed {
		why = simulatedWhy
	}
	stamp := strconv.FormatInt(a.stamp, 10)
	for _, id := range ids {
		op := findOp(h, id)
		if op == nil {
			op = &ir.OpRecord{ID: id, Attrs: []ir.Attr{}}
			h.Ops = append(h.Ops, op)
		}
		set := func(name, value string) { setOpAttr(op, name, value) }
		set("id", id)
		set("operation_key", key)
		set("operation", string(task))
		set("crm-debug-origin", "crm_simulate")
		set("crm_feature_set", featureSet)
		set("transition-key", transitionKey)
		set("transition-magic", fmt.Sprintf("0:%d;%s", r.RC, transitionKey))
		set("exit-reason", why)
		set("call-id", strconv.Itoa(callID))
		set("rc-code", strconv.Itoa(r.RC))
		set("op-status", "0")
		set("interval", strconv.FormatInt(r.IntervalMs, 10))
		set("last-rc-change", stamp)
		set("exec-time", "0")
		set("queue-time", "0")
		if r.Digest != "" {
			set("op-digest", r.Digest)
		}
		if r.OnNode != "" {
			set("on_node", r.OnNode)
		}
	}
}

func findOp(h *ir.ResourceHistory, id string) *ir.OpRecord {
	for _, op := range h.Ops {
		if op.ID == id {
			return op
		}
	}
	return nil
}

// opCallID reads call-id as the history holds it.
func opCallID(op *ir.OpRecord) int {
	if v, ok := getAttr(op.Attrs, "call-id"); ok {
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		return n
	}
	return op.CallID
}

// setOpAttr sets an <lrm_rsc_op> attribute, keeping the typed field and
// the verbatim attributes in step.
func setOpAttr(op *ir.OpRecord, name, value string) {
	num := func() int64 { n, _ := strconv.ParseInt(value, 10, 64); return n }
	switch name {
	case "id":
		op.ID = value
	case "operation_key":
		op.OperationKey = value
	case "operation":
		op.Operation = pcmk.Task(value)
	case "crm_feature_set":
		op.CRMFeatureSet = value
	case "transition-key":
		op.TransitionKey = value
	case "transition-magic":
		op.TransitionMagic = value
	case "exit-reason":
		op.ExitReason = value
	case "call-id":
		op.CallID = int(num())
	case "rc-code":
		op.RCCode = pcmk.OCFRC(num())
	case "op-status":
		op.OpStatus = pcmk.ExecStatus(num())
	case "interval":
		op.IntervalMs = num()
	case "last-rc-change":
		op.LastRCChange = num()
	case "exec-time":
		op.ExecTime = num()
	case "op-digest":
		op.OpDigest = value
	case "on_node":
		op.OnNode = value
	case "queue-time":
		op.QueueTime = num()
	}
	if op.Attrs != nil {
		setAttr(&op.Attrs, name, value)
	}
}

// bundleImplicitAgent is the agent of a resource bundle b makes for its
// replicas, found by the id Pacemaker gives it: BUNDLE-RUNTIME-N, the
// container (ocf:heartbeat:RUNTIME), BUNDLE-N, its connection
// (ocf:pacemaker:remote), BUNDLE-ip-ADDR, its address
// (ocf:heartbeat:IPaddr2). crm_simulate injects operations of these like
// any other resource's (a replica's container failing its monitor).
func bundleImplicitAgent(b *ir.Bundle, id string) (ir.Agent, bool) {
	rest, ok := strings.CutPrefix(id, b.ID+"-")
	if !ok || b.Runtime == nil {
		return ir.Agent{}, false
	}
	isIndex := func(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
	kind := strings.ToLower(b.Runtime.Kind)
	switch {
	case isIndex(strings.TrimPrefix(rest, kind+"-")) && strings.HasPrefix(rest, kind+"-"):
		return ir.Agent{Class: "ocf", Provider: "heartbeat", Type: kind}, true
	case isIndex(rest):
		return ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "remote"}, true
	case strings.HasPrefix(rest, "ip-") && len(rest) > len("ip-"):
		return ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "IPaddr2"}, true
	}
	return ir.Agent{}, false
}
