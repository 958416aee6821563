package transition

import (
	"sort"
	"strconv"
	"strings"

	"pcl/pcmk"
)

// clone is a clone's part in the transition (Pacemaker's clone_* and
// pcmk__clone_* methods): its instances' actions, made by the instances'
// own variants, and the pseudo-actions that stand for all of them (start,
// running, stop, stopped), with notifications when the clone asks for
// them.
type clone struct {
	// orderEveryLater: an ordered clone's instances are each ordered
	// against every later one in its internal constraints, and not by
	// their required actions when the actions are made (since 2.1.7;
	// before, child_ordering_constraints and one ordering per
	// consecutive pair).
	orderEveryLater bool
}

func (clone) collective() bool { return true }

func (clone) blocksDependents() bool { return true }

func (clone) instances() bool { return true }

// createActions makes each instance's actions, then the clone's
// pseudo-actions with what the instances do (clone_create_actions).
func (k clone) createActions(s *scheduler, r *Resource) {
	var active, starting, stopping bool
	allowMigrations := true
	for _, c := range s.children(r) {
		s.createActions(c)
		var childStarting, childStopping bool
		s.clonePseudoStatus(c, &childStopping, &childStarting, &active)
		if childStopping && childStarting {
			allowMigrations = false
		}
		stopping = stopping || childStopping
		starting = starting || childStarting
	}

	start := s.rscPseudo(r, pcmk.TaskStart, !starting, true)
	running := s.rscPseudo(r, pcmk.TaskRunning, !starting, false)
	if active || starting {
		running.set(Runnable)
	}
	startNotify := s.notifPseudoOps(r, pcmk.TaskStart, start, running)
	s.keepNotifications(r, startNotify)

	stop := s.rscPseudo(r, pcmk.TaskStop, !stopping, true)
	stopped := s.rscPseudo(r, pcmk.TaskStopped, !stopping, true)
	if allowMigrations {
		stop.set(MigrateRunnable)
	}
	stopNotify := s.notifPseudoOps(r, pcmk.TaskStop, stop, stopped)
	s.keepNotifications(r, stopNotify)
	if startNotify != nil && stopNotify != nil {
		s.orderActions(stopNotify.postDone, startNotify.pre, OrderOptional)
	}
	if !k.orderEveryLater {
		s.childOrderings(r)
	}
	if promotable(r) {
		s.createPromotableActions(r)
	}
}

// keepNotifications records clone r's notification pseudo-actions for
// when the graph is made.
func (s *scheduler) keepNotifications(r *Resource, n *notifyData) {
	if n == nil {
		return
	}
	if s.of(r).notifications == nil {
		s.of(r).notifications = map[pcmk.Task]*notifyData{}
	}
	s.of(r).notifications[n.action] = n
}

// rscPseudo makes r's pseudo-action for task (pe__new_rsc_pseudo_action).
func (s *scheduler) rscPseudo(r *Resource, task pcmk.Task, optional, runnable bool) *Action {
	a := s.customAction(r, s.key0(r, task), task, NoNode, optional)
	a.set(Pseudo)
	if runnable {
		a.set(Runnable)
	} else {
		a.clear(Runnable)
	}
	return a
}

// clonePseudoStatus records whether instance r (or its members) is
// active, and has a required start or stop it can do
// (clone_update_pseudo_status).
func (s *scheduler) clonePseudoStatus(r *Resource, stopping, starting, active *bool) {
	if s.collective(r) {
		for _, c := range s.children(r) {
			s.clonePseudoStatus(c, stopping, starting, active)
		}
		return
	}
	if len(r.RunningOn) > 0 {
		*active = true
	}
	for _, a := range s.of(r).actions {
		if *starting && *stopping {
			return
		}
		switch {
		case a.is(Optional):
		case a.Flags&(Pseudo|Runnable) == 0:
		case strings.EqualFold(string(a.Task), string(pcmk.TaskStop)):
			*stopping = true
		case strings.EqualFold(string(a.Task), string(pcmk.TaskStart)):
			if a.is(Runnable) {
				*starting = true
			}
		}
	}
}

// childOrderings orders, for an ordered clone, each instance's required
// start after the one before it and its stop before it
// (child_ordering_constraints).
func (s *scheduler) childOrderings(r *Resource) {
	if !r.CloneOpts.Ordered {
		return
	}
	s.sortByNumber(r)
	var lastStop, lastStart *Action
	for _, c := range s.children(r) {
		if stop := s.soleRequired(c, pcmk.TaskStop); stop != nil {
			if lastStop != nil {
				s.orderActions(stop, lastStop, OrderOptional)
			}
			lastStop = stop
		}
		if start := s.soleRequired(c, pcmk.TaskStart); start != nil {
			if lastStart != nil {
				s.orderActions(lastStart, start, OrderOptional)
			}
			lastStart = start
		}
	}
}

// soleRequired is r's one required action for task, nil when there is
// none or more than one (find_rsc_action).
func (s *scheduler) soleRequired(r *Resource, task pcmk.Task) *Action {
	var match *Action
	for _, a := range s.resourceActions(r, NoNode, task, false) {
		if a.is(Optional) {
			continue
		}
		if match != nil {
			return nil
		}
		match = a
	}
	return match
}

// internalConstraints orders the clone's pseudo-actions around its
// instances' actions (clone_internal_constraints), the instances in the
// order they were made.
func (k clone) internalConstraints(s *scheduler, r *Resource) {
	s.orderRscActions(r, pcmk.TaskStopped, r, pcmk.TaskStart, OrderOptional)
	s.orderRscActions(r, pcmk.TaskStart, r, pcmk.TaskRunning, OrderRunnableLeft)
	s.orderRscActions(r, pcmk.TaskStop, r, pcmk.TaskStopped, OrderRunnableLeft)
	if promotable(r) {
		s.orderRscActions(r, pcmk.TaskDemoted, r, pcmk.TaskStop, OrderOptional)
		s.orderRscActions(r, pcmk.TaskRunning, r, pcmk.TaskPromote, OrderRunnableLeft)
	}
	ordered := r.CloneOpts.Ordered
	var last *Resource
	children := byNumber(s.children(r))
	for i, c := range children {
		s.internalConstraints(c)
		s.orderRscActions(r, pcmk.TaskStart, c, pcmk.TaskStart, OrderRunnableLeft|OrderImpliesFirstPrinted)
		s.orderRscActions(c, pcmk.TaskStart, r, pcmk.TaskRunning, OrderImpliesThenPrinted)
		if ordered && last != nil && !k.orderEveryLater {
			s.orderRscActions(last, pcmk.TaskStart, c, pcmk.TaskStart, OrderOptional)
		}
		s.orderRscActions(r, pcmk.TaskStop, c, pcmk.TaskStop, OrderImpliesFirstPrinted)
		s.orderRscActions(c, pcmk.TaskStop, r, pcmk.TaskStopped, OrderImpliesThenPrinted)
		if ordered && last != nil && !k.orderEveryLater {
			s.orderRscActions(c, pcmk.TaskStop, last, pcmk.TaskStop, OrderOptional)
		}
		if ordered && k.orderEveryLater {
			// As pcmk__clone_internal_constraints does since 2.1.7:
			// only some instances may start or stop, so each is
			// ordered against every later one.
			for _, later := range children[i+1:] {
				s.orderRscActions(c, pcmk.TaskStart, later, pcmk.TaskStart, OrderOptional)
				s.orderRscActions(later, pcmk.TaskStop, c, pcmk.TaskStop, OrderOptional)
			}
		}
		last = c
	}
	if promotable(r) {
		s.orderPromotableInstances(r, children)
	}
}

// actionFlags is the clone's view of one of its actions: required if an
// instance's matching action is, runnable only if some instance's is
// (summary_action_flags).
func (clone) actionFlags(s *scheduler, a *Action, node int) ActionFlags {
	return s.summaryFlags(a, s.children(a.Rsc), node)
}

// cloneChildTask is the task of the instances' actions that a clone's
// action a stands for, as instance child sees it (clone_child_action): a
// notification stands for the action it notifies about, and a primitive
// instance's completions fold back into their actions.
func (s *scheduler) cloneChildTask(a *Action, child *Resource) pcmk.Task {
	task := a.Task
	if task == pcmk.TaskNotify || task == pcmk.TaskNotified {
		task = notifiedTask(a.Key)
	}
	if !s.collective(child) {
		task = task.Completes()
	}
	return task
}

// notifiedTask is the task a notification key is about: the word before
// the interval ("web-clone_post_notify_running_0" is about running).
func notifiedTask(key string) pcmk.Task {
	end := strings.LastIndexByte(key, '_')
	if end <= 0 {
		return ""
	}
	start := strings.LastIndexByte(key[:end], '_')
	return pcmk.Task(key[start+1 : end])
}

// flagsForOrdering is whether the clone's action a is required, and
// whether it can run anywhere, even when the other action's node has no
// instance that can (action_flags_for_ordering).
func (clone) flagsForOrdering(s *scheduler, a *Action, node int) ActionFlags {
	flags := s.actionFlags(a, NoNode)
	if node == NoNode {
		return flags
	}
	runnable := flags&Runnable != 0
	flags = s.actionFlags(a, node)
	if runnable {
		flags |= Runnable
	}
	return flags
}

func (clone) orderingNode(s *scheduler, a *Action) int { return a.Node }

// location is the one node all instances are assigned to, NoNode when
// they are on none or several (native_location).
func (clone) location(s *scheduler, r *Resource) int { return s.nativeLocation(r, false) }

// currentRole is the highest of the instances' roles.
func (clone) currentRole(s *scheduler, r *Resource) Role {
	role := RoleUnknown
	for _, c := range s.children(r) {
		if cr := s.currentRole(c); cr > role {
			role = cr
		}
	}
	return role
}

// createProbe probes every instance of a unique clone, and one instance
// per node of an anonymous clone: the one known there, else the one
// assigned there, else the first (clone_create_probe). The instances are
// sorted by number first, for good.
func (clone) createProbe(s *scheduler, r, top *Resource, node int) bool {
	s.sortByNumber(r)
	children := s.children(r)
	if len(children) == 0 {
		return false
	}
	if unprobedOn(r, node) {
		return false
	}
	if r.Unique {
		any := false
		for _, c := range children {
			if s.probeOnNode(c, top, node) {
				any = true
			}
		}
		return any
	}
	return s.probeOnNode(children[s.probedInstances(r, children)[node]], top, node)
}

// unprobedOn tells whether clone r is probed on no instance on node: it
// is to be probed only where its discovery is exclusive, and node allows
// it with another mode.
func unprobedOn(r *Resource, node int) bool {
	return r.ExclusiveDiscovery && r.Allowed.Allows(node) && r.Allowed.DiscoveryOn(node) != pcmk.DiscoverExclusive
}

// probedInstances are, per node, the index in children (anonymous clone
// r's instances, in number order) of the instance probed there: the
// first known on the node, else the first assigned to it, else the
// first. Neither what is known nor where instances are assigned changes
// while probes are made, so a clone's are found once, on first use, each
// instance read once, rather than all of them for every node.
func (s *scheduler) probedInstances(r *Resource, children []*Resource) []int32 {
	x := s.of(r)
	if x.probedInstance != nil {
		return x.probedInstance
	}
	pick := make([]int32, len(s.nodes))
	for n := range pick {
		pick[n] = -1
	}
	for i, c := range children {
		markKnownOn(c, int32(i), pick)
	}
	// A node still without one has no instance known there.
	for i, c := range children {
		if n := s.nativeLocation(c, false); n != NoNode && n < len(pick) && pick[n] < 0 {
			pick[n] = int32(i)
		}
	}
	for n := range pick {
		if pick[n] < 0 {
			pick[n] = 0
		}
	}
	x.probedInstance = pick
	return pick
}

// markKnownOn sets pick[n] to i for each node n where r, or one of its
// members, has history (knownOn) and pick has no instance yet.
func markKnownOn(r *Resource, i int32, pick []int32) {
	for _, c := range r.Children {
		markKnownOn(c, i, pick)
	}
	if len(r.Children) > 0 {
		return
	}
	for n, known := range r.KnownOn {
		if known && n < len(pick) && pick[n] < 0 {
			pick[n] = i
		}
	}
}

// knownOn reports whether r, or one of its members, has history on node
// (rsc_known_on).
func (s *scheduler) knownOn(r *Resource, node int) bool {
	if len(r.Children) > 0 {
		for _, c := range r.Children {
			if s.knownOn(c, node) {
				return true
			}
		}
		return false
	}
	return node < len(r.KnownOn) && r.KnownOn[node]
}

// addToGraph settles the flags of the clone's actions from its
// instances' and makes the notifications (clone_expand).
func (clone) addToGraph(s *scheduler, r *Resource) {
	for i := len(s.of(r).actions) - 1; i >= 0; i-- {
		s.actionFlags(s.of(r).actions[i], NoNode)
	}
	for _, task := range []pcmk.Task{pcmk.TaskStart, pcmk.TaskStop, pcmk.TaskPromote, pcmk.TaskDemote} {
		s.createNotifications(r, s.of(r).notifications[task])
	}
	for _, c := range s.children(r) {
		s.variantOf(c).addToGraph(s, c)
	}
}

// sortByNumber sorts the clone's instances by number, for good
// (pcmk__cmp_instance_number).
func (s *scheduler) sortByNumber(r *Resource) {
	// Nothing else reorders them: sorted once, they stay sorted (every
	// probe of the clone on every node asks again).
	if rec := s.of(r); rec.children != nil && !rec.sortedByNumber {
		rec.children = byNumber(rec.children)
		rec.sortedByNumber = true
	}
}

// byNumber returns instances sorted by instance number (stably).
func byNumber(list []*Resource) []*Resource {
	out := append([]*Resource(nil), list...)
	sort.SliceStable(out, func(i, j int) bool { return instanceNumber(out[i]) < instanceNumber(out[j]) })
	return out
}

// instanceNumber is the number after the last colon of an instance's id.
func instanceNumber(r *Resource) int {
	i := strings.LastIndexByte(r.ID, ':')
	if i < 0 {
		return 0
	}
	digits := r.ID[i+1:]
	end := 0
	for end < len(digits) && digits[end] >= '0' && digits[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(digits[:end])
	return n
}

// nativeLocation is the one node r is on (current) or assigned to, NoNode
// when none or several; a collective's members' nodes count together
// (native_location).
func (s *scheduler) nativeLocation(r *Resource, current bool) int {
	loc := location{one: NoNode}
	s.locate(r, current, &loc)
	if loc.many {
		return NoNode
	}
	return loc.one
}

// location gathers the nodes of nativeLocation's walk: the one node, or
// many.
type location struct {
	one  int
	many bool
}

func (l *location) add(n int) {
	if l.one == NoNode {
		l.one = n
	} else if n != l.one {
		l.many = true
	}
}

func (s *scheduler) locate(r *Resource, current bool, loc *location) {
	if len(r.Children) > 0 {
		for _, c := range s.children(r) {
			s.locate(c, current, loc)
		}
		return
	}
	if current {
		for _, n := range r.RunningOn {
			loc.add(n)
		}
	} else if n := s.assigned(r); n != NoNode {
		loc.add(n)
	}
}
