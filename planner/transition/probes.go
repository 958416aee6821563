package transition

import (
	"slices"

	"pcl/pcmk"
	"pcl/planner/model"
)

// scheduleProbes creates the probes (pcmk__schedule_probes): for every
// node, for every resource, a monitor_0 where the resource's state is not
// known.
//
// Probes are most of the actions of a large cluster, and every later step
// visits them resource by resource; made node by node, as Pacemaker makes
// them, one resource's probes lie far apart in memory and every visit
// misses the processor's caches. So, when it can (see probesByResource),
// it makes them resource by resource, giving each the id it would have
// had: the same actions, in the same order of ids, but laid out by
// resource.
func (s *scheduler) scheduleProbes() {
	// The probes' orderings before their resources' starts are applied
	// where they would be among the other orderings (see
	// applyProbeOrders).
	s.probeOrdersAt = s.numOrderings()
	for i, n := range s.nodes {
		if !n.Online && s.failedRemoteNode(i) {
			s.fenceRemote(i, "the connection is unrecoverable")
		}
	}
	var nodes []int // the nodes resources are probed on, in order
	again := false
	for i := range s.nodes {
		switch s.probeMode(i) {
		case probeResources:
			nodes = append(nodes, i)
		case probeAgain:
			again = true
		}
	}
	s.numProbeNodes = len(nodes)
	if !again && s.probesByResource(nodes) {
		return
	}
	for i := range s.nodes {
		switch s.probeMode(i) {
		case probeAgain:
			s.customAction(nil, string(pcmk.TaskProbeAgain)+"-"+s.nodes[i].Uname, pcmk.TaskProbeAgain, i, false)
		case probeResources:
			for _, r := range s.top {
				s.probeOnNode(r, r, i)
			}
		}
	}
}

// probeMode is what scheduleProbes does on a node.
type probeMode int

const (
	probeNothing   probeMode = iota // offline, unclean, or discovery disabled
	probeAgain                      // one probe_again action (probe_complete=false)
	probeResources                  // a probe per resource of unknown state
)

func (s *scheduler) probeMode(i int) probeMode {
	n := s.nodes[i]
	if !n.Online || n.Unclean || n.NoDiscovery {
		return probeNothing
	}
	if n.Probed != "" {
		if v, ok := parseBoolish(n.Probed); ok && !v {
			return probeAgain
		}
	}
	return probeResources
}

// probesByResource makes the probes on nodes resource by resource, each
// with the id the node-by-node order gives it, and reports whether it did.
// It is not called when a node asks for probe_again (an action amid the
// probes), and does nothing when a resource has an action with a probe's
// key already (which the probe would be, instead of a new one): then only
// the node-by-node order is sure to give every action its id.
//
// Restricted to one node, the resource-by-resource order is the order
// probeOnNode visits primitives there: an anonymous clone's instances are
// all listed, each probed only on the nodes where it is the one probed
// (probedInstances), which is the one probeOnNode visits.
func (s *scheduler) probesByResource(nodes []int) bool {
	if s.in.EnableUnfencing {
		// Unfencing actions are made amid the probes: only the
		// node-by-node order is sure to give every action its id.
		return false
	}
	if len(nodes) == 0 {
		return true
	}
	for _, r := range s.top {
		if r.Kind == model.KindBundle {
			// A bundle probes its replicas' parts in an order of its
			// own (bundle.createProbe).
			return false
		}
	}
	var prims []probeUnit // in the order probeOnNode visits them
	var walk func(u probeUnit)
	walk = func(u probeUnit) {
		switch r := u.r; {
		case s.hasInstances(r):
			// As clone.createProbe reads them on every node.
			s.sortByNumber(r)
			children := s.children(r)
			var picks []int32
			if !r.Unique && len(children) > 0 {
				picks = s.probedInstances(r, children)
			}
			for i, c := range children {
				walk(probeUnit{r: c, top: u.top, clone: r, picks: picks, instance: int32(i)})
			}
		case s.collective(r):
			for _, m := range r.Children {
				u.r = m
				walk(u)
			}
		default:
			prims = append(prims, u)
		}
	}
	for _, r := range s.top {
		walk(probeUnit{r: r, top: r})
	}
	for _, p := range prims {
		if x := s.of(p.r); x.bucket(x.keyOf(zeroMonitor)) != nil {
			return false
		}
	}
	// Node n's probes take the ids from next[n] on, in resource order.
	count := make([]int, len(s.nodes))
	probes := make([]int, len(prims)) // how many of each there are
	for i, p := range prims {
		for _, n := range nodes {
			if p.visitedOn(n) && s.shouldProbe(p.r, p.top, n) {
				count[n]++
				probes[i]++
			}
		}
	}
	next := make([]int, len(s.nodes))
	id := len(s.actions)
	for _, n := range nodes {
		next[n] = id
		id += count[n]
	}
	s.actions = append(s.actions, make([]*Action, id-len(s.actions))...)
	s.marks = append(s.marks, make([]actionMark, id-len(s.marks))...) // monitors without inputs
	for i, p := range prims {
		for _, n := range nodes {
			if !p.visitedOn(n) {
				continue
			}
			if !s.shouldProbe(p.r, p.top, n) {
				s.guestProbeOrders(p.r, p.top, n)
				continue
			}
			a := s.newActionSlot()
			*a = Action{ID: next[n], Rsc: p.r, Task: pcmk.TaskMonitor, Key: s.of(p.r).keyOf(zeroMonitor), Node: n, Flags: Runnable, sched: s}
			s.touch(p.r, pcmk.TaskMonitor)
			next[n]++
			s.actions[a.ID] = a
			s.of(p.r).addAction(a)
			if len(s.of(p.r).probeOrders) == 0 {
				s.of(p.r).reserveProbes(probes[i])
			}
			s.settleAction(p.r, a, false)
			s.finishProbe(p.r, a)
		}
	}
	return true
}

// probeUnit is a primitive probesByResource probes: of top-level resource
// top, an instance of clone (or a member of one) unless clone is nil.
type probeUnit struct {
	r, top, clone *Resource
	// picks are, in an anonymous clone, the index of the instance probed
	// on each node (probedInstances), nil when every instance is probed;
	// instance is the index of r's instance (in number order).
	picks    []int32
	instance int32
}

// visitedOn tells whether probeOnNode reaches p on node n, as
// clone.createProbe decides: always outside a clone; in one, unless the
// clone is probed on no instance there, and, in an anonymous one, when p
// belongs to the instance probed there.
func (p probeUnit) visitedOn(n int) bool {
	if p.clone == nil {
		return true
	}
	return !unprobedOn(p.clone, n) && (p.picks == nil || p.picks[n] == p.instance)
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

// probeOnNode probes r, or its members or instances, on node when it
// should be, and reports whether it did any; top is r's top-level
// resource.
func (s *scheduler) probeOnNode(r, top *Resource, node int) bool {
	return s.variantOf(r).createProbe(s, r, top, node)
}

// probePrimitive probes primitive r on node when it should be
// (pcmk__probe_rsc_on_node).
func (s *scheduler) probePrimitive(r, top *Resource, node int) bool {
	if !s.shouldProbe(r, top, node) {
		s.guestProbeOrders(r, top, node)
		return false
	}
	probe := s.customAction(r, s.of(r).keyOf(zeroMonitor), pcmk.TaskMonitor, node, false)
	s.orderVsUnfence(r, node, probe, OrderOptional)
	s.finishProbe(r, probe)
	return true
}

// shouldProbe tells whether primitive r, of top-level resource top, is to
// be probed on node.
func (s *scheduler) shouldProbe(r, top *Resource, node int) bool {
	return !s.probeBlocked(r, top, node) && !s.guestDown(node)
}

// probeBlocked tells whether anything but the state of a guest node's
// container keeps primitive r from being probed on node.
func (s *scheduler) probeBlocked(r, top *Resource, node int) bool {
	return !s.probeAllowed(r, top, node)
}

func (s *scheduler) probeAllowed(r, top *Resource, node int) bool {
	if n := s.nodes[node]; n.Remote() {
		// Remote nodes run no fence devices and no connections; a guest
		// does not run what contains a guest.
		if r.Agent.Class == "stonith" || r.RemoteNode != nil || (n.Guest() && guestConnOf(r) != nil) {
			return false
		}
	}
	if r.Container != nil && r.RemoteNode == nil {
		return false // inside a container: its container is probed
	}
	if r.Orphan {
		return false
	}
	if node < len(r.KnownOn) && r.KnownOn[node] {
		return false
	}
	allowed := r.Allowed.Allows(node)
	mode := r.Allowed.DiscoveryOn(node)
	if !allowed && s.nodes[node].DiscoverNever {
		// Not in r's table: the node's own discovery mode counts, never
		// on a bundle's replica node.
		mode = pcmk.DiscoverNever
	}
	if r.ExclusiveDiscovery || top.ExclusiveDiscovery {
		if !allowed || mode != pcmk.DiscoverExclusive {
			return false
		}
	}
	return mode != pcmk.DiscoverNever
}

// reserveProbes makes room for n probes of r.
func (x *rscActions) reserveProbes(n int) {
	x.probeOrders = slices.Grow(x.probeOrders, n)
	x.actions = slices.Grow(x.actions, n)
	if b := x.bucket(x.keyOf(zeroMonitor)); b != nil {
		b.actions = slices.Grow(b.actions, n)
		b.nodes = slices.Grow(b.nodes, n)
	}
	if l := x.taskList(pcmk.TaskMonitor); l != nil {
		l.actions = slices.Grow(l.actions, n)
	}
}

// finishProbe makes probe required and records its orderings before r's
// start and reload-agent.
func (s *scheduler) finishProbe(r *Resource, probe *Action) {
	probe.clear(Optional)
	flags := OrderOptional
	if !probe.is(Runnable) && !s.probeTargetActive(r) {
		flags |= OrderRunnableLeft
	}
	s.of(r).probeOrders = append(s.of(r).probeOrders, probeOrder{probe: int32(probe.ID), flags: flags})
}

// probeOrder is a probe's ordering before its resource's start (and a
// second, optional, before its reload-agent). Probes have these by the
// hundred thousand; they are kept with the resource, not as orderings, and
// applied resource by resource (see applyProbeOrders).
type probeOrder struct {
	probe int32 // the probe's id
	flags OrderFlags
}

// applyProbeOrders applies the probes' orderings, at the point among the
// orderings where scheduleProbes would have added them. Each links actions
// of one resource only (the probe to the resource's own start and
// reload-agent) and no other ordering made there touches those, so
// applying them resource by resource instead of node by node gives every
// action the same edges in the same order.
func (s *scheduler) applyProbeOrders() {
	for _, r := range s.rscs {
		if len(s.of(r).probeOrders) == 0 {
			continue
		}
		if target := s.probeTarget(r); target != r {
			// An instance's probes come before its clone's start (its
			// reload-agent key names no action of the clone).
			start := s.key0(target, pcmk.TaskStart)
			for _, po := range s.of(r).probeOrders {
				probe := s.actions[po.probe]
				o := ordering{flags: po.flags, lhRsc: r, rhRsc: target, lhAction: probe, lhTask: probe.Key, rhTask: start}
				s.orderFirst(r, &o)
			}
			continue
		}
		for _, po := range s.of(r).probeOrders {
			probe := s.actions[po.probe]
			o := ordering{flags: po.flags, lhRsc: r, rhRsc: r, lhAction: probe, lhTask: probe.Key, rhTask: s.of(r).keyOf(zeroStart)}
			s.orderFirst(r, &o)
			o.flags, o.rhTask = OrderOptional, s.of(r).keyOf(zeroReloadAgent)
			s.orderFirst(r, &o)
		}
	}
}

// probeTarget is the resource whose start r's probes come before: r's
// clone when r is in one (unless r is a fence device and unfencing is in
// use), else r. A bundle's parts count as top-level (uber_parent stops
// below a bundle): a replica's instance's probes come before the child
// clone's start, its container's before the container's own.
func (s *scheduler) probeTarget(r *Resource) *Resource {
	if r.IsFenceDevice && s.in.EnableUnfencing {
		return r
	}
	if top := topNoBundle(r); top != r && s.hasInstances(top) {
		return top
	}
	return r
}

// orderProbes adds "probe then X" orderings (pcmk__order_probes).
func (s *scheduler) orderProbes() {
	for _, r := range s.top {
		s.restartOrderingsForRsc(r)
	}
	s.probeOrderingsForStops()
}

func (s *scheduler) restartOrderingsForRsc(r *Resource) {
	if s.collective(r) {
		for _, m := range r.Children {
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
	// Ordering adds no action: the list is read as it is, not copied.
	x := s.of(r)
	for _, probe := range x.withKey(x.keyOf(zeroMonitor)) {
		// Iterate over a snapshot: the walk adds orderings to probe.After.
		// (The walk never comes back here, so one buffer serves.)
		s.afterSnapshot = append(s.afterSnapshot[:0], probe.After...)
		after := s.afterSnapshot
		for i := len(after) - 1; i >= 0; i-- {
			from := s.actions[after[i].Action]
			s.startOrderingsForProbe(probe, from, after[i].Type)
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
			for _, id := range s.tracked {
				s.actions[id].Flags &^= Tracking
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
	if after == nil || probe.Rsc == nil || s.collective(probe.Rsc) || probe.Task != pcmk.TaskMonitor {
		return
	}
	if after.is(Tracking) {
		return
	}
	// The walk's own mark is set and cleared directly: no view of an
	// action's flags that a collective keeps (see actionFlags) reads it,
	// so they need not be told.
	after.Flags |= Tracking
	s.tracked = append(s.tracked, int32(after.ID))
	if after.Task == pcmk.TaskMonitor && after.IntervalMs == 0 {
		s.walkSawProbe = true
	}
	if after.Rsc != nil && !s.collective(after.Rsc) && probe.Rsc != after.Rsc {
		var thens []*Action
		x := s.of(after.Rsc)
		switch after.Task {
		case pcmk.TaskStart:
			thens = x.withKey(x.keyOf(zeroStop))
		case pcmk.TaskPromote:
			thens = x.withKey(x.keyOf(zeroDemote))
		}
		for _, then := range thens {
			if !then.is(Pseudo) {
				s.orderActions(probe, then, OrderOptional)
				s.walkThens = append(s.walkThens, then)
			}
		}
	}
	// For an interleaved clone, the walk goes on to the instance paired
	// with the probed resource only.
	var compatible *Resource
	interleave := false
	if s.hasInstances(after.Rsc) && after.Rsc.CloneOpts != nil && after.Rsc.CloneOpts.Interleave {
		interleave = true
		compatible = s.findCompatibleChild(probe.Rsc, after.Rsc, RoleUnknown, false)
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
			if after.Rsc == nil || !s.collective(after.Rsc) || probe.Rsc.Parent == after.Rsc ||
				next.Rsc == nil || s.hasInstances(next.Rsc) || next.Rsc.Parent != after.Rsc {
				continue
			}
			if interleave && (compatible == nil || compatible != next.Rsc) {
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
	// Orderings within one resource are left out on their records,
	// undecoded.
	between := func(rec *orderingRecord) bool {
		return rec.flags != OrderNone && rec.lhRsc >= 0 && rec.lhRsc != rec.rhRsc
	}
	for o := range s.allOrderings(between) {
		if (o.lhAction == nil && o.lhTask == "") || (o.rhAction == nil && o.rhTask == "") {
			continue
		}
		if o.lhAction != nil && o.lhAction.Task != pcmk.TaskStop {
			continue
		} else if o.lhAction == nil && !hasSuffix(o.lhTask, stopKeySuffix) {
			continue
		}
		// A resource inside a stopping container is not probed before
		// the container stops: the probe could come after the container
		// starts again, a loop.
		if o.rhRsc != nil && o.lhRsc.Container == o.rhRsc {
			if o.rhAction != nil && o.rhAction.Task == pcmk.TaskStop || o.rhAction == nil && hasSuffix(o.rhTask, stopKeySuffix) {
				continue
			}
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
		probes := s.resourceActions(o.lhRsc, NoNode, pcmk.TaskMonitor, false)
		if len(probes) == 0 {
			continue
		}
		var thens []*Action
		if o.rhAction != nil {
			thens = []*Action{o.rhAction}
		} else if o.rhRsc != nil {
			thens = s.of(o.rhRsc).find(o.rhTask, NoNode)
			if len(thens) == 0 {
				continue
			}
		}
		for _, p := range probes {
			for _, then := range thens {
				if then.Task == pcmk.TaskShutdown && p.Node != then.Node {
					continue
				}
				if then.Task == pcmk.TaskStonith && p.Node == then.Node && then.FenceOp == pcmk.FenceOn {
					continue
				}
				s.orderActions(p, then, flags)
			}
		}
	}
}

// startOrderingsForProbe keeps, since 2.1.6, the inactive instances of a
// clone from starting while one of its instances cannot be probed: the
// probe's ordering before the clone's start blocks nothing as long as an
// instance is active (so that none is stopped), so the probe is ordered
// before each inactive instance's start itself, as a blocking ordering
// (add_start_orderings_for_probe).
func (s *scheduler) startOrderingsForProbe(probe, after *Action, flags OrderFlags) {
	if !s.in.Target.Since(pcmk.V2_1_6) || after.Rsc == nil || !s.collective(after.Rsc) ||
		probe.is(Runnable) || flags&OrderRunnableLeft != 0 || probe.Rsc == nil ||
		topNoBundle(probe.Rsc) != after.Rsc || after.Task != pcmk.TaskStart {
		return
	}
	for _, e := range slices.Clone(after.After) {
		then := s.actions[e.Action]
		if then.Rsc == nil || len(then.Rsc.RunningOn) > 0 || topNoBundle(then.Rsc) != after.Rsc || then.Task != pcmk.TaskStart {
			continue
		}
		s.orderActions(probe, then, OrderOptional|OrderRunnableLeft)
	}
}

// topNoBundle is r's topmost ancestor below any bundle
// (pe__const_top_resource without the bundle).
func topNoBundle(r *Resource) *Resource {
	for r.Parent != nil && r.Parent.Kind != model.KindBundle {
		r = r.Parent
	}
	return r
}

// probeTargetActive reports whether what an unrunnable probe of r would
// block is active somewhere, in which case the probe must not block it
// (it would stop): r itself until 2.1.5; since 2.1.6 the whole clone when
// r is a clone instance (pcmk__probe_rsc_on_node).
func (s *scheduler) probeTargetActive(r *Resource) bool {
	if !s.in.Target.Since(pcmk.V2_1_6) {
		return len(r.RunningOn) > 0
	}
	if top := topNoBundle(r); top.Kind == model.KindClone {
		return activeAnywhere(top)
	}
	return len(r.RunningOn) > 0
}

// activeAnywhere reports whether r or any resource within it is active.
func activeAnywhere(r *Resource) bool {
	if len(r.RunningOn) > 0 {
		return true
	}
	return slices.ContainsFunc(r.Children, activeAnywhere)
}
