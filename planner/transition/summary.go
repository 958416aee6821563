package transition

import "pcl/pcmk"

// Change is one line of the transition summary: what happens to a
// resource.
type Change struct {
	Verb     string // Start, Stop, Restart, Recover, Move, Migrate, Reload, Promote, Demote, Re-promote
	Resource string
	// From and To are node indices (NoNode when not applicable).
	From, To int
	// Role and NextRole are printed for promotable resources.
	Role, NextRole Role
	NeedRole       bool
	Reason         string // "due to ..." text, without "due to"
	Blocked        bool
}

func (s *scheduler) summarise() []Change {
	// Most resources change at most once: made at that size, the list
	// is not copied as it grows (a clone-heavy cluster's is 100,000s).
	out := make([]Change, 0, len(s.rscs))
	var walk func(r *Resource)
	walk = func(r *Resource) {
		if s.collective(r) {
			members := s.children(r)
			if r.Replicas != nil {
				members = replicaParts(r)
			}
			for _, m := range members {
				walk(m)
			}
			return
		}
		next := s.assigned(r)
		// The current node is pcmk__current_node's.
		current, _, _ := s.activeNode(r)
		if current != NoNode {
			if s.of(r).role == RoleStopped {
				s.of(r).role = RoleStarted
			}
		}
		if current == NoNode && r.Orphan {
			return
		}
		out = append(out, s.rscChanges(r, current, next)...)
	}
	for _, r := range s.top {
		walk(r)
	}
	return out
}

func first(list []*Action) *Action {
	if len(list) == 0 {
		return nil
	}
	return list[0]
}

func (s *scheduler) item(verb string, r *Resource, origin, dest int, a, source *Action) Change {
	if source == nil {
		source = a
	}
	c := Change{Verb: verb, Resource: r.ID, From: origin, To: dest, Role: s.of(r).role, NextRole: s.of(r).nextRole}
	c.NeedRole = s.of(r).role > RoleStarted || s.of(r).nextRole > RoleUnpromoted
	if a != nil && source != nil {
		c.Reason = source.Reason
		c.Blocked = !a.is(Runnable)
	}
	return c
}

func (s *scheduler) rscChanges(r *Resource, current, next int) []Change {
	if !r.Managed || (current == NoNode && next == NoNode) {
		return nil
	}
	moving := current != NoNode && next != NoNode && current != next
	start := first(s.resourceActions(r, next, pcmk.TaskStart, false))
	startNode := NoNode
	if start != nil && start.is(Runnable) {
		startNode = current
	}
	stop := first(s.resourceActions(r, startNode, pcmk.TaskStop, false))
	if stop == nil && s.of(r).stopUnexpected {
		stop = first(s.resourceActions(r, NoNode, pcmk.TaskStop, false))
	}
	promote := first(s.resourceActions(r, next, pcmk.TaskPromote, false))
	demote := first(s.resourceActions(r, next, pcmk.TaskDemote, false))

	if s.of(r).role == s.of(r).nextRole {
		if next == NoNode {
			return nil
		}
		migrate := first(s.resourceActions(r, next, pcmk.TaskMigrateFrom, false))
		switch {
		case migrate != nil && current != NoNode && migrate.is(Runnable):
			return []Change{s.item("Migrate", r, current, next, start, nil)}
		case s.of(r).reload:
			return []Change{s.item("Reload", r, current, next, start, nil)}
		case start == nil || start.is(Optional):
			if demote != nil && promote != nil && !demote.is(Optional) && !promote.is(Optional) {
				return []Change{s.item("Re-promote", r, current, next, promote, demote)}
			}
			return nil
		case !start.is(Runnable):
			src := start
			if stop != nil && stop.Reason != "" {
				src = stop
			}
			return []Change{s.item("Stop", r, current, NoNode, stop, src)}
		case moving && current != NoNode:
			verb := "Move"
			if s.of(r).failed {
				verb = "Recover"
			}
			return []Change{s.item(verb, r, current, next, stop, nil)}
		case s.of(r).failed:
			return []Change{s.item("Recover", r, current, NoNode, stop, nil)}
		default:
			return []Change{s.item("Restart", r, current, next, start, nil)}
		}
	}
	switch {
	case stop != nil && (s.of(r).nextRole == RoleStopped || (start != nil && !start.is(Runnable))):
		var out []Change
		key := s.key0(r, pcmk.TaskStop)
		for _, n := range r.RunningOn {
			stopOp := first(s.of(r).find(key, n))
			src := start
			if stopOp != nil && stopOp.Reason != "" {
				src = stopOp
			}
			out = append(out, s.item("Stop", r, n, NoNode, stopOp, src))
		}
		return out
	case stop != nil && s.of(r).failed && s.of(r).stopFailed:
		return []Change{s.item("Recover", r, current, next, stop, start)}
	case moving:
		return []Change{s.item("Move", r, current, next, stop, nil)}
	case s.of(r).reload:
		return []Change{s.item("Reload", r, current, next, start, nil)}
	case stop != nil && !stop.is(Optional):
		return []Change{s.item("Restart", r, current, next, start, nil)}
	case s.of(r).role == RolePromoted:
		return []Change{s.item("Demote", r, current, next, demote, nil)}
	case s.of(r).nextRole == RolePromoted:
		return []Change{s.item("Promote", r, current, next, promote, nil)}
	case s.of(r).role == RoleStopped && s.of(r).nextRole > RoleStopped:
		return []Change{s.item("Start", r, current, next, start, nil)}
	}
	return nil
}

// NodeActions lists the scheduled fencing and shutdown actions as the
// transition summary prints them ("Fence (reboot) node2 'reason'").
func (t *Transition) NodeActions() []string {
	var out []string
	for i := len(t.Actions) - 1; i >= 0; i-- {
		a := t.Actions[i]
		if a.Rsc != nil || a.is(Optional) {
			continue
		}
		var task string
		switch a.Task {
		case pcmk.TaskShutdown:
			task = "Shutdown"
		case pcmk.TaskStonith:
			task = "Fence (" + string(a.FenceOp) + ")"
		default:
			continue
		}
		// crm_simulate lists only the node actions that carry a reason.
		if a.Reason == "" {
			continue
		}
		name := t.NodeName(a.Node)
		if n := t.Nodes[a.Node]; n.Guest() {
			name += " (resource: " + n.Conn.Container.ID + ")"
		}
		out = append(out, task+" "+name+" '"+a.Reason+"'")
	}
	return out
}
