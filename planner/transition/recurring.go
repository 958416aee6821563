package transition

import (
	"strings"

	"pcl/pcmk"
)

// configuredOp reports whether the resource has an enabled op with this
// name and interval (find_rsc_op_entry).
func configuredOp(r *Resource, name pcmk.Task, intervalMs int64) bool {
	for _, op := range r.Ops {
		if op.Enabled && strings.EqualFold(string(op.Name), string(name)) && op.IntervalMs == intervalMs {
			return true
		}
	}
	return false
}

func cannotRecur(name pcmk.Task) bool {
	switch name {
	case pcmk.TaskStop, pcmk.TaskStart, pcmk.TaskDemote, pcmk.TaskPromote, pcmk.TaskReloadAgent, pcmk.TaskMigrateTo, pcmk.TaskMigrateFrom:
		return true
	}
	return false
}

func isDupOp(r *Resource, name pcmk.Task, intervalMs int64) bool {
	n := 0
	for _, op := range r.Ops {
		if op.Name == name && op.IntervalMs == intervalMs {
			n++
		}
	}
	return n > 1
}

func (s *scheduler) createRecurring(r *Resource) {
	if r.Blocked || r.Maintenance {
		return
	}
	var start *Action
	if r.AssignedTo != NoNode && !s.nodes[r.AssignedTo].Maintenance && (s.of(r).nextRole != RoleStopped || !r.Managed) {
		start = s.customAction(r, s.key0(r, pcmk.TaskStart), pcmk.TaskStart, r.AssignedTo, true)
	}
	for _, op := range r.Ops {
		if op.IntervalMs == 0 || cannotRecur(op.Name) || isDupOp(r, op.Name, op.IntervalMs) {
			continue
		}
		if !configuredOp(r, op.Name, op.IntervalMs) {
			continue // disabled
		}
		key := opKey(r.ID, op.Name, op.IntervalMs)
		if start != nil {
			s.recurringForActive(r, start, r.AssignedTo, op, key)
		}
		s.recurringForInactive(r, r.AssignedTo, op, key)
	}
}

func (s *scheduler) activeShouldBeOptional(r *Resource, node int, key string, start *Action) bool {
	if node == NoNode || !start.is(Optional) {
		return false
	}
	m := s.of(r).findExact(key, node)
	if len(m) == 0 {
		return false
	}
	for _, a := range m {
		if a.is(Reschedule) {
			return false
		}
	}
	return true
}

func (s *scheduler) recurringForActive(r *Resource, start *Action, node int, op Op, key string) {
	if op.Role == RoleStopped {
		return
	}
	optional := s.activeShouldBeOptional(r, node, key, start)
	if (op.Role != RoleUnknown && s.of(r).nextRole != op.Role) || (op.Role == RoleUnknown && s.of(r).nextRole == RolePromoted) {
		if optional {
			cancel := s.newCancel(r, op.Name, op.IntervalMs, node)
			after := ""
			switch s.of(r).role {
			case RoleUnpromoted, RoleStarted:
				if s.of(r).nextRole == RolePromoted {
					after = s.key0(r, pcmk.TaskPromote)
				} else if s.of(r).nextRole == RoleStopped {
					after = s.key0(r, pcmk.TaskStop)
				}
			case RolePromoted:
				after = s.key0(r, pcmk.TaskDemote)
			}
			if after != "" {
				s.newOrdering(r, "", cancel, r, after, nil, OrderRunnableLeft)
			}
		}
		return
	}
	mon := s.customAction(r, key, op.Name, node, optional)
	n := s.node(node)
	if !start.is(Runnable) {
		mon.clear(Runnable)
	} else if n == nil || !n.Online || n.Unclean {
		mon.clear(Runnable)
	}
	if node == NoNode || r.Managed {
		s.newOrdering(r, s.key0(r, pcmk.TaskStart), nil, nil, mon.Key, mon, OrderImpliesThen|OrderRunnableLeft)
		s.newOrdering(r, s.key0(r, pcmk.TaskReloadAgent), nil, nil, mon.Key, mon, OrderImpliesThen|OrderRunnableLeft)
		if s.of(r).nextRole == RolePromoted {
			s.newOrdering(r, s.key0(r, pcmk.TaskPromote), nil, r, "", mon, OrderOptional|OrderRunnableLeft)
		} else if s.of(r).role == RolePromoted {
			s.newOrdering(r, s.key0(r, pcmk.TaskDemote), nil, r, "", mon, OrderOptional|OrderRunnableLeft)
		}
	}
}

func (s *scheduler) recurringForInactive(r *Resource, node int, op Op, key string) {
	if op.Role != RoleStopped || !r.Unique {
		return
	}
	for i := range s.nodes {
		if node != NoNode && strings.EqualFold(s.nodes[i].Uname, s.nodes[node].Uname) {
			s.cancelIfRunning(r, node, key, op.Name, op.IntervalMs)
			continue
		}
		optional := len(s.of(r).findExact(key, i)) > 0
		mon := s.customAction(r, key, op.Name, i, optional)
		if r.Managed {
			for _, probe := range s.resourceActions(r, i, pcmk.TaskMonitor, false) {
				s.orderActions(probe, mon, OrderRunnableLeft)
			}
		}
		for _, stop := range s.resourceActions(r, i, pcmk.TaskStop, true) {
			if !stop.is(Optional) && !mon.is(Optional) && !r.Managed {
				mon.set(Optional)
			}
			if !stop.is(Runnable) {
				mon.clear(Runnable)
			}
			if r.Managed {
				s.newOrdering(r, s.key0(r, pcmk.TaskStop), stop, nil, "", mon, OrderImpliesThen|OrderRunnableLeft)
			}
		}
		if !s.nodes[i].Online || s.nodes[i].Unclean {
			mon.clear(Runnable)
		}
	}
}

func (s *scheduler) cancelIfRunning(r *Resource, node int, key string, name pcmk.Task, intervalMs int64) {
	if len(s.of(r).findExact(key, node)) == 0 {
		return
	}
	cancel := s.newCancel(r, name, intervalMs, node)
	switch s.of(r).nextRole {
	case RoleStarted, RoleUnpromoted:
		s.newOrdering(r, "", cancel, r, s.key0(r, pcmk.TaskStart), nil, OrderRunnableLeft)
	}
}

func (s *scheduler) newCancel(r *Resource, name pcmk.Task, intervalMs int64, node int) *Action {
	a := s.customAction(r, opKey(r.ID, name, intervalMs), pcmk.TaskCancel, node, false)
	s.setTask(r, a, pcmk.TaskCancel)
	a.CancelTask = name
	a.IntervalMs = intervalMs
	return a
}

// scheduleCancel cancels a recurring op after any stop (orphaned or
// maintenance-mode operations).
func (s *scheduler) scheduleCancel(r *Resource, name pcmk.Task, intervalMs int64, node int) {
	cancel := s.newCancel(r, name, intervalMs, node)
	s.newOrdering(r, s.key0(r, pcmk.TaskStop), nil, r, "", cancel, OrderOptional)
}
