package batch

import (
	"strings"

	"pcl/ir"
)

// compactStatus returns cib with the resource histories of its status
// copied, equal in every field, into memory laid out in the order the
// planner reads them: the histories in one block, their operations in
// another, and the strings of theirs the planner reads (historyStrings,
// opStrings) in one more, each in document order. Everything else they
// hold is shared with cib.
//
// Every scenario reads the settled cluster's status, two or three times
// over (its plan and the cluster its transition leaves share most of it).
// A settled status has a history per resource per node, made one at a
// time as the transitions before recorded them, scattered across the heap
// between everything else those runs allocated; reading it was mostly
// waiting for memory, one miss per history and per operation. Laid out in
// reading order, the processor fetches it ahead.
//
// Nothing but the histories changes: the node states are copied to point
// at the new ones, and cib itself is not modified.
func compactStatus(cib *ir.CIB) *ir.CIB {
	if cib == nil || cib.Status == nil {
		return cib
	}
	var histories, ops int
	var text strings.Builder
	size := 0
	eachString := func(visit func(*string)) {
		for _, ns := range cib.Status.Nodes {
			for _, h := range ns.Resources {
				historyStrings(h, visit)
				for _, op := range h.Ops {
					opStrings(op, visit)
				}
			}
		}
	}
	for _, ns := range cib.Status.Nodes {
		histories += len(ns.Resources)
		for _, h := range ns.Resources {
			ops += len(h.Ops)
		}
	}
	eachString(func(s *string) { size += len(*s) })
	text.Grow(size)
	eachString(func(s *string) { text.WriteString(*s) })
	all := text.String()
	next := func(s *string) {
		n := len(*s)
		*s, all = all[:n], all[n:]
	}

	out := *cib
	st := *cib.Status
	out.Status = &st
	st.Nodes = make([]*ir.NodeState, len(cib.Status.Nodes))
	hslab := make([]ir.ResourceHistory, histories)
	oslab := make([]ir.OpRecord, ops)
	pslab := make([]*ir.OpRecord, ops)
	for i, ns := range cib.Status.Nodes {
		c := *ns
		c.Resources = make([]*ir.ResourceHistory, len(ns.Resources))
		for j, h := range ns.Resources {
			hc := &hslab[0]
			hslab = hslab[1:]
			*hc = *h
			historyStrings(hc, next)
			hc.Ops, pslab = pslab[:len(h.Ops):len(h.Ops)], pslab[len(h.Ops):]
			for k, op := range h.Ops {
				oc := &oslab[0]
				oslab = oslab[1:]
				*oc = *op
				opStrings(oc, next)
				hc.Ops[k] = oc
			}
			c.Resources[j] = hc
		}
		st.Nodes[i] = &c
	}
	return &out
}

// historyStrings visits the strings of a history the planner reads, in
// the order compactStatus lays them out.
func historyStrings(h *ir.ResourceHistory, visit func(*string)) {
	visit(&h.ID)
	visit(&h.Class)
	visit(&h.Provider)
	visit(&h.Type)
}

// opStrings visits the strings of an operation the planner reads, in
// the order compactStatus lays them out.
func opStrings(op *ir.OpRecord, visit func(*string)) {
	visit(&op.ID)
	visit((*string)(&op.Operation))
	visit(&op.OperationKey)
	visit(&op.TransitionKey)
	visit(&op.OpDigest)
}
