package transition

import (
	"cmp"
	"slices"

	"pcl/pcmk"
	"pcl/planner/model"
)

// Transition is the computed set of actions and their orderings.
type Transition struct {
	Nodes   []*Node
	Actions []*Action // by id
	// Changes summarises what happens to each resource, in resource order
	// (the "Transition Summary" of crm_simulate).
	Changes []Change

	// notifyNames are the notification actions' kind and task, by id
	// (see ActionName).
	notifyNames map[int32]notifyName
	// synapses are the ids of the graph's actions in graph order (see
	// graphOrder); resources every resource scheduled.
	synapses  []int32
	resources []*Resource
	orders    []model.Order
}

// Compute schedules the actions for in, as Pacemaker 2.1.5 does after
// placement.
func Compute(in *Input) *Transition {
	s := newScheduler(in)
	// Nodes found unclean while the status was read have their fencing,
	// with its first reason, before anything else, in the order
	// unpacking made them unclean (cluster nodes as their state is read,
	// remote nodes as their connections' histories are), then any other;
	// the nodes lost tickets fenced come last, in the order the ticket
	// constraints fenced them, as Pacemaker unpacks constraints after the
	// status.
	byTicket := make([]bool, len(s.nodes))
	for _, i := range in.TicketFenced {
		byTicket[i] = true
	}
	early := func(i int) {
		if n := s.nodes[i]; n.Unclean && n.FenceReason != "" {
			s.fenceOp(i, "", true, n.FenceReason)
		}
	}
	for _, i := range in.FenceOrder {
		if !byTicket[i] {
			early(i)
		}
	}
	for _, remote := range []bool{false, true} {
		for i, n := range s.nodes {
			if n.Remote() == remote && !byTicket[i] {
				early(i)
			}
		}
	}
	for _, i := range in.TicketFenced {
		early(i)
	}

	// Recurring operations recorded as active exist before anything else
	// is scheduled (Pacemaker creates them while unpacking the status),
	// with the fail count clearings, history deletions and stops reading
	// each history makes, in the order it makes them (UnpackActions): a
	// resource's actions are listed newest first in the graph, so that
	// order decides the order the engine runs them in. The loops after
	// find those again (setting what they set) and make the rest.
	for _, u := range in.UnpackActions {
		s.unpackAction(u)
	}
	for _, r := range s.rscs {
		s.activeOps(r, func(int) bool { return true })
	}
	// So do the stops reading the history asked for (process_rsc_state's
	// stop_action: Resource.StopOn): the remote orderings visit them after
	// everything scheduled later, such as probes.
	for _, r := range s.rscs {
		for _, n := range r.StopOn {
			s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, n, false)
		}
	}
	for _, r := range s.rscs {
		// A history deletion can run on the DC (new_action).
		for _, n := range r.ClearHistory {
			a := s.customAction(r, s.key0(r, pcmk.TaskLRMDelete), pcmk.TaskLRMDelete, n, false)
			a.set(OnDC)
			s.updateRunnable(a)
		}
	}
	for _, r := range s.rscs {
		for _, n := range r.ClearFailcount {
			a := s.customAction(r, s.key0(r, pcmk.TaskClearFailcount), pcmk.TaskClearFailcount, n, false)
			a.setReason("", true)
			s.clearAfterRemoteFencing(r, a)
		}
	}

	s.constraintOrderings()
	// Internal constraints are made in unpack order: Pacemaker sorts its
	// resources for a placement strategy other than default only when it
	// assigns them, after making these (which decides, for one, the
	// order the load_stopped pseudo-actions are made in, and so the
	// order the engine runs them in).
	for _, r := range s.topInUnpackOrder() {
		s.internalConstraints(r)
	}
	s.configChanges()
	s.unassignedActions()
	// The failures whose parameters could be compared only once
	// resources were assigned clear their fail counts now
	// (pe__foreach_param_check, before probes).
	for _, r := range s.rscs {
		for _, n := range r.ParamClearFailcount {
			a := s.customAction(r, s.key0(r, pcmk.TaskClearFailcount), pcmk.TaskClearFailcount, n, false)
			a.setReason("", true)
		}
	}

	if in.StartupProbes {
		s.scheduleProbes()
	}
	if in.StopOrphanResources {
		for _, r := range s.rscs {
			for _, n := range r.OrphanFailcounts {
				a := s.customAction(r, s.key0(r, pcmk.TaskClearFailcount), pcmk.TaskClearFailcount, n, false)
				a.setReason("it is orphaned", true)
				s.newOrdering(r, "", a, r, s.key0(r, pcmk.TaskStop), nil, OrderOptional)
			}
		}
	}
	for _, r := range s.top {
		s.createActions(r)
	}
	// Remote connection orderings come before fencing: they may find
	// more nodes to fence.
	s.orderRemoteConnectionActions()
	s.scheduleFencingAndShutdowns()
	s.applyOrderings()
	s.recordUnsettled()
	for _, r := range s.top {
		s.variantOf(r).addToGraph(s, r)
	}
	s.createGraph()

	t := &Transition{Nodes: s.nodes, Actions: s.actions, notifyNames: s.notifyNames, synapses: s.graphOrder(), resources: s.rscs, orders: in.Orders}
	t.Changes = s.summarise()
	// The actions outlive the scheduler, whose indexes and scratch space
	// are as large as the graph: they no longer tell it of changes.
	for _, a := range s.actions {
		if a != nil {
			a.sched = nil
		}
	}
	return t
}

// configChanges applies what the history asks for (pcmk__handle_rsc_config_changes).
func (s *scheduler) configChanges() {
	for _, r := range s.rscs {
		if s.collective(r) {
			continue
		}
		for _, c := range r.ConfigChanges {
			switch c.Kind {
			case ChangeAgentRestart:
				s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, c.Node, false)
				s.of(r).startPending = true
			case ChangeCleanup:
				// A configured resource's history is cleaned up when
				// its agent changed: a fence device unfences again.
				s.triggerUnfencing(r, c.Node, "Device definition changed", nil)
				s.scheduleCleanup(r, c.Node)
			case ChangeCancelMaintenance:
				s.scheduleCancel(r, c.Task, c.IntervalMs, c.Node)
			case ChangeCancelOrphan:
				if s.in.StopOrphanActions {
					s.scheduleCancel(r, c.Task, c.IntervalMs, c.Node)
				}
			case ChangeRestart:
				a := s.customAction(r, opKey(r.ID, c.Task, c.IntervalMs), c.Task, NoNode, false)
				a.setReason("resource definition change", true)
				s.triggerUnfencing(r, c.Node, "Device parameters changed", nil)
			case ChangeReschedule:
				a := s.customAction(r, opKey(r.ID, c.Task, c.IntervalMs), c.Task, c.Node, true)
				a.set(Reschedule)
			case ChangeReload:
				s.triggerUnfencing(r, c.Node, "Device parameters changed (reload)", nil)
				s.scheduleReload(r, c.Node)
			case ChangeClearFailcount:
				a := s.customAction(r, s.key0(r, pcmk.TaskClearFailcount), pcmk.TaskClearFailcount, c.Node, false)
				a.setReason("action definition changed", true)
			}
		}
	}
}

// scheduleCleanup deletes a resource's history on a node after any stop
// and before any start (pcmk__schedule_cleanup, required).
func (s *scheduler) scheduleCleanup(r *Resource, node int) {
	if s.of(r).failed {
		return
	}
	if n := s.node(node); n == nil || n.Unclean || !n.Online {
		return
	}
	a := s.customAction(r, s.key0(r, pcmk.TaskDelete), pcmk.TaskDelete, node, false)
	a.set(OnDC)
	s.updateRunnable(a)
	s.orderRscActions(r, pcmk.TaskStop, r, pcmk.TaskDelete, OrderOptional)
	s.orderRscActions(r, pcmk.TaskDelete, r, pcmk.TaskStart, OrderOptional)
}

func (s *scheduler) scheduleReload(r *Resource, node int) {
	if node == NoNode || !r.Managed || s.of(r).failed {
		return
	}
	if s.of(r).startPending {
		s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, node, false)
		return
	}
	s.of(r).reload = true
	a := s.customAction(r, s.key0(r, pcmk.TaskReloadAgent), pcmk.TaskReloadAgent, node, false)
	a.setReason("resource definition change", false)
	s.newOrdering(nil, "", a, r, s.key0(r, pcmk.TaskStop), nil, OrderOptional|OrderThenCancelsFirst)
	s.newOrdering(nil, "", a, r, s.key0(r, pcmk.TaskDemote), nil, OrderOptional|OrderThenCancelsFirst)
}

// unassignedActions updates the actions already made for each primitive
// assigned nowhere, as Pacemaker's assignment does when it assigns a
// resource no node (pcmk__finalize_assignment): its stops are required,
// its starts and its recurring operations (active monitors, cancellations)
// cannot run, but for monitors of the Stopped role.
func (s *scheduler) unassignedActions() {
	for _, r := range s.rscs {
		if s.collective(r) || r.AssignedTo != NoNode {
			continue
		}
		for _, a := range s.of(r).actions {
			switch {
			case a.Task == pcmk.TaskStop:
				a.clear(Optional)
			case a.Task == pcmk.TaskStart:
				a.clear(Runnable)
			case a.IntervalMs > 0 && !stoppedRoleMonitor(r, a):
				a.clear(Runnable)
			}
		}
	}
}

// stoppedRoleMonitor reports whether a is a monitor configured for the
// Stopped role, which expects "not running".
func stoppedRoleMonitor(r *Resource, a *Action) bool {
	if a.Task != pcmk.TaskMonitor {
		return false
	}
	for _, op := range r.Ops {
		if op.Name == pcmk.TaskMonitor && op.IntervalMs == a.IntervalMs && op.Role == RoleStopped {
			return true
		}
	}
	return false
}

// unpackAction makes an action reading the status made, for a resource
// the transition schedules.
func (s *scheduler) unpackAction(u UnpackAction) {
	r := u.Rsc
	if r.Index < 0 || r.Index >= len(s.recs) || s.of(r).id != r.ID {
		return
	}
	switch u.Kind {
	case model.UnpackClearHistory:
		s.customAction(r, s.key0(r, pcmk.TaskLRMDelete), pcmk.TaskLRMDelete, u.Node, false)
	case model.UnpackClearFailcount:
		s.customAction(r, s.key0(r, pcmk.TaskClearFailcount), pcmk.TaskClearFailcount, u.Node, false)
	case model.UnpackStop:
		s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, u.Node, false)
	case model.UnpackRecurring:
		s.activeOps(r, func(n int) bool { return n == u.Node })
	}
}

// activeOps makes the resource's active recurring operations on the
// online nodes that on selects.
func (s *scheduler) activeOps(r *Resource, on func(node int) bool) {
	for _, op := range r.ActiveOps {
		if n := s.node(op.Node); n != nil && n.Online && on(op.Node) {
			s.customAction(r, opKey(r.ID, op.Name, op.IntervalMs), op.Name, op.Node, true)
		}
	}
}

// topInUnpackOrder lists the top-level resources in the order Pacemaker
// keeps them until it assigns them: the configured ones by priority,
// highest first, in document order among equals (unpack_resources sorts
// them, stably), then the orphans the status added, in the order Top
// has them. Top is in assignment order, which a placement strategy
// other than default sorts again.
func (s *scheduler) topInUnpackOrder() []*Resource {
	var out, orphans []*Resource
	for _, r := range s.top {
		if r.Orphan {
			orphans = append(orphans, r)
		} else {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b *Resource) int {
		if c := cmp.Compare(b.Priority, a.Priority); c != 0 {
			return c
		}
		return cmp.Compare(a.Index, b.Index)
	})
	return append(out, orphans...)
}
