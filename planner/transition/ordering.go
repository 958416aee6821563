package transition

import (
	"sort"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

type orderKind int

const (
	kindOptional orderKind = iota
	kindMandatory
	kindSerialize
)

type symmetry int

const (
	asymmetric symmetry = iota
	symmetric
	symmetricInverse
)

// invertAction is the task that undoes task a ("" for none).
func invertAction(a pcmk.Task) pcmk.Task {
	switch a {
	case pcmk.TaskStart:
		return pcmk.TaskStop
	case pcmk.TaskStop:
		return pcmk.TaskStart
	case pcmk.TaskPromote:
		return pcmk.TaskDemote
	case pcmk.TaskDemote:
		return pcmk.TaskPromote
	case pcmk.TaskPromoted:
		return pcmk.TaskDemoted
	case pcmk.TaskDemoted:
		return pcmk.TaskPromoted
	case pcmk.TaskRunning:
		return pcmk.TaskStopped
	case pcmk.TaskStopped:
		return pcmk.TaskRunning
	}
	return ""
}

func kindOf(kind ir.OrderKind, score *ir.ScoreValue) orderKind {
	if kind == "" {
		if score != nil && score.Value == 0 {
			return kindOptional
		}
		return kindMandatory
	}
	switch strings.ToLower(string(kind)) {
	case "optional":
		return kindOptional
	case "serialize":
		return kindSerialize
	}
	return kindMandatory
}

func symmetryOf(explicitKind bool, kind, parentKind orderKind, sym *ir.Bool, parentSym *ir.Bool) symmetry {
	k := parentKind
	if explicitKind {
		k = kind
	}
	if sym == nil && parentSym != nil {
		sym = parentSym
	}
	if sym != nil {
		if sym.Value && k != kindSerialize {
			return symmetric
		}
		return asymmetric
	}
	if k == kindSerialize {
		return asymmetric
	}
	return symmetric
}

// flagsForKind are the flags of an ordering an order of kind makes, whose
// "first" action is first (ordering_flags_for_kind).
func (s *scheduler) flagsForKind(kind orderKind, first pcmk.Task, sym symmetry) OrderFlags {
	if kind == kindSerialize && s.in.Target.Since(pcmk.V2_1_7) {
		// Since 2.1.7 a serializing order is not also an optional one
		// (ordering_flags_for_kind): its actions are kept apart, and
		// nothing else, an interleaved clone's instances not paired.
		return OrderSerializeOnly
	}
	flags := OrderOptional
	switch kind {
	case kindSerialize:
		flags |= OrderSerializeOnly
	case kindMandatory:
		switch sym {
		case asymmetric:
			flags |= OrderAsymmetrical
		case symmetric:
			flags |= OrderImpliesThen
			if first == pcmk.TaskStart || first == pcmk.TaskPromote {
				flags |= OrderRunnableLeft
			}
		case symmetricInverse:
			flags |= OrderImpliesFirst
		}
	}
	return flags
}

// actionOr is the task a constraint's action names, def when none.
func actionOr(a ir.Action, def pcmk.Task) pcmk.Task {
	if a == "" {
		return def
	}
	return pcmk.Task(a)
}

// unpackOrder turns one rsc_order into orderings.
func (s *scheduler) unpackOrder(o *ir.Order) {
	kind := kindOf(o.Kind, o.Score)
	sym := symmetryOf(true, kind, kind, o.Symmetrical, nil)
	if len(o.Sets) > 0 {
		var last *ir.ResourceSet
		for _, set := range o.Sets {
			if !s.unpackOrderSet(set, kind, o.Symmetrical) {
				return
			}
			if last != nil {
				if !s.orderSets(last, set, kind, sym) {
					return
				}
				if sym == symmetric && !s.orderSets(set, last, kind, symmetricInverse) {
					return
				}
			}
			last = set
		}
		return
	}
	first, then := s.byID[o.First], s.byID[o.Then]
	if first == nil || then == nil {
		return
	}
	actFirst := actionOr(o.FirstAction, pcmk.TaskStart)
	actThen := actionOr(o.ThenAction, actFirst)
	flags := s.flagsForKind(kind, actFirst, sym)
	if kind == kindOptional && then.RestartType == "restart" {
		flags |= OrderImpliesThen
	}
	if min := s.minimumFirstInstances(first, o); min > 0 {
		s.cloneMinOrdering(o.ID, first, actFirst, then, actThen, flags, min)
	} else {
		s.orderRscActions(first, actFirst, then, actThen, flags)
	}
	if sym == symmetric {
		it, ifst := invertAction(actThen), invertAction(actFirst)
		if it != "" && ifst != "" {
			f := s.flagsForKind(kind, ifst, symmetricInverse)
			if kind == kindOptional && first.RestartType == "restart" {
				f |= OrderImpliesFirst
			}
			s.orderRscActions(then, it, first, ifst, f)
		}
	}
}

// minimumFirstInstances is how many instances of clone first must be able
// to do their action before an ordering's "then" action can: clone-min,
// or 1 for the deprecated require-all=false (get_minimum_first_instances).
func (s *scheduler) minimumFirstInstances(first *Resource, o *ir.Order) int {
	if !s.hasInstances(first) {
		return 0
	}
	if _, ok := first.Meta["clone-min"]; ok {
		return first.CloneOpts.Min
	}
	if o.RequireAll != nil && !o.RequireAll.Value {
		return 1
	}
	return 0
}

// cloneMinOrdering orders then's action after a pseudo-action that can
// run once min instances of first can do theirs (clone_min_ordering).
func (s *scheduler) cloneMinOrdering(id string, first *Resource, actFirst pcmk.Task, then *Resource, actThen pcmk.Task, flags OrderFlags, min int) {
	met := s.pseudoOp("clone-one-or-more:" + id)
	met.RequiredRunnableBefore = int32(min)
	s.setRequiresAny(met)
	for _, c := range byNumber(s.children(first)) {
		s.newOrdering(c, s.key0(c, actFirst), nil, nil, "", met, OrderOneOrMore|OrderImpliesThenPrinted)
	}
	s.newOrdering(nil, "", met, then, s.key0(then, actThen), nil, flags|OrderRunnableLeft)
}

func (s *scheduler) setResources(set *ir.ResourceSet) ([]*Resource, bool) {
	var out []*Resource
	for _, id := range set.Resources {
		r := s.byID[id]
		if r == nil {
			return nil, false
		}
		out = append(out, r)
	}
	return out, true
}

func (s *scheduler) unpackOrderSet(set *ir.ResourceSet, parentKind orderKind, parentSym *ir.Bool) bool {
	action := actionOr(set.Action, pcmk.TaskStart)
	localKind := parentKind
	if set.Kind != "" {
		localKind = kindOf(set.Kind, nil)
	}
	sequential := set.Sequential == nil || set.Sequential.Value
	sym := symmetryOf(set.Kind != "", localKind, parentKind, nil, parentSym)
	flags := s.flagsForKind(localKind, action, sym)
	rscs, ok := s.setResources(set)
	if !ok {
		return false
	}
	if len(rscs) == 1 {
		return true
	}
	var last *Resource
	for i, r := range rscs {
		if localKind == kindSerialize {
			for _, then := range rscs[i+1:] {
				s.newOrdering(r, s.key0(r, action), nil, then, s.key0(then, action), nil, flags)
			}
		} else if sequential {
			if last != nil {
				s.orderRscActions(last, action, r, action, flags)
			}
			last = r
		}
	}
	if sym == asymmetric {
		return true
	}
	last = nil
	action = invertAction(action)
	flags = s.flagsForKind(localKind, action, symmetricInverse)
	for _, r := range rscs {
		if sequential {
			if last != nil {
				s.orderRscActions(r, action, last, action, flags)
			}
			last = r
		}
	}
	return true
}

func (s *scheduler) orderSets(set1, set2 *ir.ResourceSet, kind orderKind, sym symmetry) bool {
	a1 := actionOr(set1.Action, pcmk.TaskStart)
	a2 := actionOr(set2.Action, pcmk.TaskStart)
	requireAll := set1.RequireAll == nil || set1.RequireAll.Value
	if sym == symmetricInverse {
		a1, a2 = invertAction(a1), invertAction(a2)
	}
	if a1 == pcmk.TaskStop || a1 == pcmk.TaskDemote {
		requireAll = true
	}
	flags := s.flagsForKind(kind, a2, sym)
	r1s, ok1 := s.setResources(set1)
	r2s, ok2 := s.setResources(set2)
	if !ok1 || !ok2 {
		return false
	}
	if !requireAll {
		pseudo := s.pseudoOp("one-or-more:" + set1.ID)
		s.setRequiresAny(pseudo)
		for _, r := range r1s {
			s.newOrdering(r, s.key0(r, a1), nil, nil, "", pseudo, OrderOneOrMore|OrderImpliesThenPrinted)
		}
		for _, r := range r2s {
			s.newOrdering(nil, "", pseudo, r, s.key0(r, a2), nil, flags|OrderRunnableLeft)
		}
		return true
	}
	var rsc1, rsc2 *Resource
	if set1.Sequential != nil && set1.Sequential.Value && len(r1s) > 0 {
		if sym == symmetricInverse {
			rsc1 = r1s[0]
		} else {
			rsc1 = r1s[len(r1s)-1]
		}
	}
	if set2.Sequential != nil && set2.Sequential.Value && len(r2s) > 0 {
		if sym == symmetricInverse {
			rsc2 = r2s[len(r2s)-1]
		} else {
			rsc2 = r2s[0]
		}
	}
	switch {
	case rsc1 != nil && rsc2 != nil:
		s.orderRscActions(rsc1, a1, rsc2, a2, flags)
	case rsc1 != nil:
		for _, r := range r2s {
			s.orderRscActions(rsc1, a1, r, a2, flags)
		}
	case rsc2 != nil:
		for _, r := range r1s {
			s.orderRscActions(r, a1, rsc2, a2, flags)
		}
	default:
		for _, r1 := range r1s {
			for _, r2 := range r2s {
				s.orderRscActions(r1, a1, r2, a2, flags)
			}
		}
	}
	return true
}

// utilizationConstraints orders stops before a node's load is released and
// starts after it (pcmk__create_utilization_constraints).
func (s *scheduler) utilizationConstraints(r *Resource) {
	for _, n := range r.RunningOn {
		ls := s.loadStopped(n)
		s.newOrdering(r, s.key0(r, pcmk.TaskStop), nil, nil, "", ls, OrderLoad)
	}
	for _, n := range s.allowedByName(r) {
		ls := s.loadStopped(n)
		s.newOrdering(nil, "", ls, r, s.key0(r, pcmk.TaskStart), nil, OrderLoad)
		s.newOrdering(nil, "", ls, r, s.key0(r, pcmk.TaskMigrateTo), nil, OrderLoad)
	}
}

func (s *scheduler) loadStopped(node int) *Action {
	a := s.pseudoOp(string(pcmk.TaskLoadStopped) + "_" + s.nodes[node].Uname)
	if a.Node == NoNode {
		a.Node = node
		a.clear(Optional)
	}
	return a
}

// allowedByName lists a resource's allowed nodes sorted by name.
func (s *scheduler) allowedByName(r *Resource) []int {
	var out []int
	for i := range s.nodes {
		if r.Allowed.Allows(i) {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return s.nodes[out[a]].Uname < s.nodes[out[b]].Uname })
	return out
}

// constraintOrderings makes the orderings of the order constraints and of
// the colocations at -INFINITY constraint by constraint, in document order,
// as Pacemaker unpacks them; those of the colocations Pacemaker makes
// itself come last. The order matters: applying an ordering whose "then"
// action does not exist yet drops it, and a later ordering may make that
// action (an unrunnable start, ordered first by an order's inverse).
func (s *scheduler) constraintOrderings() {
	var anti, internal []*model.Colocation
	for _, c := range s.in.Colocations {
		switch {
		case c.Score > -infinity:
		case c.Position == model.Internal:
			internal = append(internal, c)
		default:
			anti = append(anti, c)
		}
	}
	for _, o := range s.in.Orders {
		for len(anti) > 0 && anti[0].Position < o.Position {
			s.antiColocationOrders(anti[0])
			anti = anti[1:]
		}
		s.unpackOrder(o.Order)
	}
	for _, c := range append(anti, internal...) {
		s.antiColocationOrders(c)
	}
}

// antiColocationOrders orders the loss of one resource's role before the
// other gains its role, both ways, for a colocation at -INFINITY.
func (s *scheduler) antiColocationOrders(c *model.Colocation) {
	if c.Dependent == nil || c.Primary == nil {
		return
	}
	dep, prim := s.byID[c.Dependent.ID], s.byID[c.Primary.ID]
	if dep == nil || prim == nil {
		return
	}
	s.antiColocationOrder(dep, c.DepRole, prim, c.PrimRole)
	s.antiColocationOrder(prim, c.PrimRole, dep, c.DepRole)
}

func (s *scheduler) antiColocationOrder(first *Resource, firstRole Role, then *Resource, thenRole Role) {
	var ft, tt []pcmk.Task
	if firstRole == RolePromoted {
		ft = []pcmk.Task{pcmk.TaskDemote}
	} else {
		ft = []pcmk.Task{pcmk.TaskStop}
		if firstRole == RoleUnpromoted {
			ft = append(ft, pcmk.TaskPromote)
		}
	}
	if thenRole == RolePromoted {
		tt = []pcmk.Task{pcmk.TaskPromote}
	} else {
		tt = []pcmk.Task{pcmk.TaskStart}
		if thenRole == RoleUnpromoted {
			tt = append(tt, pcmk.TaskDemote)
		}
	}
	for _, f := range ft {
		for _, t := range tt {
			s.orderRscActions(first, f, then, t, OrderAntiColocation)
		}
	}
}

// ownKey tells whether key, parsed as rsc and interval iv, is already the
// key opKey makes with id: then a retry would search for key again.
func ownKey(key, rsc, id string, iv int64) bool {
	ivs := strconv.FormatInt(iv, 10)
	return rsc == id && len(key) > len(ivs) && key[len(key)-len(ivs)-1] == '_' && key[len(key)-len(ivs):] == ivs
}

// actionsByTask looks a key up on a resource, retrying with the
// resource's own id. It gives Pacemaker's find_actions_by_task list in
// reverse (oldest first) and without copying: it is r's own index, to be
// read before r gets another action.
func actionsByTask(x *rscActions, key string) []*Action {
	list := x.withKey(key)
	// The resource's own start_0 and reload-agent_0 keys, which its
	// probes are ordered before, need no retry (this spares parsing the
	// key for every probe).
	if len(list) == 0 && key != x.zeroKeys[zeroStart].key && key != x.zeroKeys[zeroReloadAgent].key {
		if rsc, task, iv, ok := parseOpKey(key); ok && !ownKey(key, rsc, x.id, iv) {
			own := opKey(x.id, task, iv)
			list = x.withKey(own)
		}
	}
	return list
}

func (s *scheduler) orderAfter(first *Action, r *Resource, o *ordering) {
	flags := o.flags
	var one [1]*Action
	var thens []*Action
	if o.rhAction != nil {
		one[0] = o.rhAction
		thens = one[:]
	} else {
		thens = actionsByTask(s.of(r), o.rhTask)
	}
	if len(thens) == 0 {
		return
	}
	if first != nil && first.Rsc == r && first.is(Dangle) {
		// The stop of a dangling migration implies nothing of what
		// follows it (rsc_order_then).
		flags &^= OrderImpliesThen
	}
	if first == nil && flags&OrderImpliesThen == 0 {
		return
	}
	for i := len(thens) - 1; i >= 0; i-- {
		then := thens[i]
		if first != nil {
			s.orderActions(first, then, flags)
		} else {
			then.clear(Runnable)
		}
	}
}

func (s *scheduler) orderFirst(first *Resource, o *ordering) {
	var one [1]*Action
	var firsts []*Action // oldest first
	if o.lhAction != nil {
		one[0] = o.lhAction
		firsts = one[:]
	} else {
		firsts = actionsByTask(s.of(first), o.lhTask)
	}
	then := o.rhRsc
	if len(firsts) == 0 && first == then {
		return
	} else if len(firsts) == 0 {
		_, task, iv, _ := parseOpKey(o.lhTask)
		state := s.currentRole(first)
		if state == RoleStopped && task == pcmk.TaskStop {
			return
		} else if state == RoleUnpromoted && task == pcmk.TaskDemote {
			return
		}
		one[0] = s.customAction(first, opKey(first.ID, task, iv), task, NoNode, true)
		firsts = one[:]
	}
	if then == nil {
		if o.rhAction == nil {
			return
		}
		then = o.rhAction.Rsc
	}
	// Ordering actions adds no action, so firsts stays valid.
	for i := len(firsts) - 1; i >= 0; i-- {
		f := firsts[i]
		if then == nil {
			s.orderActions(f, o.rhAction, o.flags)
		} else {
			s.orderAfter(f, then, o)
		}
	}
}

func (s *scheduler) applyOrderings() {
	n := 0
	for o := range s.allOrderings(nil) {
		if n == s.probeOrdersAt {
			s.applyProbeOrders()
		}
		n++
		if o.lhRsc != nil {
			s.orderFirst(o.lhRsc, o)
			continue
		}
		if o.rhRsc != nil {
			s.orderAfter(o.lhAction, o.rhRsc, o)
		} else {
			s.orderActions(o.lhAction, o.rhAction, o.flags)
		}
	}
	if n == s.probeOrdersAt {
		s.applyProbeOrders()
	}
	// Pacemaker walks its action list newest first. Actions that cannot
	// make a difference (most probes) are skipped on their marks, unread.
	for i := len(s.actions) - 1; i >= 0; i-- {
		if s.marks[i]&markStarts != 0 {
			s.blockColocationDependents(s.actions[i])
		}
	}
	s.orderProbes()
	for i := len(s.actions) - 1; i >= 0; i-- {
		if s.marks[i]&markInputs != 0 {
			s.updateForOrderings(s.actions[i])
		}
	}
	s.disableGuestOrderings()
	s.disableLoadLoops()
}
