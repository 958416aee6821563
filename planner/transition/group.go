package transition

import (
	"pcl/pcmk"
)

// group is a group's part in the transition (Pacemaker's
// pcmk__group_*): pseudo-actions that stand for its members' starts and
// stops (and, in a promotable clone, promotions and demotions), and its
// members ordered one after the other.
type group struct {
	// stopBeforeInactivePrevious: a member active while the member
	// before it is not stops before that one starts (since 2.1.6).
	stopBeforeInactivePrevious bool
	// keepsColocations: the colocations with the group stay the group's
	// (since 2.1.6). Up to 2.1.5 assigning the group hands them to its
	// last member (expand_group_colocations), and
	// pcmk__block_colocation_dependents looks for them on the group,
	// which then has none: an unstartable group blocks nothing
	// colocated with it.
	keepsColocations bool
}

func (group) collective() bool { return true }

func (g group) blocksDependents() bool { return g.keepsColocations }

// createActions makes the members' actions and the group's pseudo-actions
// that stand for them.
func (group) createActions(s *scheduler, r *Resource) {
	for _, m := range r.Children {
		s.createActions(m)
	}
	tasks := []pcmk.Task{pcmk.TaskStart, pcmk.TaskRunning, pcmk.TaskStop, pcmk.TaskStopped}
	if promotable(r.Top()) {
		tasks = append(tasks, pcmk.TaskDemote, pcmk.TaskDemoted, pcmk.TaskPromote, pcmk.TaskPromoted)
	}
	for _, t := range tasks {
		a := s.customAction(r, s.key0(r, t), t, NoNode, true)
		a.set(Pseudo | Runnable)
	}
}

// internalConstraints orders the group's pseudo-actions around its
// members' and, for an ordered group (the default), each member after the
// one before it (pcmk__group_internal_constraints).
func (k group) internalConstraints(s *scheduler, r *Resource) {
	s.orderRscActions(r, pcmk.TaskStop, r, pcmk.TaskStopped, OrderRunnableLeft)
	s.orderRscActions(r, pcmk.TaskStopped, r, pcmk.TaskStart, OrderOptional)
	s.orderRscActions(r, pcmk.TaskStart, r, pcmk.TaskRunning, OrderRunnableLeft)
	ordered := true
	if v, ok := r.Meta["ordered"]; ok {
		ordered, _ = parseBoolish(v)
	}
	promoting := promotable(r.Top())
	var prev, lastActive *Resource
	for _, m := range r.Children {
		s.internalConstraints(m)
		down := OrderImpliesFirstPrinted
		postDown := OrderImpliesThenPrinted
		if prev == nil && ordered {
			down |= OrderOptional
			postDown = OrderImpliesThen
		}
		if promoting {
			s.orderRscActions(r, pcmk.TaskDemote, m, pcmk.TaskDemote, down)
			s.orderRscActions(m, pcmk.TaskDemote, r, pcmk.TaskDemoted, postDown)
			s.orderRscActions(m, pcmk.TaskPromote, r, pcmk.TaskPromoted, OrderRunnableLeft|OrderImpliesThen|OrderImpliesThenPrinted)
			s.orderRscActions(r, pcmk.TaskPromote, m, pcmk.TaskPromote, OrderImpliesFirstPrinted)
		}
		s.orderRscActions(r, pcmk.TaskStop, m, pcmk.TaskStop, down)
		s.orderRscActions(m, pcmk.TaskStop, r, pcmk.TaskStopped, postDown)
		s.orderRscActions(r, pcmk.TaskStart, m, pcmk.TaskStart, OrderImpliesFirstPrinted)
		s.orderRscActions(m, pcmk.TaskStart, r, pcmk.TaskRunning, OrderRunnableLeft|OrderImpliesThen|OrderImpliesThenPrinted)
		switch {
		case !ordered:
			s.orderRscActions(r, pcmk.TaskStart, m, pcmk.TaskStart, OrderImpliesThen|OrderRunnableLeft|OrderImpliesFirstPrinted)
			if promoting {
				s.orderRscActions(r, pcmk.TaskPromote, m, pcmk.TaskPromote, OrderImpliesThen|OrderRunnableLeft|OrderImpliesFirstPrinted)
			}
		case prev == nil:
			s.orderRscActions(r, pcmk.TaskStart, m, pcmk.TaskStart, OrderNone)
			if promoting {
				s.orderRscActions(r, pcmk.TaskPromote, m, pcmk.TaskPromote, OrderNone)
			}
		default:
			s.orderRscActions(prev, pcmk.TaskStart, m, pcmk.TaskStart, OrderImpliesThen|OrderRunnableLeft)
			s.orderRscActions(m, pcmk.TaskStop, prev, pcmk.TaskStop, OrderOptional|OrderRestart)
			// Since 2.1.6 an active member whose previous member is
			// inactive (a member added before unmanaged ones) stops
			// before that one starts (member_internal_constraints).
			if k.stopBeforeInactivePrevious && len(m.RunningOn) > 0 && len(prev.RunningOn) == 0 {
				s.orderRscActions(m, pcmk.TaskStop, prev, pcmk.TaskStart, OrderImpliesFirst|OrderRunnableLeft)
			}
			if promoting {
				s.orderRscActions(prev, pcmk.TaskPromote, m, pcmk.TaskPromote, OrderImpliesThen|OrderRunnableLeft)
				s.orderRscActions(m, pcmk.TaskDemote, prev, pcmk.TaskDemote, OrderOptional)
			}
		}
		if len(m.RunningOn) > 0 {
			if ordered && prev != nil && len(prev.RunningOn) == 0 && lastActive != nil && len(lastActive.RunningOn) > 0 {
				s.orderRscActions(m, pcmk.TaskStop, lastActive, pcmk.TaskStop, OrderOptional)
			}
			lastActive = m
		}
		prev = m
	}
}

// currentRole is the highest of the members' roles.
func (group) currentRole(s *scheduler, r *Resource) Role {
	role := RoleStopped
	for _, m := range r.Children {
		if mr := s.currentRole(m); mr > role {
			role = mr
		}
	}
	return role
}

// actionFlags is the group's view of one of its pseudo-actions: required
// if any member's action is, unrunnable if any member cannot do it.
func (group) actionFlags(s *scheduler, a *Action, node int) ActionFlags {
	flags := Optional | Runnable | Pseudo
	task := a.Task.Completes()
	for _, m := range a.Rsc.Children {
		ma := findFirstAction(s.of(m).withTask(task), "", task, node)
		if ma != nil {
			mf := s.actionFlags(ma, node)
			if flags&Optional != 0 && mf&Optional == 0 {
				flags &^= Optional
				a.clear(Optional)
			}
			if task != a.Task && flags&Runnable != 0 && mf&Runnable == 0 {
				flags &^= Runnable
				a.clear(Runnable)
			}
		} else if task != pcmk.TaskStop && task != pcmk.TaskDemote {
			flags &^= Runnable
		}
	}
	return flags
}

// location is where the group's first placed member runs or will run.
func (group) location(s *scheduler, r *Resource) int {
	for _, m := range r.Children {
		if n := s.location(m); n != NoNode {
			return n
		}
	}
	return NoNode
}

func (group) instances() bool { return false }

// orderingNode is, for the group's start, where the group will run.
func (group) orderingNode(s *scheduler, a *Action) int {
	if a.Task == pcmk.TaskStart {
		return s.location(a.Rsc)
	}
	return a.Node
}

func (group) flagsForOrdering(s *scheduler, a *Action, node int) ActionFlags {
	return s.actionFlags(a, NoNode)
}

// updateOrdered updates the group's action, then each member's action of
// the same task (pcmk__group_update_ordered_actions).
func (group) updateOrdered(s *scheduler, r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	if typ&primitiveOrderKinds == 0 {
		// Neither the group's action nor its members' (primitives all)
		// change.
		return 0
	}
	changed := s.updatePrimitiveOrdered(first, then, node, flags, filter, typ)
	if then.Rsc == nil {
		return changed
	}
	for _, m := range s.children(then.Rsc) {
		if ma := findFirstAction(s.of(m).withTask(then.Task), "", then.Task, node); ma != nil {
			changed |= s.updateOrderedVia(m, first, ma, node, flags, filter, typ)
		}
	}
	return changed
}

// createProbe probes each member.
func (group) createProbe(s *scheduler, r, top *Resource, node int) bool {
	any := false
	for _, m := range r.Children {
		if s.probeOnNode(m, top, node) {
			any = true
		}
	}
	return any
}

func (group) addToGraph(s *scheduler, r *Resource) {}
