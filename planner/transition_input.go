package planner

import (
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

// status is the CIB's status section, nil when it has none.
func (p *plan) status() *ir.Status {
	if p.statusReleased {
		panic("planner: the CIB's status is read after releaseStatus")
	}
	return p.CIB.Status
}

// releaseStatus lets go of the CIB's status section once the transition's
// input is read from it: the model holds all the transition and the
// result need of it. In a large cluster the status is the larger part of
// the CIB (0.13 GB of operation records for 10000 resources on 64 nodes),
// which the collector would otherwise mark over and over while the
// transition is made (docs/performance.md, "The status let go of").
func (p *plan) releaseStatus() {
	cib := *p.CIB
	cib.Status = nil
	p.CIB, p.statusReleased = &cib, true
}

// forTransition completes the model with what the history asks of the
// transition and returns it for package transition, which schedules the
// actions: node discovery and fencing state, each resource's configured
// operations, known-on nodes, active recurring operations and config
// changes, and the orphans the status holds.
func (p *plan) forTransition() *model.Cluster {
	if p.transitionReady {
		return p.txInput
	}
	p.transitionReady = true
	histories, orphaned := p.histories()
	changes := p.configChanges()
	p.runParamChecks()
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive {
			continue
		}
		for _, op := range r.OpDefs {
			o := model.Op{Name: pcmk.Task(op.Name), IntervalMs: op.Interval.Ms, Role: pcmk.ParseRole(string(op.Role)),
				Enabled: op.Enabled == nil || op.Enabled.Value, OnFail: op.OnFail}
			r.Ops = append(r.Ops, o)
		}
		r.ConfigChanges = changes[r.ID]
		r.KnownOn = make([]bool, len(p.Nodes))
		for _, h := range histories[r] {
			if p.knownFrom(r, h.ops) {
				r.KnownOn[h.node] = true
			}
			for _, op := range h.ops {
				if op.Operation == pcmk.TaskStart && op.OpStatus == pcmk.ExecPending {
					r.StartPending = true
				}
			}
			sorted := p.sortOps(h.ops)
			if p.Nodes[h.node].Remote() && (h.node >= len(p.remoteUpAtUnpack) || !p.remoteUpAtUnpack[h.node]) {
				// Recurring operations are recorded as active only on
				// nodes online as the status is read; a remote node
				// comes up at assignment at the earliest.
				continue
			}
			r.ActiveOps = append(r.ActiveOps, recurringActive(sorted, h.node)...)
		}
	}
	p.propagateKnownOn()
	p.Top = append(p.Top, p.orphans(orphaned, changes)...)
	for i, c := range p.CIB.Config.Constraints {
		if o, ok := c.(*ir.Order); ok {
			if eo := p.expandOrder(o); eo != nil {
				p.Orders = append(p.Orders, model.Order{Order: eo, Position: i})
			}
		}
	}
	// Kinds the transition does not schedule yet are left out of it; the
	// Result reports their actions, and those of what is tied to them, as
	// unknown.
	in := p.Cluster
	in.Top = nil
	for _, r := range p.Top {
		if transition.SchedulesResource(p.target, r) {
			in.Top = append(in.Top, r)
		}
	}
	p.txInput = &in
	return p.txInput
}

// propagateKnownOn records, as Pacemaker's process_rsc_state does, that
// what is known of an anonymous clone instance on a node is known of its
// group instance and its clone too (a unique instance stops the
// propagation).
func (p *plan) propagateKnownOn() {
	for _, r := range p.Resources {
		if r.Kind != model.KindPrimitive || r.KnownOn == nil {
			continue
		}
		for child, parent := r, r.Parent; parent != nil && !child.Unique; child, parent = parent, parent.Parent {
			if parent.KnownOn == nil {
				parent.KnownOn = make([]bool, len(p.Nodes))
			}
			for i, known := range r.KnownOn {
				if known {
					parent.KnownOn[i] = true
				}
			}
		}
	}
}

// expandOrder replaces tag and template references of an order by resource
// sets, as Pacemaker does before unpacking it; nil when it names unknown
// resources.
func (p *plan) expandOrder(o *ir.Order) *ir.Order {
	expand := func(id string) ([]string, bool) {
		if r := p.constraintResource(id); r != nil {
			return []string{r.ID}, false
		}
		refs, ok := p.tagRefs(id)
		if ok && refs == nil {
			return nil, false
		}
		return refs, ok
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
