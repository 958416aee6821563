package transition

import "slices"

func (s *scheduler) scheduleProbes() {
	// Probes are most of the actions of a large cluster: make room for
	// them at once (at most one per resource and probed node).
	if s.numProbeNodes < 0 {
		s.numProbeNodes = s.probeNodes()
	}
	s.actions = slices.Grow(s.actions, s.numProbeNodes*len(s.rscs))
	for i := range s.nodes {
		n := &s.nodes[i]
		if !n.Online || n.Unclean || n.NoDiscovery {
			continue
		}
		if n.Probed != "" {
			if v, ok := parseBoolish(n.Probed); ok && !v {
				a := s.customAction(nil, "probe_again-"+n.Name, "probe_again", i, false)
				_ = a
				continue
			}
		}
		for _, r := range s.top {
			s.probeOnNode(r, i)
		}
	}
}

// probeNodes counts the nodes scheduleProbes probes resources on: how many
// probes a resource may get.
func (s *scheduler) probeNodes() int {
	n := 0
	for i := range s.nodes {
		nd := &s.nodes[i]
		if !nd.Online || nd.Unclean || nd.NoDiscovery {
			continue
		}
		if nd.Probed != "" {
			if v, ok := parseBoolish(nd.Probed); ok && !v {
				continue
			}
		}
		n++
	}
	return n
}

func parseBoolish(v string) (bool, bool) {
	switch v {
	case "true", "on", "yes", "y", "1":
		return true, true
	case "false", "off", "no", "n", "0":
		return false, true
	}
	return false, false
}

func (s *scheduler) probeOnNode(r *rscState, node int) bool {
	top := r
	for top.parent != nil {
		top = top.parent
	}
	n := &s.nodes[node]
	if n.Remote && r.Class == "stonith" {
		return false
	}
	if r.IsGroup() {
		any := false
		for _, m := range r.members {
			if s.probeOnNode(m, node) {
				any = true
			}
		}
		return any
	}
	if r.Orphan {
		return false
	}
	if node < len(r.KnownOn) && r.KnownOn[node] {
		return false
	}
	allowed := r.Allowed == nil || (node < len(r.Allowed) && r.Allowed[node])
	mode := ""
	if node < len(r.Discovery) {
		mode = r.Discovery[node]
	}
	if r.ExclusiveDiscovery || top.ExclusiveDiscovery {
		if !allowed || mode != "exclusive" {
			return false
		}
	}
	if mode == "never" {
		return false
	}
	first := r.probeKeys[0] == ""
	if first {
		// The same three keys for every node: make them once.
		r.probeKeys = [3]string{opKey(r.ID, "monitor", 0), opKey(r.ID, "start", 0), opKey(r.ID, "reload-agent", 0)}
		for i, k := range r.probeKeys {
			r.probeKeyIDs[i] = s.keyID(k)
		}
		// Pacemaker orders each probe before the resource's reload-agent
		// too. Only configChanges, which runs before the probes, makes
		// reload-agent actions, so when r has none now that ordering can
		// never link two actions: it is left out (one ordering per probe,
		// to no effect).
		r.probeReload = r.bucket(r.probeKeys[2]) != nil
	}
	probe := s.customAction(r, r.probeKeys[0], "monitor", node, false)
	if first {
		if s.numProbeNodes < 0 {
			s.numProbeNodes = s.probeNodes()
		}
		r.reserve(probe, s.numProbeNodes)
	}
	probe.clear(Optional)

	// Primitives and groups order the probe before their own start.
	flags := OrderOptional
	if !probe.is(Runnable) && len(r.RunningOn) == 0 {
		flags |= OrderRunnableLeft
	}
	// These are newOrdering's records, made here with the keys' indices
	// at hand (an ordering within one resource has no migration
	// equivalents).
	lhTask := r.probeKeyIDs[0]
	if probe.Key != r.probeKeys[0] {
		lhTask = s.keyID(probe.Key) // an earlier action's, in other case
	}
	rec := orderingRecord{flags: flags, lhRsc: int32(r.idx), rhRsc: int32(r.idx), lhAction: int32(probe.ID), rhAction: -1,
		lhTask: lhTask, rhTask: r.probeKeyIDs[1]}
	s.storeOrdering(rec)
	if r.probeReload {
		rec.flags, rec.rhTask = OrderOptional, r.probeKeyIDs[2]
		s.storeOrdering(rec)
	}
	return true
}

// orderProbes adds "probe then X" orderings (pcmk__order_probes).
func (s *scheduler) orderProbes() {
	for _, r := range s.top {
		s.restartOrderingsForRsc(r)
	}
	s.probeOrderingsForStops()
}

func (s *scheduler) restartOrderingsForRsc(r *rscState) {
	if r.IsGroup() {
		for _, m := range r.members {
			s.restartOrderingsForRsc(m)
		}
		return
	}
	// Every probe of r starts its walks from the same actions (r's start,
	// mostly), and a walk depends on the probe only through its resource,
	// unless it passes through a probe, whose After the walks change. So
	// the first walk from an action is remembered (walkMemo) and replayed
	// for the other probes: the same orderings, in the same order.
	s.walkMemo = s.walkMemo[:0]
	s.walkThens = s.walkThens[:0]
	for _, probe := range r.resourceActions(NoNode, "monitor", false) {
		// Iterate over a snapshot: the walk adds orderings to probe.After.
		// (The walk never comes back here, so one buffer serves.)
		s.afterSnapshot = append(s.afterSnapshot[:0], probe.After...)
		after := s.afterSnapshot
		for i := len(after) - 1; i >= 0; i-- {
			from := s.actions[after[i].Action]
			if m, ok := s.memoFor(from); ok {
				for _, then := range s.walkThens[m.start:m.end] {
					s.orderActions(probe, then, OrderOptional)
				}
				continue
			}
			start := len(s.walkThens)
			s.walkSawProbe = false
			s.restartOrderingsForProbe(probe, from)
			if !s.walkSawProbe {
				s.walkMemo = append(s.walkMemo, walkMemo{from: from, start: start, end: len(s.walkThens)})
			} else {
				s.walkThens = s.walkThens[:start]
			}
			// Pacemaker clears the flag on every action; clearing the
			// ones the walk marked is the same and much cheaper.
			for _, a := range s.tracked {
				a.clear(Tracking)
			}
			s.tracked = s.tracked[:0]
		}
	}
}

// walkMemo is a remembered restart walk: the walk from from ordered the
// probe before walkThens[start:end], in that order.
type walkMemo struct {
	from       *Action
	start, end int
}

func (s *scheduler) memoFor(from *Action) (walkMemo, bool) {
	for _, m := range s.walkMemo {
		if m.from == from {
			return m, true
		}
	}
	return walkMemo{}, false
}

func (s *scheduler) restartOrderingsForProbe(probe, after *Action) {
	if after == nil || probe.Rsc == nil || probe.Rsc.IsGroup() || probe.Task != "monitor" {
		return
	}
	if after.is(Tracking) {
		return
	}
	after.set(Tracking)
	s.tracked = append(s.tracked, after)
	if after.Task == "monitor" && after.IntervalMs == 0 {
		s.walkSawProbe = true
	}
	if after.Rsc != nil && !after.Rsc.IsGroup() && probe.Rsc != after.Rsc {
		var thens []*Action
		switch after.Task {
		case "start":
			thens = after.Rsc.resourceActions(NoNode, "stop", false)
		case "promote":
			thens = after.Rsc.resourceActions(NoNode, "demote", false)
		}
		for _, then := range thens {
			if !then.is(Pseudo) {
				s.orderActions(probe, then, OrderOptional)
				s.walkThens = append(s.walkThens, then)
			}
		}
	}
	// Walk a snapshot of after.After, kept on s.walkStack: deeper calls
	// push theirs above it and cut the stack back to where they found it,
	// so the entries from base to end stay this call's (the stack's array
	// may move, hence the indices).
	base := len(s.walkStack)
	s.walkStack = append(s.walkStack, after.After...)
	for i := len(s.walkStack) - 1; i >= base; i-- {
		w := s.walkStack[i]
		next := s.actions[w.Action]
		if w.Type&OrderImpliesThen == 0 {
			if after.Rsc == nil || !after.Rsc.IsGroup() || probe.Rsc.parent == after.Rsc ||
				next.Rsc == nil || next.Rsc.parent != after.Rsc {
				continue
			}
		}
		s.restartOrderingsForProbe(probe, next)
	}
	s.walkStack = s.walkStack[:base]
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

func (s *scheduler) probeOrderingsForStops() {
	// Orderings within one resource (two per probe) are left out on
	// their records, undecoded.
	between := func(rec *orderingRecord) bool {
		return rec.flags != OrderNone && rec.lhRsc >= 0 && rec.lhRsc != rec.rhRsc
	}
	for o := range s.allOrderings(between) {
		if (o.lhAction == nil && o.lhTask == "") || (o.rhAction == nil && o.rhTask == "") {
			continue
		}
		if o.lhAction != nil && o.lhAction.Task != "stop" {
			continue
		} else if o.lhAction == nil && !hasSuffix(o.lhTask, "_stop_0") {
			continue
		}
		flags := OrderOptional
		if o.flags&OrderApplyFirstNonMigratable != 0 {
			flags |= OrderApplyFirstNonMigratable
		}
		if o.flags&OrderSameNode != 0 {
			flags |= OrderSameNode
		}
		if o.flags == OrderAntiColocation || o.flags == OrderLoad {
			flags = o.flags
		}
		probes := o.lhRsc.resourceActions(NoNode, "monitor", false)
		if len(probes) == 0 {
			continue
		}
		var thens []*Action
		if o.rhAction != nil {
			thens = []*Action{o.rhAction}
		} else if o.rhRsc != nil {
			thens = o.rhRsc.find(o.rhTask, NoNode)
			if len(thens) == 0 {
				continue
			}
		}
		for _, p := range probes {
			for _, then := range thens {
				if then.Task == "do_shutdown" && p.Node != then.Node {
					continue
				}
				if then.Task == "stonith" && p.Node == then.Node && then.FenceOp == "on" {
					continue
				}
				s.orderActions(p, then, flags)
			}
		}
	}
}
