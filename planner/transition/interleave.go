package transition

import (
	"sort"
	"strings"

	"pcl/pcmk"
	"pcl/planner/model"
)

// Orderings whose "then" action is a clone's (Pacemaker's
// pcmk__multi_update_actions and the instance helpers it shares with
// bundles): the clone's flags go to every instance's action, or, for
// interleaved clones, each instance is ordered after its partner in the
// other clone, the instance of it on the same node.

// updateOrdered applies an ordering to the clone's action and to each
// instance's action of the same task, or pairs instances when the clones
// interleave (pcmk__multi_update_actions).
func (clone) updateOrdered(s *scheduler, r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	return s.multiUpdateOrdered(first, then, node, flags, filter, typ)
}

// multiUpdateOrdered is pcmk__multi_update_actions, for clones and
// bundles: the ordering applies to the collective's action and to each of
// its instances' (a bundle's containers') action of the same task, or
// pairs instances when the two interleave.
func (s *scheduler) multiUpdateOrdered(first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	if s.canInterleave(first, then) {
		return s.interleaveUpdate(first, then, node, filter, typ)
	}
	if then.Rsc == nil {
		return 0
	}
	if typ&primitiveOrderKinds == 0 {
		// No kind of the ordering changes a primitive's flags (nor the
		// collective's own, updated as a primitive's), and a primitive's
		// view of its flags is the flags: going through every instance
		// would change nothing. An optional ordering before a clone's
		// start from each probe of its instances, most of a clone-heavy
		// cluster's orderings, is one.
		if s.primitiveInstances(then.Rsc) {
			return 0
		}
		// Group instances' views of their flags may still settle their
		// own (summaryFlags), which is all the walk below does then;
		// walked once, it has nothing left to do until a flag of the
		// clone's actions of then's class, or its instances' or their
		// members', changes or such an action is made: each bumps the
		// clone's epoch.
		if s.sweptSince(then, node) {
			return 0
		}
		defer s.noteSwept(then, node)
	}
	changed := s.updatePrimitiveOrdered(first, then, node, flags, filter, typ)
	for _, c := range s.instancesOf(then.Rsc) {
		ca := findFirstAction(s.of(c).withTask(then.Task), "", then.Task, node)
		if ca == nil {
			continue
		}
		var childChanged updated
		if s.actionFlags(ca, node)&Runnable != 0 {
			childChanged = s.updateOrderedVia(c, first, ca, node, flags, filter, typ)
		}
		changed |= childChanged
		if childChanged&updatedThen != 0 {
			for j := len(ca.After) - 1; j >= 0; j-- {
				if j < len(ca.After) {
					s.updateForOrderings(s.actions[ca.After[j].Action])
				}
			}
		}
	}
	return changed
}

// primitiveInstances tells whether the instances of r (a clone or a
// bundle) are primitives: a bundle's containers, a clone's when it clones
// a primitive.
func (s *scheduler) primitiveInstances(r *Resource) bool {
	if r.Kind == model.KindBundle {
		return true
	}
	children := s.children(r)
	return len(children) == 0 || children[0].Kind == model.KindPrimitive
}

// instancesOf are what a clone's or a bundle's instances are when they
// pair with another's: a clone's instances, a bundle's containers
// (get_containers_or_children).
func (s *scheduler) instancesOf(r *Resource) []*Resource {
	if r.Kind == model.KindBundle {
		return containers(r)
	}
	return s.children(r)
}

// canInterleave reports whether an ordering between two clones' actions
// pairs their instances: interleave=true on the "then" clone, or on the
// "first" clone when "then" stops or demotes (can_interleave_actions).
func (s *scheduler) canInterleave(first, then *Action) bool {
	if first.Rsc == nil || then.Rsc == nil || first.Rsc == then.Rsc || !s.hasInstances(first.Rsc) || !s.hasInstances(then.Rsc) {
		return false
	}
	rsc := then.Rsc
	if hasSuffix(then.Key, stopKeySuffix) || hasSuffix(then.Key, "_"+string(pcmk.TaskDemote)+"_0") {
		rsc = first.Rsc
	}
	return rsc.CloneOpts != nil && rsc.CloneOpts.Interleave
}

// interleaveUpdate orders each instance of then's clone after the
// instance of first's clone on its node (multi_update_interleave_actions).
// An instance without a partner cannot start after a mandatory ordering:
// it is unassigned.
func (s *scheduler) interleaveUpdate(first, then *Action, node int, filter ActionFlags, typ OrderFlags) updated {
	var changed updated
	current := hasSuffix(first.Key, "_"+string(pcmk.TaskStopped)+"_0") || hasSuffix(first.Key, "_"+string(pcmk.TaskDemoted)+"_0")
	firstChildren := s.instancesOf(first.Rsc)
	if len(firstChildren) == 0 {
		return changed
	}
	on := s.instancesOnNodes(first.Rsc, current)
	for _, thenChild := range s.instancesOf(then.Rsc) {
		firstChild := s.pairOf(thenChild, on, current)
		if firstChild == nil {
			if !current && typ&(OrderRunnableLeft|OrderImpliesThen) != 0 && s.unassign(thenChild) {
				changed |= updatedThen
			}
			continue
		}
		task := s.cloneChildTask(first, firstChildren[0])
		firstAction := s.instanceAction(firstChild, task, node, true)
		thenAction := s.instanceAction(thenChild, then.Task, node, false)
		if firstAction == nil || thenAction == nil {
			continue
		}
		if s.orderActions(firstAction, thenAction, typ) {
			changed |= updatedFirst | updatedThen
		}
		changed |= s.updateOrderedVia(thenChild, firstAction, thenAction, node, s.actionFlags(firstAction, node), filter, typ)
	}
	return changed
}

// findCompatibleChild is the instance of clone rsc to pair local with:
// the one on local's node, else the first one on the best node local may
// run on (find_compatible_child). current pairs by the nodes they run on
// now rather than where they are assigned.
func (s *scheduler) findCompatibleChild(local, rsc *Resource, filter Role, current bool) *Resource {
	if filter == RoleUnknown {
		return s.pairOf(local, s.instancesOnNodes(rsc, current), current)
	}
	var pairs instancesByNode
	return s.pairOf(local, pairs.of(s, rsc, filter, current), current)
}

// instancesOnNodes is the index of clone rsc's instances by node, by where
// they run now (current) or are assigned, without a role filter. It is
// kept with rsc's actions: every interleaved ordering and every probe's
// walk into an interleaved clone pairs with it, and it changes only when
// an instance is unassigned or the instances are sorted.
func (s *scheduler) instancesOnNodes(rsc *Resource, current bool) []*Resource {
	rec := s.of(rsc)
	if rec.byNode == nil {
		rec.byNode = new([2]instancesByNode)
	}
	x := &rec.byNode[0]
	if current {
		x = &rec.byNode[1]
	}
	return x.of(s, rsc, RoleUnknown, current)
}

// pairOf is findCompatibleChild with the other clone's instances indexed
// by node.
func (s *scheduler) pairOf(local *Resource, on []*Resource, current bool) *Resource {
	if n := s.nativeLocation(local, current); n != NoNode {
		return on[n]
	}
	for _, n := range s.sortedAllowed(local) {
		if pair := on[n]; pair != nil {
			return pair
		}
	}
	return nil
}

// instancesByNode indexes a clone's instances by node for pairing: the
// first compatible instance on each node (find_compatible_child_by_node
// for every node at once: an interleaved ordering pairs every instance,
// and scanning the other clone's instances for each was quadratic). The
// index is made again when an instance has been unassigned since.
type instancesByNode struct {
	on    []*Resource
	epoch uint64
	made  bool
	// sorted is whether rsc's instances were sorted by number when the
	// index was made: which of two instances on one node comes first
	// may differ after.
	sorted bool
}

func (x *instancesByNode) of(s *scheduler, rsc *Resource, filter Role, current bool) []*Resource {
	sorted := s.of(rsc).sortedByNumber
	if x.made && x.epoch == s.unassignEpoch && x.sorted == sorted {
		return x.on
	}
	x.made, x.epoch, x.sorted = true, s.unassignEpoch, sorted
	if x.on == nil {
		x.on = make([]*Resource, len(s.nodes))
	} else {
		clear(x.on)
	}
	for _, c := range s.instancesOf(rsc) {
		if filter != RoleUnknown && s.roleOf(c, current) != filter || blockedWithin(c) {
			continue
		}
		if n := s.nativeLocation(c, current); n != NoNode && x.on[n] == nil {
			x.on[n] = c
		}
	}
	return x.on
}

// roleOf is r's current role, or its next one.
func (s *scheduler) roleOf(r *Resource, current bool) Role {
	if current {
		return s.currentRole(r)
	}
	role := RoleUnknown
	if len(r.Children) > 0 {
		for _, c := range s.children(r) {
			if cr := s.roleOf(c, false); cr > role {
				role = cr
			}
		}
		return role
	}
	return s.of(r).nextRole
}

// blockedWithin reports whether r or anything in it is blocked
// (is_set_recursive with pe_rsc_block).
func blockedWithin(r *Resource) bool {
	if r.Blocked {
		return true
	}
	for _, c := range r.Children {
		if blockedWithin(c) {
			return true
		}
	}
	return false
}

// sortedAllowed lists the nodes of r's allowed table best first: by
// weight (unavailable nodes last), then fewer assigned resources, then
// name (pcmk__sort_nodes without a preferred node).
//
// The list is kept per resource until an instance is unassigned or a node
// is made unclean (which is all it depends on besides the placement): an
// unplaced instance of an interleaved clone asks again for every ordering
// update of its clone, and sorting the nodes each time was a tenth of the
// transition of a large clone-heavy cluster.
func (s *scheduler) sortedAllowed(r *Resource) []int {
	kept := &s.of(r).sortedAllowed
	if kept.valid && kept.unassignEpoch == s.unassignEpoch && kept.nodeEpoch == s.nodeEpoch {
		return kept.nodes
	}
	nodes := s.sortAllowed(r)
	*kept = sortedNodes{nodes: nodes, unassignEpoch: s.unassignEpoch, nodeEpoch: s.nodeEpoch, valid: true}
	return nodes
}

// sortedNodes is a resource's kept sortedAllowed list and the epochs it
// was made at.
type sortedNodes struct {
	nodes                    []int
	unassignEpoch, nodeEpoch uint64
	valid                    bool
}

// sortAllowed sorts r's allowed nodes as sortedAllowed returns them.
func (s *scheduler) sortAllowed(r *Resource) []int {
	var nodes []int
	for i := range s.nodes {
		if i < len(r.Allowed.In) && r.Allowed.In[i] {
			nodes = append(nodes, i)
		}
	}
	weight := func(i int) int64 {
		if !s.nodes[i].Available() {
			return -infinity
		}
		return int64(r.Allowed.W[i])
	}
	sort.SliceStable(nodes, func(x, y int) bool {
		a, b := nodes[x], nodes[y]
		if wa, wb := weight(a), weight(b); wa != wb {
			return wa > wb
		}
		if s.in.PlacementStrategy != pcmk.PlacementMinimal {
			if na, nb := s.numResources(a), s.numResources(b); na != nb {
				return na < nb
			}
		}
		return strings.Compare(s.nodes[a].Uname, s.nodes[b].Uname) < 0
	})
	return nodes
}

// numResources is how many resources node i has assigned now: those of
// the placement less the instances unassigned from it since.
func (s *scheduler) numResources(i int) int {
	n := s.nodes[i].NumResources
	if s.released != nil {
		n -= s.released[i]
	}
	return n
}

// unassign takes instance r's node away during ordering
// (pcmk__assign_resource with no node): it stops, cannot start, and its
// recurring operations cannot run. It reports whether r had a node.
func (s *scheduler) unassign(r *Resource) bool {
	if len(r.Children) > 0 {
		changed := false
		for _, c := range s.children(r) {
			if s.unassign(c) {
				changed = true
			}
		}
		return changed
	}
	was := s.assigned(r)
	changed := was != NoNode
	if changed {
		s.unassignEpoch++
		if s.released == nil {
			s.released = make([]int, len(s.nodes))
		}
		s.released[was]++
	}
	rec := s.of(r)
	rec.unassigned = true
	rec.nextRole = RoleStopped
	for _, a := range rec.actions {
		switch {
		case strings.EqualFold(string(a.Task), string(pcmk.TaskStop)):
			a.clear(Optional)
		case strings.EqualFold(string(a.Task), string(pcmk.TaskStart)):
			a.clear(Runnable)
		case a.IntervalMs != 0 && !stoppedRoleOp(r, a):
			a.clear(Runnable)
		}
	}
	return changed
}

// stoppedRoleOp reports whether a is a recurring operation for the
// Stopped role (whose expected result is "not running").
func stoppedRoleOp(r *Resource, a *Action) bool {
	task := a.Task
	if task == pcmk.TaskCancel {
		task = a.CancelTask
	}
	for _, op := range r.Ops {
		if op.Name == task && op.IntervalMs == a.IntervalMs && op.Role == RoleStopped {
			return true
		}
	}
	return false
}

// instanceSweep is when multiUpdateOrdered last walked the instances of a
// clone's action for an ordering that changes no flags: the clone's epoch
// of the action's class after the walk, and the node it was for.
type instanceSweep struct {
	epoch uint64
	node  int
}

// sweptSince tells whether the instances of then (a clone's action) were
// walked for node with nothing changed since.
func (s *scheduler) sweptSince(then *Action, node int) bool {
	sw, ok := s.swept[int32(then.ID)]
	return ok && sw.node == node && sw.epoch == s.of(then.Rsc).epochs[taskClassOf(then.Task)]
}

// noteSwept records a walk of then's instances for node.
func (s *scheduler) noteSwept(then *Action, node int) {
	s.swept[int32(then.ID)] = instanceSweep{epoch: s.of(then.Rsc).epochs[taskClassOf(then.Task)], node: node}
}
