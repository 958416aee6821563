package transition

import "pcl/pcmk"

// canFence is pe_can_fence: a guest is fenced by stopping its container
// (canFenceGuest), whatever the cluster's fencing and quorum; any other
// node needs fencing enabled, a device, and quorum (or its loss ignored),
// or else to be in the partition's membership.
func (s *scheduler) canFence(node int) bool {
	if node != NoNode && s.nodes[node].Guest() && s.nodes[node].Conn != nil && s.nodes[node].Conn.Container != nil {
		return s.canFenceGuest(node)
	}
	if !s.in.StonithEnabled || !s.in.HaveStonith {
		return false
	}
	if s.in.HaveQuorum || s.in.NoQuorumPolicy == pcmk.NoQuorumIgnore {
		return true
	}
	return node != NoNode && s.nodes[node].Online
}

func (s *scheduler) anyManaged() bool {
	for _, r := range s.rscs {
		if r.Managed {
			return true
		}
	}
	return false
}

// fenceOp finds or creates the fencing action for a node.
func (s *scheduler) fenceOp(node int, op pcmk.FenceAction, optional bool, reason string) *Action {
	if op == "" {
		op = s.in.StonithAction
		if op == "" {
			op = pcmk.FenceReboot
		}
	}
	key := string(pcmk.TaskStonith) + "-" + s.nodes[node].Uname + "-" + string(op)
	a, ok := s.singletons[key]
	if !ok {
		a = s.customAction(nil, key, pcmk.TaskStonith, node, true)
		a.FenceOp = op
	}
	if !optional && s.canFence(node) {
		a.clear(Optional)
		a.setReason(reason, false)
	} else if reason != "" && a.Reason == "" {
		a.Reason = reason
	}
	return a
}

// earlyFencing creates the fencing Pacemaker creates while it unpacks
// the cluster (pe_fence_node), before any other: that of the nodes the
// status found unclean, in node order, then that of the nodes lost
// tickets made unclean, in the order the tickets fenced them. The
// summary lists node actions newest first, so this order is theirs.
func (s *scheduler) earlyFencing() {
	byTicket := make([]bool, len(s.nodes))
	for _, i := range s.in.TicketFenced {
		byTicket[i] = true
	}
	early := func(i int) {
		if n := s.nodes[i]; n.Unclean && n.FenceReason != "" && s.canFence(i) {
			s.fenceOp(i, "", true, n.FenceReason)
		}
	}
	for i := range s.nodes {
		if !byTicket[i] {
			early(i)
		}
	}
	for _, i := range s.in.TicketFenced {
		early(i)
	}
}

// scheduleFencingAndShutdowns creates fencing for unclean nodes and
// shutdowns for nodes shutting down (schedule_fencing_and_shutdowns).
func (s *scheduler) scheduleFencingAndShutdowns() {
	haveManaged := s.anyManaged()
	if haveManaged {
		s.earlyFencing()
	}
	var dcDown *Action
	var fencing, shutdowns []*Action // most recent first
	for i := range s.nodes {
		n := s.nodes[i]
		var f *Action
		if n.Guest() {
			// A guest is fenced by recovering its container.
			if n.RequiresReset && haveManaged && s.canFenceGuest(i) {
				s.fenceGuest(i)
			}
			continue
		}
		if haveManaged && n.Unclean && s.canFence(i) {
			if n.FenceReason != "" {
				s.fenceOp(i, "", true, n.FenceReason)
			}
			f = s.fenceOp(i, "", false, "node is unclean")
			s.orderVsFence(f)
			if n.IsDC {
				dcDown = f
			} else {
				if !s.in.ConcurrentFencing && len(fencing) > 0 {
					s.orderActions(fencing[0], f, OrderOptional)
				}
				fencing = append([]*Action{f}, fencing...)
			}
		} else if n.Online && n.Shutdown && !n.Remote() {
			down := s.customAction(nil, string(pcmk.TaskShutdown)+"-"+n.Uname, pcmk.TaskShutdown, i, false)
			s.orderStopsBeforeShutdown(i, down)
			if n.IsDC {
				dcDown = down
			} else {
				shutdowns = append([]*Action{down}, shutdowns...)
			}
		}
	}
	if dcDown != nil {
		if dcDown.Task == pcmk.TaskShutdown {
			for _, a := range shutdowns {
				s.orderActions(a, dcDown, OrderOptional)
			}
		}
		if s.in.ConcurrentFencing {
			for _, a := range fencing {
				s.orderActions(a, dcDown, OrderOptional)
			}
		} else if len(fencing) > 0 {
			s.orderActions(fencing[0], dcDown, OrderOptional)
		}
	}
}

func (s *scheduler) orderStopsBeforeShutdown(node int, shutdown *Action) {
	for _, a := range s.actions {
		if a.Rsc == nil || a.Node != node || a.Task != pcmk.TaskStop {
			continue
		}
		if a.Rsc.Maintenance || s.nodes[node].Maintenance {
			continue
		}
		if !a.Rsc.Managed && !a.Rsc.Blocked {
			continue
		}
		a.clear(Optional)
		s.newOrdering(a.Rsc, "", a, nil, string(pcmk.TaskShutdown), shutdown, OrderOptional|OrderRunnableLeft)
	}
}

// needs is what an action requires before it may run: "fencing",
// "quorum" or "" (nothing).
func needs(a *Action) string {
	if a.Rsc == nil || (a.Task != pcmk.TaskStart && a.Task != pcmk.TaskPromote && !(a.Task == pcmk.TaskMigrateTo && a.is(MigrateRunnable))) {
		return ""
	}
	switch {
	case a.Rsc.NeedsFencing:
		return "fencing"
	case a.Rsc.NeedsQuorum:
		return "quorum"
	}
	return ""
}

// orderVsFence orders every resource's actions relative to fencing a node
// (pcmk__order_vs_fence).
func (s *scheduler) orderVsFence(f *Action) {
	for _, r := range s.top {
		s.rscStonithOrdering(r, f)
	}
}

func (s *scheduler) rscStonithOrdering(r *Resource, f *Action) {
	if s.collective(r) {
		for _, m := range r.Children {
			s.rscStonithOrdering(m, f)
		}
		return
	}
	if !r.Managed {
		return
	}
	target := f.Node
	for i := len(s.of(r).actions) - 1; i >= 0; i-- {
		a := s.of(r).actions[i]
		switch needs(a) {
		case "fencing":
			s.orderActions(f, a, OrderOptional)
		case "quorum":
			allowed := r.Allowed.Allows(target)
			known := target < len(r.KnownOn) && r.KnownOn[target]
			// An anonymous clone's primitive instance is known where its
			// clone is (rsc_is_known_on).
			if p := r.Parent; !known && p != nil && s.hasInstances(p) && !p.Unique {
				known = target < len(p.KnownOn) && p.KnownOn[target]
			}
			if a.Task == pcmk.TaskStart && allowed && !known {
				s.orderActions(f, a, OrderOptional|OrderRunnableLeft)
			}
		}
	}
	top := topNoBundle(r) // uber_parent: a bundle's instance's is its child clone
	stops := s.resourceActions(r, target, pcmk.TaskStop, false)
	// Stops on a guest node are implied by its "fencing", a stop of its
	// container, and are ordered after it whether r needs fencing or not.
	implicit := r.NeedsFencing || s.nodes[target].Guest()
	var parentStop *Action
	if len(stops) > 0 && implicit {
		parentStop = findFirstAction(s.of(top).withTask(pcmk.TaskStop), "", pcmk.TaskStop, NoNode)
	}
	// Inside a bundle, fencing is ordered before the parent's stop only:
	// before the resource's own stop or demote it would make a loop.
	bundled := top.Parent != nil
	for _, a := range stops {
		a.set(Pseudo | Runnable)
		if implicit {
			if !bundled {
				s.orderActions(f, a, OrderPreserve)
			}
			s.orderActions(f, parentStop, OrderPreserve)
		}
		if notifies(r) {
			s.orderNotifsAfterFencing(r, f)
		}
	}
	for _, a := range s.resourceActions(r, target, pcmk.TaskDemote, false) {
		n := s.node(a.Node)
		if n == nil || !n.Online || n.Unclean || s.of(r).failed {
			a.set(Pseudo | Runnable)
			if implicit && !bundled {
				s.orderActions(f, a, OrderPreserve|OrderOptional)
			}
		}
	}
}
