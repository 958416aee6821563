package scenario

import (
	"errors"
	"fmt"
	"time"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/transition"
)

// Settle returns a copy of cib with the status an executed transition
// leaves, as crm_simulate -S records it with its simulated executor: each
// resource action's expected result in the resource's history on its
// node, and each fenced node down with its history and transient
// attributes gone. Pseudo-actions and controller actions (do_shutdown,
// clear_failcount) change nothing, as in crm_simulate. now is when the
// results are recorded (zero: the CIB's execution-date, else the clock);
// digest gives each operation's parameter digest (op-digest), which the
// next run compares with the configuration (planner.Result.OpDigest);
// target the release whose crm_simulate records it (since 3.0.0 each
// result names the node it ran on, on_node). The input is not modified.
func Settle(cib *ir.CIB, t *transition.Transition, e *transition.Execution, target pcmk.Target, now time.Time, digest DigestFunc) (*ir.CIB, error) {
	if cib == nil || cib.Config == nil {
		return nil, errors.New("the CIB has no configuration")
	}
	out := *cib
	out.Attrs = append([]ir.Attr(nil), cib.Attrs...)
	a := &applier{cib: &out, owned: map[any]bool{}, target: target}
	a.stamp = a.injectionTime(now)
	if target.Since(pcmk.V3_0_0) {
		// Since 3.0.0 two entries naming different nodes are ordered by
		// when they changed: what this transition records must come
		// after everything recorded before, as crm_simulate's wall clock
		// does, or a tie leaves the order to chance.
		a.stamp = max(a.stamp, latestChange(cib.Status)+1)
	}
	var errs []error
	for _, st := range e.Fired {
		act := st.Action
		switch st.Kind() {
		case transition.StepFencing:
			if act.FenceOp == pcmk.FenceOn {
				continue
			}
			ns, err := a.nodeState(t.NodeName(act.Node), false)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			a.setMembership(ns, false)
			eraseHistory(ns)
		case transition.StepResource:
			if !st.Recorded() {
				continue
			}
			if err := a.recordStep(t, st, digest); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &out, nil
}

// latestChange is the latest last-rc-change a status records, 0 for none.
func latestChange(st *ir.Status) int64 {
	var latest int64
	if st == nil {
		return 0
	}
	for _, ns := range st.Nodes {
		for _, h := range ns.Resources {
			for _, op := range h.Ops {
				latest = max(latest, op.LastRCChange)
			}
		}
	}
	return latest
}

// DigestFunc gives the parameter digest of an operation of the resource
// with the given id.
type DigestFunc func(rsc string, task pcmk.Task, intervalMs int64) string

// recordStep is simulate_resource_action for an action that succeeds: its
// result, the one expected, recorded in the resource's history on its node
// (pcmk__inject_resource_history, then pcmk__inject_action_result).
func (a *applier) recordStep(t *transition.Transition, st transition.Step, digest DigestFunc) error {
	act := st.Action
	node := t.NodeName(act.Node)
	ns := a.actedOnNodeState(node)
	if act.Rsc == nil {
		return fmt.Errorf("%s on %s: the action has no resource", act.Key, node)
	}
	h := a.historyUnder(ns, st.Resource, st.HistoryName, act.Rsc.Agent)
	// A cancellation is recorded too, as an operation named cancel with
	// the cancelled operation's interval, as crm_simulate does.
	a.recordResult(h, opResult{
		Resource:   st.HistoryName,
		Operation:  act.Task,
		IntervalMs: act.IntervalMs,
		RC:         int(st.ExpectedRC),
		ExpectedRC: int(st.ExpectedRC),
		NotifyType: st.NotifyType,
		NotifyTask: st.NotifyTask,
		Digest:     digest(act.Rsc.ID, act.Task, act.IntervalMs),
		OnNode:     a.onNode(node),
	})
	return nil
}

// historyUnder finds the node's history of the resource under the name
// crm_simulate looks for first, then under its configured name, and
// creates it under the configured name.
func (a *applier) historyUnder(ns *ir.NodeState, name, configured string, ag ir.Agent) *ir.ResourceHistory {
	if h := a.ownHistory(ns, name); h != nil {
		return h
	}
	return a.history(ns, configured, ag)
}

// actedOnNodeState is the <node_state> of a node the transition ran an
// action on, made when missing, with the node's name as its id, as
// crm_simulate's pcmk__inject_node makes it: a bundle's replica node
// started in this transition has none yet.
func (a *applier) actedOnNodeState(uname string) *ir.NodeState {
	if ns, err := a.nodeState(uname, false); err == nil {
		return ns
	}
	st := a.status()
	ns := &ir.NodeState{ID: uname, Uname: uname, Sections: []string{},
		Attrs: []ir.Attr{{Name: "id", Value: uname}, {Name: "uname", Value: uname}}}
	a.owned[ns] = true
	st.Nodes = append(st.Nodes, ns)
	return ns
}
