package transition

import (
	"cmp"
	"runtime"
	"slices"
	"sync"

	"pcl/pcmk"
)

// dedupInputs merges duplicate inputs of an action, keeping the union of
// their kinds (pcmk__deduplicate_action_inputs). scratch is sorting space.
func dedupInputs(a *Action, scratch *[]Edge) {
	if len(a.Before) == 0 {
		return
	}
	if len(a.Before) == 1 {
		// Nothing to merge.
		a.Before[0].Dumped = false
		return
	}
	// Pacemaker sorts inputs by descending id (stable on its prepended list).
	// The sorted copy is scratch space; the result goes back into a.Before's
	// own array, which is no shorter.
	in := slices.Grow((*scratch)[:0], len(a.Before))[:len(a.Before)]
	*scratch = in
	for i, e := range a.Before {
		in[len(a.Before)-1-i] = e
	}
	slices.SortStableFunc(in, func(x, y Edge) int { return cmp.Compare(y.Action, x.Action) })
	out := a.Before[:0]
	for _, e := range in {
		if n := len(out); n > 0 && e.Action == out[n-1].Action {
			last := &out[n-1]
			last.Type |= e.Type
			if e.Dumped {
				last.Dumped = true
			}
			continue
		}
		e.Dumped = false
		out = append(out, e)
	}
	// Keep the slice in creation order (oldest first) as elsewhere.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	a.Before = out
}

func (s *scheduler) shouldAddAction(a *Action) bool { return s.shouldAddActionWith(a, a.Flags) }

// shouldAddActionWith is shouldAddAction with the action's flags as
// given (see inputSeen).
func (s *scheduler) shouldAddActionWith(a *Action, flags ActionFlags) bool {
	is := func(flag ActionFlags) bool { return flags&flag != 0 }
	if !is(Runnable) {
		return false
	}
	if is(Optional) && !is(PrintAlways) {
		return false
	}
	// Of an unmanaged resource's actions only recurring monitors and
	// their cancellations go in the graph.
	if a.Rsc != nil && !a.Rsc.Managed && a.Task != pcmk.TaskMonitor && a.IntervalMs == 0 {
		return false
	}
	if is(Pseudo) || a.Task == pcmk.TaskStonith || a.Task == pcmk.TaskShutdown {
		return true
	}
	n := s.node(a.Node)
	if n == nil {
		return false
	}
	if is(OnDC) {
		return true
	}
	if !n.Online || n.Unclean {
		return false
	}
	return true
}

func canChangeActions(t OrderFlags) bool {
	return t&^(OrderImpliesFirstPrinted|OrderImpliesThenPrinted|OrderOptional) != 0
}

// recordUnsettled keeps every action's flags as they are before the
// collectives settle theirs for the graph, and where each resource comes
// in the order the graph is made (see inputSeen).
func (s *scheduler) recordUnsettled() {
	s.unsettled = make([]ActionFlags, len(s.actions))
	for i, a := range s.actions {
		if a != nil {
			s.unsettled[i] = a.Flags
		}
	}
	top := make(map[*Resource]int32, len(s.top))
	for i, r := range s.top {
		top[r] = int32(i)
	}
	s.expansion = make([]int32, len(s.recs))
	for _, r := range s.rscs {
		i, ok := top[r.Top()]
		if !ok {
			i = -1
		}
		s.expansion[r.Index] = i
	}
}

// inputSeen are the flags of f, the first action of one of a's inputs, as
// they were when Pacemaker decided whether that input goes in the graph.
// It adds each top-level resource's actions right after settling that
// resource's collective flags (clone_expand's action_flags pass), one
// resource after another: an f of a resource added later than a's was
// still unsettled then, and not yet in the graph. A clone's completion
// pseudo-action still optional then leaves the input out, though the
// action itself goes in.
func (s *scheduler) inputSeen(a, f *Action) ActionFlags {
	if a.Rsc == nil || f.Rsc == nil || f.ID >= len(s.unsettled) {
		return f.Flags
	}
	ea, ef := s.expansion[a.Rsc.Index], s.expansion[f.Rsc.Index]
	if ea < 0 || ef <= ea {
		return f.Flags
	}
	return s.unsettled[f.ID] &^ Dumped
}

func (s *scheduler) shouldAddInput(a *Action, in *Edge) bool {
	if in.Dumped {
		return true
	}
	f := s.actions[in.Action]
	ff := s.inputSeen(a, f)
	is := func(flag ActionFlags) bool { return ff&flag != 0 }
	switch {
	case in.Type == OrderNone:
		return false
	case !is(Runnable) && !canChangeActions(in.Type):
		return false
	case !is(Runnable) && in.Type&OrderOneOrMore != 0:
		return false
	case in.Type&OrderImpliesFirstMigratable != 0 && !is(Runnable):
		return false
	case in.Type&OrderApplyFirstNonMigratable != 0 && is(MigrateRunnable):
		return false
	case in.Type == OrderOptional && is(MigrateRunnable) && hasSuffix(f.Key, stopKeySuffix):
		return false
	case in.Type == OrderLoad:
		node := a.Node
		if a.Rsc != nil && a.Task == pcmk.TaskMigrateTo {
			// For migrate_to the load that matters is where the
			// resource is going, not where the action runs.
			node = s.assigned(a.Rsc)
			if f.Node == NoNode || node == NoNode || f.Node != node {
				in.Type = OrderNone
				return false
			}
			break
		}
		if f.Node == NoNode || node == NoNode || f.Node != node || is(Optional) {
			in.Type = OrderNone
			return false
		}
	case in.Type == OrderAntiColocation:
		if f.Node != NoNode && a.Node != NoNode && f.Node != a.Node {
			in.Type = OrderNone
			return false
		}
		if is(Optional) {
			in.Type = OrderNone
			return false
		}
	case f.Rsc != nil && f.Rsc != a.Rsc && s.of(f.Rsc).failed && !f.Rsc.Managed && hasSuffix(f.Key, stopKeySuffix) && s.hasInstances(a.Rsc):
		// Unmanaged failed resources cannot prevent a clone's shutdown.
		return false
	case is(Optional) && !is(PrintAlways) && !is(Dumped) && !s.shouldAddActionWith(f, ff):
		return false
	}
	return true
}

// createGraph decides which actions and inputs are in the graph
// (Pacemaker's add_action_to_graph over every resource's actions, then
// every action). Which actions are in depends on their own flags alone, and
// whether an input is on the flags of its action and first action and on
// the input's own fields: not on the order actions are added in. So it is
// done in two passes over all actions, each split among the processors:
// deduplicating inputs and deciding the actions, then marking the inputs of
// the actions in. No pass writes what another worker of it reads.
func (s *scheduler) createGraph() {
	// Made once the resources' actions are in, before the node actions.
	s.maintenanceUpdate()
	s.eachActionInParallel(func(a *Action, scratch *[]Edge) {
		dedupInputs(a, scratch)
		a.set(Dedup)
		if s.shouldAddAction(a) {
			a.set(Dumped)
		}
	})
	s.eachActionInParallel(func(a *Action, _ *[]Edge) {
		if !a.is(Dumped) {
			return
		}
		for i := len(a.Before) - 1; i >= 0; i-- {
			if in := &a.Before[i]; s.shouldAddInput(a, in) {
				in.Dumped = true
			}
		}
	})
}

// parallelMin is how many actions make it worth splitting a pass among
// processors.
var parallelMin = 1 << 14

// eachActionInParallel calls fn on every action, the actions split among
// the processors; each worker has its own scratch slice. It visits them
// resource by resource, in the order they lie in memory (see
// scheduleProbes), not in id order.
func (s *scheduler) eachActionInParallel(fn func(a *Action, scratch *[]Edge)) {
	lists := make([][]*Action, 0, len(s.rscs)+1)
	for _, r := range s.rscs {
		lists = append(lists, s.of(r).actions)
	}
	lists = append(lists, s.loose)
	total := 0
	for _, l := range lists {
		total += len(l)
	}
	if total != len(s.actions) {
		panic("transition: an action is in no resource's list nor the loose ones")
	}
	workers := runtime.GOMAXPROCS(0)
	if len(s.actions) < parallelMin || workers < 2 {
		for _, l := range lists {
			for _, a := range l {
				fn(a, &s.dedupScratch)
			}
		}
		return
	}
	var wg sync.WaitGroup
	per := (len(s.actions) + workers - 1) / workers
	for len(lists) > 0 {
		// The next worker takes lists up to about per actions.
		n, size := 0, 0
		for n < len(lists) && (size < per || n == 0) {
			size += len(lists[n])
			n++
		}
		part := lists[:n]
		lists = lists[n:]
		wg.Go(func() {
			var scratch []Edge
			for _, l := range part {
				for _, a := range l {
					fn(a, &scratch)
				}
			}
		})
	}
	wg.Wait()
}

// graphOrder lists the graph's actions in the order Pacemaker adds them
// to the graph (pcmk__create_graph), which is the order the transition
// engine walks them in: resource by resource, in assignment order, each
// resource's actions newest first (a resource's action list is built by
// prepending); a group's members after the group's own actions, a clone's
// instances before (clone_expand adds them first); then the actions
// without a resource, newest first.
func (s *scheduler) graphOrder() []int32 {
	var out []int32
	add := func(list []*Action) {
		for i := len(list) - 1; i >= 0; i-- {
			if list[i].is(Dumped) {
				out = append(out, int32(list[i].ID))
			}
		}
	}
	// A bundle adds its child clone's and its replicas' parts' actions
	// (pcmk__bundle_expand), not its own: those come with the actions of
	// no resource, in the last pass over all actions, newest first.
	var late []*Action
	var walk func(r *Resource)
	walk = func(r *Resource) {
		if r.Replicas != nil {
			if child := bundleChild(r); child != nil {
				walk(child)
			}
			for _, rep := range r.Replicas {
				for _, c := range []*Resource{rep.IP, rep.Container, rep.Remote} {
					if c != nil {
						walk(c)
					}
				}
			}
			late = append(late, s.of(r).actions...)
			return
		}
		if s.hasInstances(r) {
			// Probing sorts a clone's instances back into number
			// order (clone_create_probe); without probes they keep the
			// order assignment left them in. A bundle's child clone is
			// never probed as a clone (the bundle probes each replica's
			// instance, pcmk__bundle_create_probe): its instances keep
			// the order assignment and promotion left them in, unless
			// the clone is ordered up to 2.1.6 (a bundle's child clone
			// always is), whose actions sorted them back into number
			// order (child_ordering_constraints, s.children).
			children := s.children(r)
			if s.numProbeNodes > 0 && !isBundleChild(r) {
				children = byNumber(children)
			}
			for _, m := range children {
				walk(m)
			}
			add(s.of(r).actions)
			return
		}
		add(s.of(r).actions)
		for _, m := range r.Children {
			walk(m)
		}
	}
	for _, r := range s.top {
		walk(r)
	}
	if late != nil {
		late = append(late, s.loose...)
		slices.SortFunc(late, func(a, b *Action) int { return a.ID - b.ID })
		add(late)
	} else {
		add(s.loose)
	}
	return out
}
