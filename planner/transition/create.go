package transition

import "pcl/pcmk"

// roleNext is the immediate next role on the way from a current role to a
// target role.
var roleNext = [5][5]Role{
	RoleUnknown:    {RoleUnknown, RoleStopped, RoleStopped, RoleStopped, RoleStopped},
	RoleStopped:    {RoleStopped, RoleStopped, RoleStarted, RoleUnpromoted, RoleUnpromoted},
	RoleStarted:    {RoleStopped, RoleStopped, RoleStarted, RoleUnpromoted, RolePromoted},
	RoleUnpromoted: {RoleStopped, RoleStopped, RoleStopped, RoleUnpromoted, RolePromoted},
	RolePromoted:   {RoleStopped, RoleUnpromoted, RoleUnpromoted, RoleUnpromoted, RolePromoted},
}

type roleFn int

const (
	fnNone roleFn = iota
	fnStop
	fnStart
	fnPromote
	fnDemote
	fnError
)

var roleAction = [5][5]roleFn{
	RoleUnknown:    {fnError, fnStop, fnError, fnError, fnError},
	RoleStopped:    {fnError, fnNone, fnStart, fnStart, fnError},
	RoleStarted:    {fnError, fnStop, fnNone, fnNone, fnPromote},
	RoleUnpromoted: {fnError, fnStop, fnStop, fnNone, fnPromote},
	RolePromoted:   {fnError, fnDemote, fnDemote, fnDemote, fnNone},
}

func (s *scheduler) applyRoleFn(fn roleFn, r *Resource, node int, optional bool) bool {
	switch fn {
	case fnStop:
		s.stopResource(r, optional)
	case fnStart:
		if node == NoNode {
			return false
		}
		s.startResource(r, node, optional)
	case fnPromote:
		if node == NoNode {
			return false
		}
		s.promoteResource(r, node, optional)
	case fnDemote:
		for _, n := range r.RunningOn {
			s.customAction(r, s.key0(r, pcmk.TaskDemote), pcmk.TaskDemote, n, optional)
		}
	default:
		return false
	}
	return true
}

func (s *scheduler) createPrimitiveActions(r *Resource) {
	// A migration completed on its target still has its source to stop
	// (pcmk__abort_dangling_migration).
	for _, n := range r.DanglingOn {
		stop := s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, n, false)
		stop.set(Dangle)
	}
	// Reading the status asked for these stops already: a resource inside
	// r failed with on-fail=restart-container.
	for _, n := range r.StopRequiredOn {
		s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, n, false)
	}
	for _, n := range r.DemoteFailedOn {
		s.customAction(r, s.key0(r, pcmk.TaskDemote), pcmk.TaskDemote, n, false)
	}
	if s.of(r).nextRole == RoleUnknown {
		if r.AssignedTo == NoNode {
			s.of(r).nextRole = RoleStopped
		} else {
			s.of(r).nextRole = RoleStarted
		}
	}
	current, numAll, numClean := s.activeNode(r)
	needStop, needPromote, moving, allowMigrate := false, false, false, false
	if current != NoNode && r.AssignedTo != NoNode && current != r.AssignedTo && s.of(r).nextRole >= RoleStarted {
		moving = true
		allowMigrate = s.canMigrate(r, current)
		needStop = true
	}
	// A partial migration continues only from its source to its target
	// still; otherwise the resource is recovered (stopped where it is
	// active) and does not migrate (pcmk__primitive_create_actions).
	multiply := false
	if pm := s.of(r).partial; pm != nil && !(allowMigrate && numAll == 2 && current == pm.Source && r.AssignedTo == pm.Target) {
		needStop = true
		allowMigrate = false
		s.of(r).partial = nil
	} else if pm == nil && r.NeedsFencing {
		multiply = numAll > 1
	} else if pm == nil {
		multiply = numClean > 1
	}
	if multiply {
		switch r.MultipleActive {
		case pcmk.MultipleStopStart:
			needStop = true
		case pcmk.MultipleStopUnexpected:
			needStop = true
			s.of(r).stopUnexpected = true
		}
	} else {
		s.of(r).stopUnexpected = false
	}
	if s.of(r).startPending {
		start := s.customAction(r, s.key0(r, pcmk.TaskStart), pcmk.TaskStart, r.AssignedTo, true)
		start.set(PrintAlways)
	}
	switch {
	case moving:
	case s.of(r).failed:
		if s.of(r).stopFailed {
			needStop = true
		} else if s.of(r).nextRole == RolePromoted {
			// Recovered by demotion: promoted again where it is.
			needPromote = true
		}
	case r.Blocked:
		needStop = true
	case s.of(r).role > RoleStarted && current != NoNode && r.AssignedTo != NoNode:
		start := s.customAction(r, s.key0(r, pcmk.TaskStart), pcmk.TaskStart, r.AssignedTo, true)
		if !start.is(Optional) {
			needStop = true
		}
	}

	// Bring the resource down on its current node(s) ...
	s.of(r).restarting = true
	role := s.of(r).role
	for role != RoleStopped {
		next := roleNext[role][RoleStopped]
		if !s.applyRoleFn(roleAction[role][next], r, current, !needStop) {
			break
		}
		role = next
	}
	// ... and back up to its current role on its next node.
	for s.of(r).role <= s.of(r).nextRole && role != s.of(r).role && !r.Blocked {
		required := needStop
		next := roleNext[role][s.of(r).role]
		if next == RolePromoted && needPromote {
			required = true
		}
		if !s.applyRoleFn(roleAction[role][next], r, r.AssignedTo, !required) {
			break
		}
		role = next
	}
	s.of(r).restarting = false

	// Then from the current role to the next one.
	role = s.of(r).role
	for role != s.of(r).nextRole {
		next := roleNext[role][s.of(r).nextRole]
		if !s.applyRoleFn(roleAction[role][next], r, r.AssignedTo, false) {
			break
		}
		role = next
	}
	s.createRecurring(r)
	if allowMigrate {
		s.createMigrationActions(r, current)
	}
}

// canMigrate is pcmk__rsc_can_migrate.
func (s *scheduler) canMigrate(r *Resource, current int) bool {
	if !r.AllowMigrate || !r.Managed || s.of(r).failed || s.of(r).startPending {
		return false
	}
	if current == NoNode || s.nodes[current].Unclean {
		return false
	}
	return r.AssignedTo != NoNode && !s.nodes[r.AssignedTo].Unclean
}

// createMigrationActions schedules a live migration from current to the
// assigned node: migrate_to then migrate_from, with the start becoming a
// pseudo-action (pcmk__create_migration_actions).
// A partial migration, whose migrate_to is done, only needs its
// migrate_from.
func (s *scheduler) createMigrationActions(r *Resource, current int) {
	start := s.customAction(r, s.key0(r, pcmk.TaskStart), pcmk.TaskStart, r.AssignedTo, true)
	stop := s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, current, true)
	var to *Action
	if s.of(r).partial == nil {
		to = s.customAction(r, s.key0(r, pcmk.TaskMigrateTo), pcmk.TaskMigrateTo, current, true)
	}
	from := s.customAction(r, s.key0(r, pcmk.TaskMigrateFrom), pcmk.TaskMigrateFrom, r.AssignedTo, true)
	start.set(MigrateRunnable | Pseudo)
	stop.set(MigrateRunnable)
	from.set(MigrateRunnable)
	if to != nil {
		to.set(MigrateRunnable)
		s.orderRscActions(r, pcmk.TaskMonitor, r, pcmk.TaskMigrateTo, OrderOptional)
		s.orderRscActions(r, pcmk.TaskMigrateTo, r, pcmk.TaskMigrateFrom, OrderOptional|OrderImpliesFirstMigratable)
	} else {
		s.orderRscActions(r, pcmk.TaskMonitor, r, pcmk.TaskMigrateFrom, OrderOptional)
	}
	s.orderRscActions(r, pcmk.TaskMigrateFrom, r, pcmk.TaskStop, OrderOptional|OrderImpliesFirstMigratable)
	s.orderRscActions(r, pcmk.TaskMigrateFrom, r, pcmk.TaskStart, OrderOptional|OrderImpliesFirstMigratable|OrderPseudoLeft)
}

func (s *scheduler) isExpectedNode(r *Resource, node int) bool {
	return s.of(r).stopUnexpected && s.of(r).restarting && s.of(r).nextRole > RoleStopped && r.AssignedTo == node
}

func (s *scheduler) stopResource(r *Resource, optional bool) {
	for _, n := range r.RunningOn {
		if s.isExpectedNode(r, n) {
			continue
		}
		// A partial migration continues where it goes on to; elsewhere
		// the stop is required (stop_resource).
		optional := optional
		if pm := s.of(r).partial; pm != nil {
			if n == pm.Target && n == r.AssignedTo {
				continue
			}
			optional = false
		}
		stop := s.customAction(r, s.key0(r, pcmk.TaskStop), pcmk.TaskStop, n, optional)
		if r.AssignedTo == NoNode {
			stop.setReason("node availability", true)
		} else if s.of(r).restarting && s.of(r).stopUnexpected {
			stop.setReason("being multiply active", true)
		}
		if !r.Managed {
			stop.clear(Runnable)
		}
		if r.NeedsUnfencing {
			unfence := s.fenceOp(n, pcmk.FenceOn, true, "")
			s.orderActions(stop, unfence, OrderImpliesFirst)
		}
	}
}

// promoteResource schedules r's promotion on node only when every start
// of r there is runnable; otherwise it makes none and leaves any promote
// already there unrunnable (promote_resource).
func (s *scheduler) promoteResource(r *Resource, node int, optional bool) {
	key := s.key0(r, pcmk.TaskPromote)
	for _, a := range s.of(r).actions {
		if a.Task == pcmk.TaskStart && a.Node == node && !a.is(Runnable) {
			for _, p := range s.of(r).actions {
				if p.Task == pcmk.TaskPromote && p.Node == node {
					p.clear(Runnable)
				}
			}
			return
		}
	}
	promote := s.customAction(r, key, pcmk.TaskPromote, node, optional)
	if s.isExpectedNode(r, node) {
		promote.set(Pseudo)
	}
}

func (s *scheduler) startResource(r *Resource, node int, optional bool) {
	start := s.customAction(r, s.key0(r, pcmk.TaskStart), pcmk.TaskStart, node, true)
	s.orderVsUnfence(r, node, start, OrderImpliesThen)
	if start.is(Runnable) && !optional {
		start.clear(Optional)
	}
	if s.isExpectedNode(r, node) {
		start.set(Pseudo)
	}
}

// activeNode is the active_node method (pe__count_active_node): the node a
// resource is active on, and how many nodes, and of them clean and online
// ones, it is active on. The node is the source of a partial migration,
// else (for a resource that does not need fencing) the first clean online
// node, else the first.
func (s *scheduler) activeNode(r *Resource) (current, numAll, numClean int) {
	current = NoNode
	numAll = len(r.RunningOn)
	for _, n := range r.RunningOn {
		happy := s.nodes[n].Online && !s.nodes[n].Unclean
		if happy {
			numClean++
		}
		switch {
		case current == NoNode:
			current = n
		case s.of(r).partial != nil:
			if n == s.of(r).partial.Source {
				current = n
			}
		case !r.NeedsFencing && happy && (!s.nodes[current].Online || s.nodes[current].Unclean):
			current = n
		}
	}
	return current, numAll, numClean
}
