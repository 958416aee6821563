package transition

import "pcl/pcmk"

// Actions on Pacemaker Remote and guest nodes: they run through the
// node's connection, so they are ordered after the connection starts and
// before it stops (pcmk_sched_remote.c); a connection that cannot come
// back means the node is fenced; a guest node is "fenced" by recovering
// its container.

// connState is the state of a remote node's connection as the actions on
// the node see it (Pacemaker's remote_connection_state).
type connState int

const (
	connUnknown connState = iota // not running, may be recovered
	connAlive                    // running and staying up
	connResting                  // on a dead node, or migrating: wait
	connFailed                   // failed and cannot be recovered: fence
	connStopped                  // stopped cleanly, staying down
)

// currentNode is pe__current_node: the first node r is active on.
func currentNode(r *Resource) int {
	if len(r.RunningOn) == 0 {
		return NoNode
	}
	return r.RunningOn[0]
}

// connectionState is get_remote_node_state for remote or guest node i.
func (s *scheduler) connectionState(i int) connState {
	n := s.nodes[i]
	c := n.Conn
	host := currentNode(c)
	next := s.of(c).nextRole
	if next == RoleStopped || c.AssignedTo == NoNode {
		switch {
		case host != NoNode && s.nodes[host].Unclean:
			return connFailed
		case !s.of(c).failed:
			return connStopped
		case (next == RoleStopped || next == RoleUnknown) && c.ReconnectMs > 0 && n.WasFenced && !shutdownRequested(n):
			// Whether it can come back is known only once the
			// reconnect interval expires.
			return connUnknown
		}
		return connFailed
	}
	switch {
	case host == NoNode:
		return connUnknown
	case s.nodes[host].Unclean || !s.nodes[host].Online:
		return connResting
	case len(c.RunningOn) > 1 && c.PartialMigration != nil:
		return connResting
	}
	return connAlive
}

// shutdownRequested is pe__shutdown_requested.
func shutdownRequested(n *Node) bool {
	v, ok := n.Attrs["shutdown"]
	return ok && v != "0"
}

// failedRemoteNode is pcmk__is_failed_remote_node.
func (s *scheduler) failedRemoteNode(i int) bool {
	n := s.nodes[i]
	return n.Remote() && !n.Guest() && n.Conn != nil && s.connectionState(i) == connFailed
}

// fenceRemote is pe_fence_node for a remote or guest node during
// scheduling: a guest's container is failed (and recovered); a remote
// node is made unclean, fenced below, the first reason kept.
func (s *scheduler) fenceRemote(i int, reason string) {
	n := s.nodes[i]
	if n.Guest() {
		c := n.Conn.Container
		if !s.of(c).failed && c.Managed {
			n.RequiresReset = true
			s.of(c).failed = true
			s.of(c).stopFailed = true
		}
		return
	}
	if n.Conn == nil || n.Conn.Managed {
		n.RequiresReset = true
	}
	if !n.Unclean {
		n.Unclean = true
		s.nodeEpoch++
	}
	if n.FenceReason == "" {
		n.FenceReason = reason
	}
	s.fenceOp(i, "", true, reason)
}

// orderRemoteConnectionActions is pcmk__order_remote_connection_actions.
func (s *scheduler) orderRemoteConnectionActions() {
	remote := false
	for _, n := range s.nodes {
		if n.Remote() {
			remote = true
			break
		}
	}
	if !remote {
		return
	}
	// Newest first, as Pacemaker's list of actions runs; fencing made on
	// the way is not visited.
	for k := len(s.actions) - 1; k >= 0; k-- {
		a := s.actions[k]
		if a == nil || a.Rsc == nil {
			continue
		}
		// The task first: it is in the action, the resource is not
		// (most actions here are probes, each a load of its resource).
		if a.Task == pcmk.TaskClearFailcount && a.Rsc.RemoteNode != nil {
			// A remote connection's fail count is cleared before it
			// starts again.
			s.newOrdering(a.Rsc, "", a, a.Rsc, s.key0(a.Rsc, pcmk.TaskStart), nil, OrderOptional)
			continue
		}
		if a.Node == NoNode || !s.nodes[a.Node].Remote() || a.is(Pseudo) {
			continue
		}
		conn := s.nodes[a.Node].Conn
		if conn == nil {
			continue
		}
		if a.Task == pcmk.TaskStart {
			// A resource moving to a remote node stops where it was only
			// once the connection started, so that it keeps running
			// there if the connection fails.
			for _, b := range s.of(a.Rsc).actions {
				if b.Node != a.Node && b.Task == pcmk.TaskStop {
					s.addOrdering(conn, s.opKeyID(conn, pcmk.TaskStart), nil, a.Rsc, 0, b, OrderOptional)
				}
			}
		}
		if conn.Container != nil {
			s.containerOrdering(a)
		} else {
			s.remoteOrdering(a)
		}
	}
}

// remoteTask is the task an action counts as for the connection
// orderings: migrations are ordered as stops.
func remoteTask(a *Action) pcmk.Task {
	if a.Task == pcmk.TaskMigrateTo || a.Task == pcmk.TaskMigrateFrom {
		return pcmk.TaskStop
	}
	return a.Task
}

// startThenAction orders first's start before action a
// (order_start_then_action).
func (s *scheduler) startThenAction(first *Resource, a *Action, extra OrderFlags) {
	s.addOrdering(first, s.opKeyID(first, pcmk.TaskStart), nil, a.Rsc, 0, a, OrderPreserve|OrderRunnableLeft|extra)
}

// actionThenStop orders action a before then's stop
// (order_action_then_stop).
func (s *scheduler) actionThenStop(a *Action, then *Resource, extra OrderFlags) {
	s.addOrdering(a.Rsc, 0, a, then, s.opKeyID(then, pcmk.TaskStop), nil, OrderPreserve|extra)
}

// remoteOrdering is apply_remote_ordering: an action on a remote node
// relative to the node's connection.
func (s *scheduler) remoteOrdering(a *Action) {
	conn := s.nodes[a.Node].Conn
	state := s.connectionState(a.Node)
	switch remoteTask(a) {
	case pcmk.TaskStart, pcmk.TaskPromote:
		var extra OrderFlags
		if state == connFailed {
			// Force recovery by making the action required.
			extra = OrderImpliesThen
		}
		s.startThenAction(conn, a, extra)
	case pcmk.TaskStop:
		switch {
		case state == connAlive:
			s.actionThenStop(a, conn, OrderImpliesFirst)
		case state == connFailed:
			// Only fencing can stop what runs there now; the stop is
			// implied by it.
			s.fenceRemote(a.Node, "resources are active but connection is unrecoverable")
		case s.of(conn).nextRole == RoleStopped:
			s.actionThenStop(a, conn, OrderImpliesFirst)
		default:
			// The connection starts elsewhere: stop after that.
			s.startThenAction(conn, a, OrderNone)
		}
	case pcmk.TaskDemote:
		// Ordered after the connection's start only if the connection is
		// not being torn down, or the demote could not run.
		if state == connResting || state == connUnknown {
			s.startThenAction(conn, a, OrderNone)
		}
	default:
		if a.IntervalMs > 0 {
			// Recurring monitors restart whenever the connection does.
			s.startThenAction(conn, a, OrderImpliesThen)
			return
		}
		if a.Task == pcmk.TaskMonitor && state == connFailed {
			// The state there is unknown and cannot be found out.
			s.fenceRemote(a.Node, "resources are in unknown state and connection is unrecoverable")
		}
		if currentNode(conn) != NoNode && state == connStopped {
			// The connection goes down for good: check first.
			s.actionThenStop(a, conn, OrderRunnableLeft)
		} else {
			s.startThenAction(conn, a, OrderNone)
		}
	}
}

// containerOrdering is apply_container_ordering: an action on a guest
// node relative to its connection and its container.
func (s *scheduler) containerOrdering(a *Action) {
	conn := s.nodes[a.Node].Conn
	ctr := conn.Container
	if s.of(ctr).failed {
		s.fenceRemote(a.Node, "container failed")
	}
	switch task := remoteTask(a); task {
	case pcmk.TaskStart, pcmk.TaskPromote:
		// Recovering the container recovers the resource.
		s.startThenAction(ctr, a, OrderImpliesThen)
		s.startThenAction(conn, a, OrderNone)
	case pcmk.TaskStop, pcmk.TaskDemote:
		// When the container failed, its stop implies these.
		if !s.of(ctr).failed {
			s.actionThenStop(a, conn, OrderNone)
		}
	default:
		if a.IntervalMs > 0 {
			if a.Task != pcmk.TaskMigrateTo && a.Task != pcmk.TaskMigrateFrom && a.Task != pcmk.TaskCancel {
				s.startThenAction(conn, a, OrderImpliesThen)
			}
			return
		}
		s.startThenAction(conn, a, OrderNone)
	}
}

// containerConstraints are a contained resource's orderings with its
// container (pcmk__primitive_internal_constraints): a guest's connection
// stops after its container is probed; a filler, or a guest's connection,
// starts after its container and stops before it. A resource whose
// container is a remote connection or a guest's resource is placed on
// that node instead, and ordered as any resource there.
func (s *scheduler) containerConstraints(r *Resource) {
	c := r.Container
	if c == nil {
		return
	}
	if r.RemoteNode != nil {
		s.orderRscActions(c, pcmk.TaskMonitor, r, pcmk.TaskStop, OrderOptional)
	} else if c.RemoteNode != nil || guestConnOf(c) != nil {
		return
	}
	s.orderRscActions(c, pcmk.TaskStart, r, pcmk.TaskStart, OrderImpliesThen|OrderRunnableLeft)
	s.orderRscActions(r, pcmk.TaskStop, c, pcmk.TaskStop, OrderImpliesFirst)
}

// guestConnOf is the connection of the guest node whose container is c
// (pe__resource_contains_guest_node), nil for none.
func guestConnOf(c *Resource) *Resource {
	for _, f := range c.Fillers {
		if f.RemoteNode != nil {
			return f
		}
	}
	return nil
}

// canFenceGuest is pe_can_fence for a guest node: its container can be
// stopped where its host is online or can be fenced.
func (s *scheduler) canFenceGuest(i int) bool {
	for _, h := range s.nodes[i].Conn.Container.RunningOn {
		if !s.nodes[h].Online && !s.canFence(h) {
			return false
		}
	}
	return true
}

// fenceGuest is pcmk__fence_guest: a pseudo fencing action, labelled off
// or reboot as the container only stops or restarts, ordered after the
// container's stop (or its host's fencing, or the connection's stop), so
// that what ran on the guest is stopped by implication.
func (s *scheduler) fenceGuest(i int) {
	n := s.nodes[i]
	ctr := n.Conn.Container
	op := pcmk.FenceOff
	stop := findFirstAction(s.of(ctr).withTask(pcmk.TaskStop), "", pcmk.TaskStop, NoNode)
	if findFirstAction(s.of(ctr).withTask(pcmk.TaskStart), "", pcmk.TaskStart, NoNode) != nil {
		op = pcmk.FenceReboot
	}
	f := s.fenceOp(i, op, false, "guest is unclean")
	f.set(Pseudo | Runnable)
	switch {
	case stop != nil && stop.is(Pseudo):
		host := s.fenceOp(stop.Node, "", false, "")
		s.orderActions(host, f, OrderRunnableLeft|OrderImpliesThen)
	case stop != nil:
		s.orderActions(stop, f, OrderRunnableLeft|OrderImpliesThen)
	default:
		if stop := findFirstAction(s.of(n.Conn).withTask(pcmk.TaskStop), "", pcmk.TaskStop, NoNode); stop != nil {
			s.orderActions(stop, f, OrderOptional)
		}
	}
	s.orderVsFence(f)
}

// guestDown tells whether node is a guest whose container is stopped or
// will stop: nothing can be active there, so nothing is probed.
func (s *scheduler) guestDown(node int) bool {
	n := s.nodes[node]
	if !n.Guest() {
		return false
	}
	g := n.Conn.Container
	return g.Role == RoleStopped || s.guestWillStop(node)
}

// guestWillStop is guest_resource_will_stop.
func (s *scheduler) guestWillStop(node int) bool {
	n := s.nodes[node]
	g := n.Conn.Container
	// An orphan is never assigned: its next role is Stopped.
	if n.RequiresReset || s.of(g).failed || s.of(g).nextRole == RoleStopped || g.Orphan {
		return true
	}
	if g.Role > RoleStopped && g.AssignedTo != NoNode {
		for _, h := range g.RunningOn {
			if h == g.AssignedTo {
				return false
			}
		}
		return true
	}
	return false
}

// guestProbeOrders are the orderings made in place of a probe of r on a
// guest node that is down (pcmk__probe_rsc_on_node): with the container
// stopped, r starts after the container's probe where it is to start;
// with the container stopping, r starts after that stop.
func (s *scheduler) guestProbeOrders(r, top *Resource, node int) {
	if !s.guestDown(node) || s.probeBlocked(r, top, node) {
		return
	}
	g := s.nodes[node].Conn.Container
	if g.Role == RoleStopped {
		if g.AssignedTo != NoNode && !(g.AssignedTo < len(g.KnownOn) && g.KnownOn[g.AssignedTo]) {
			s.orderRscActions(g, pcmk.TaskMonitor, top, pcmk.TaskStart, OrderOptional)
		}
		return
	}
	s.orderRscActions(g, pcmk.TaskStop, top, pcmk.TaskStart, OrderOptional)
}

// clearAfterRemoteFencing orders the clearing of a connection's failure,
// when its reconnect interval expired it, after any fencing of its node
// (order_after_remote_fencing).
func (s *scheduler) clearAfterRemoteFencing(r *Resource, clear *Action) {
	n := r.RemoteNode
	if n == nil || r.ReconnectMs == 0 || !s.in.StonithEnabled {
		return
	}
	f := s.fenceOp(n.Index, "", true, "")
	s.orderActions(f, clear, OrderImpliesThen)
}

// disableGuestOrderings disables the orderings, other than those the
// scheduler made to be kept, between an action on a guest node and an
// action of the resource that is the guest (pcmk__disable_invalid_orderings):
// a constraint between what runs in a guest and the guest itself cannot
// be honoured.
func (s *scheduler) disableGuestOrderings() {
	guests := false
	for _, n := range s.nodes {
		if n.Guest() {
			guests = true
			break
		}
	}
	if !guests {
		return
	}
	for _, a := range s.actions {
		if a == nil || a.Rsc == nil {
			continue
		}
		for k := range a.Before {
			in := &a.Before[k]
			if in.Type&OrderPreserve != 0 {
				continue
			}
			first := s.actions[in.Action]
			if first.Rsc == nil || first.Node == NoNode {
				continue
			}
			if n := s.nodes[first.Node]; n.Guest() && n.Conn.Container == a.Rsc {
				in.Type = OrderNone
			}
		}
	}
}
