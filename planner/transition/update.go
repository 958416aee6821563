package transition

import (
	"strings"

	"pcl/pcmk"
	"pcl/planner/model"
)

type updated uint8

const (
	updatedFirst updated = 1 << iota
	updatedThen
)

// actionForOrdering maps a collective resource's start or stop to its
// completion pseudo-action (running, stopped), or, for a clone that
// notifies, to the confirmation of the notifications after it
// (action_for_ordering).
func (s *scheduler) actionForOrdering(a *Action) *Action {
	if a.Rsc == nil || !s.collective(a.Rsc) || strings.Contains(a.Key, "notify") {
		return a
	}
	rid, task, iv, ok := parseOpKey(a.Key)
	if !ok || iv > 0 {
		return a
	}
	remapped := task.Completion()
	if task.Completes() != task {
		remapped = task // already a completion
	}
	if remapped == "" {
		return a
	}
	var key string
	if rid == a.Rsc.ID {
		key = s.key0(a.Rsc, remapped)
	} else {
		key = opKey(rid, remapped, 0)
	}
	// A bundle's child clone counts as top-level here. A bundle that
	// notifies has no notifications of its own: the ordering keeps its
	// action.
	if notifies(a.Rsc) && (a.Rsc.Parent == nil || (s.hasInstances(a.Rsc) && a.Rsc.Parent.Replicas != nil)) {
		key = notifyKey(rid, notifyConfirmedPost, remapped)
	}
	if r := findFirstAction(s.of(a.Rsc).withKey(key), key, "", NoNode); r != nil {
		return r
	}
	return a
}

func isParent(child, parent *Resource) bool {
	for c := child; c != nil; c = c.Parent {
		if c.Parent == parent {
			return true
		}
	}
	return false
}

func (s *scheduler) updateForOrderings(then *Action) {
	var changed updated
	lastFlags := then.Flags
	if then.is(RequiresAny) {
		then.runnableBefore = 0
		if then.RequiredRunnableBefore == 0 {
			then.RequiredRunnableBefore = 1
		}
		then.clear(Runnable)
	}
	// then.Before may grow while this runs (orderActions, here and in
	// the calls it makes, appends to it, and its array may move), so its
	// edge is read by index, anew after every call that may change it.
	for i := len(then.Before) - 1; i >= 0; i-- {
		if i >= len(then.Before) {
			continue
		}
		other := then.Before[i]
		if other.noGroup && other.Type&^(OrderOptional|OrderPreserve|OrderRunnableLeft) == 0 {
			// A merely optional ordering changes nothing below
			// unless a group's action is at one end (whose flags
			// are its members', and which stands for its
			// completion): probes' orderings, most of a large
			// cluster's, are these. The first action need not
			// even be loaded. Nor does one that only keeps then
			// from running while first cannot, as long as first
			// can: a remote node's connection start before each
			// probe on the node (startThenAction).
			if other.Type&OrderRunnableLeft == 0 || s.actions[other.Action].is(Runnable) {
				continue
			}
		}
		firstID := other.Action
		first := s.actions[firstID]
		thenNode, firstNode := s.orderingNode(then), s.orderingNode(first)
		if other.Type&OrderSameNode != 0 && firstNode != NoNode && thenNode != NoNode && firstNode != thenNode {
			then.Before[i].Type = OrderNone
			continue
		}
		changed &^= updatedFirst
		if first.Rsc != nil && other.Type&OrderThenCancelsFirst != 0 && !then.is(Optional) {
			first.set(Optional)
			if first.Task == pcmk.TaskReloadAgent {
				s.of(first.Rsc).reload = false
			}
		}
		if first.Rsc != nil && then.Rsc != nil && first.Rsc != then.Rsc && !isParent(then.Rsc, first.Rsc) {
			first = s.actionForOrdering(first)
		}
		if first.ID == int(firstID) {
			ff := s.flagsForOrdering(first, thenNode)
			tf := s.flagsForOrdering(then, firstNode)
			changed |= s.updateForOrderingFlags(first, then, ff, tf, i)
		} else if s.orderActions(first, then, then.Before[i].Type) {
			changed |= updatedThen
			then.Before[i].Type = OrderNone
		}
		if changed&updatedFirst != 0 {
			for j := len(first.After) - 1; j >= 0; j-- {
				s.updateForOrderings(s.actions[first.After[j].Action])
			}
			s.updateForOrderings(first)
		}
	}
	if then.is(RequiresAny) {
		if lastFlags == then.Flags {
			changed &^= updatedThen
		} else {
			changed |= updatedThen
		}
	}
	if changed&updatedThen != 0 {
		if lastFlags&Runnable != 0 && !then.is(Runnable) {
			s.blockColocationDependents(then)
		}
		s.updateForOrderings(then)
		for j := len(then.After) - 1; j >= 0; j-- {
			s.updateForOrderings(s.actions[then.After[j].Action])
		}
	}
}

// updateOrdered applies an ordering through the method of then's
// resource.
func (s *scheduler) updateOrdered(first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	return s.updateOrderedVia(then.Rsc, first, then, node, flags, filter, typ)
}

// updateForOrderingFlags applies the ordering then.Before[in] (whose
// first action is first) to the flags of its two actions.
func (s *scheduler) updateForOrderingFlags(first, then *Action, firstFlags, thenFlags ActionFlags, in int) updated {
	// The calls below may append to then.Before, moving its array: read
	// the edge anew each time.
	order := func() *Edge { return &then.Before[in] }
	var changed updated
	node := then.Node
	if order().Type&OrderImpliesThenOnNode != 0 {
		order().Type &^= OrderImpliesThenOnNode
		order().Type |= OrderImpliesThen
		node = first.Node
	}
	if order().Type&OrderImpliesThen != 0 {
		if then.Rsc != nil {
			changed |= s.updateOrdered(first, then, node, firstFlags&Optional, Optional, OrderImpliesThen)
		} else if firstFlags&Optional == 0 && then.is(Optional) {
			then.clear(Optional)
			changed |= updatedThen
		}
	}
	if order().Type&OrderRestart != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags, Optional|Runnable, OrderRestart)
	}
	if order().Type&OrderImpliesFirst != 0 {
		if first.Rsc != nil {
			changed |= s.updateOrderedVia(first.Rsc, first, then, node, firstFlags, Optional, OrderImpliesFirst)
		} else if firstFlags&Optional == 0 && first.is(Runnable) {
			first.clear(Runnable)
			changed |= updatedFirst
		}
	}
	if order().Type&OrderPromotedImpliesFirst != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags&Optional, Optional, OrderPromotedImpliesFirst)
	}
	if order().Type&OrderOneOrMore != 0 {
		if then.Rsc != nil {
			changed |= s.updateOrdered(first, then, node, firstFlags, Runnable, OrderOneOrMore)
		} else if firstFlags&Runnable != 0 {
			then.runnableBefore++
			if then.runnableBefore >= then.RequiredRunnableBefore && !then.is(Runnable) {
				then.set(Runnable)
				changed |= updatedThen
			}
		}
	}
	if order().Type&OrderProbe != 0 && then.Rsc != nil {
		if firstFlags&Runnable == 0 && first.Rsc != nil && len(first.Rsc.RunningOn) > 0 {
			order().Type = OrderNone
		} else {
			changed |= s.updateOrdered(first, then, node, firstFlags, Runnable, OrderRunnableLeft)
		}
	}
	if order().Type&OrderRunnableLeft != 0 {
		if then.Rsc != nil {
			changed |= s.updateOrdered(first, then, node, firstFlags, Runnable, OrderRunnableLeft)
		} else if firstFlags&Runnable == 0 && then.is(Runnable) {
			then.clear(Runnable)
			changed |= updatedThen
		}
	}
	if order().Type&OrderImpliesFirstMigratable != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags, Optional, OrderImpliesFirstMigratable)
	}
	if order().Type&OrderPseudoLeft != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags, Optional, OrderPseudoLeft)
	}
	if order().Type&OrderOptional != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags, Runnable, OrderOptional)
	}
	if order().Type&OrderAsymmetrical != 0 && then.Rsc != nil {
		changed |= s.updateOrdered(first, then, node, firstFlags, Runnable, OrderAsymmetrical)
	}
	if first.is(Runnable) && order().Type&OrderImpliesThenPrinted != 0 && firstFlags&Optional == 0 {
		then.set(PrintAlways)
	}
	if order().Type&OrderImpliesFirstPrinted != 0 && thenFlags&Optional == 0 {
		first.set(PrintAlways)
	}
	if order().Type&(OrderImpliesThen|OrderImpliesFirst|OrderRestart) != 0 && first.Rsc != nil &&
		!first.Rsc.Managed && first.Rsc.Blocked && !first.is(Runnable) && first.Task == pcmk.TaskStop {
		if then.is(Runnable) {
			then.clear(Runnable)
			changed |= updatedThen
		}
	}
	return changed
}

// handleAsymmetric is handle_asymmetric_ordering: an unrunnable "first"
// of an asymmetric ordering makes "then" required and unrunnable, unless
// "then" changes nothing (a stopped resource's stop, a started one's
// start where it runs).
func (s *scheduler) handleAsymmetric(first, then *Action) {
	if then.Rsc == nil {
		return
	}
	role := s.currentRole(then.Rsc)
	// The stop of a stopped resource is spared: up to 2.1.5 even when it
	// is required, since 2.1.6 only when it is optional, as the start of
	// a started one is.
	spareStop := then.is(Optional) || !s.in.Target.Since(pcmk.V2_1_6)
	if role == RoleStopped && then.Task == pcmk.TaskStop && spareStop {
		return
	}
	if role >= RoleStarted && then.is(Optional) && then.Node != NoNode && len(then.Rsc.RunningOn) == 1 &&
		then.Node == then.Rsc.RunningOn[0] && then.Task == pcmk.TaskStart {
		return
	}
	if !first.is(Runnable) {
		s.clearBecause(then, Optional, first)
		s.clearBecause(then, Runnable, first)
	}
}

func (s *scheduler) handleRestart(first, then *Action, filter ActionFlags) {
	reason := false
	if filter&Optional != 0 && !then.is(Optional) {
		reason = true
	}
	if filter&Runnable != 0 && !then.is(Runnable) && then.Rsc.Managed && first.Rsc == then.Rsc {
		reason = true
	}
	if !reason {
		return
	}
	if first.is(Runnable) {
		s.clearBecause(first, Optional, then)
	}
	if !then.is(Optional) {
		s.clearBecause(first, Optional, then)
	}
	if !then.is(MigrateRunnable) {
		s.clearBecause(first, MigrateRunnable, then)
	}
	if !first.is(Optional) && !first.is(Runnable) {
		s.clearBecause(then, Runnable, first)
	}
}

// primitiveOrderKinds are the ordering kinds updatePrimitiveOrdered acts
// on: an update of no such kind leaves both actions as they are.
const primitiveOrderKinds = OrderAsymmetrical | OrderImpliesFirst | OrderPromotedImpliesFirst |
	OrderImpliesFirstMigratable | OrderPseudoLeft | OrderRunnableLeft | OrderImpliesThen | OrderRestart

func (s *scheduler) updatePrimitiveOrdered(first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	var changed updated
	thenFlags, firstFlags := then.Flags, first.Flags
	if typ&OrderAsymmetrical != 0 {
		s.handleAsymmetric(first, then)
	}
	if typ&OrderImpliesFirst != 0 && thenFlags&Optional == 0 {
		if filter&Optional != 0 && flags&Optional == 0 && firstFlags&Optional != 0 {
			s.clearBecause(first, Optional, then)
		}
		if flags&MigrateRunnable != 0 && !then.is(MigrateRunnable) {
			s.clearBecause(first, MigrateRunnable, then)
		}
	}
	if typ&OrderPromotedImpliesFirst != 0 && then.Rsc != nil && s.of(then.Rsc).role == RolePromoted &&
		filter&Optional != 0 && !then.is(Optional) {
		s.clearBecause(first, Optional, then)
		if first.is(MigrateRunnable) && !then.is(MigrateRunnable) {
			s.clearBecause(first, MigrateRunnable, then)
		}
	}
	if typ&OrderImpliesFirstMigratable != 0 && filter&Optional != 0 {
		if !then.Is(MigrateRunnable | Runnable) {
			s.clearBecause(first, Runnable, then)
		}
		if !then.is(Optional) {
			s.clearBecause(first, Optional, then)
		}
	}
	if typ&OrderPseudoLeft != 0 && filter&Optional != 0 && !first.is(Runnable) {
		s.clearBecause(then, MigrateRunnable, first)
		then.clear(Pseudo)
	}
	if typ&OrderRunnableLeft != 0 && filter&Runnable != 0 && then.is(Runnable) && flags&Runnable == 0 {
		s.clearBecause(then, Runnable, first)
		s.clearBecause(then, MigrateRunnable, first)
	}
	if typ&OrderImpliesThen != 0 && filter&Optional != 0 && then.is(Optional) && flags&Optional == 0 &&
		!first.is(MigrateRunnable) {
		s.clearBecause(then, Optional, first)
	}
	if typ&OrderRestart != 0 {
		s.handleRestart(first, then, filter)
	}
	if thenFlags != then.Flags {
		changed |= updatedThen
		if then.Rsc != nil && then.Rsc.Parent != nil {
			s.updateForOrderings(then)
		}
	}
	if firstFlags != first.Flags {
		changed |= updatedFirst
	}
	return changed
}

// blockColocationDependents makes the starts of resources colocated with
// an unstartable resource at INFINITY unrunnable too.
func (s *scheduler) blockColocationDependents(a *Action) {
	if a.is(Runnable) || (a.Task != pcmk.TaskStart && a.Task != pcmk.TaskPromote) || a.Rsc == nil {
		return
	}
	isStart := a.Task == pcmk.TaskStart
	top := a.Rsc.Top()
	if !s.variantOf(top).blocksDependents() {
		return
	}
	for _, m := range s.children(top) {
		ma := findFirstAction(s.of(m).withTask(a.Task), "", a.Task, NoNode)
		if ma == nil || ma.is(Runnable) {
			return
		}
	}
	for _, c := range s.mandatoryColocationsWith(top.ID) {
		if !isStart && c.PrimRole != RolePromoted {
			continue
		}
		if c.Dependent == nil {
			continue
		}
		dep := s.byID[c.Dependent.ID]
		if dep == nil {
			continue
		}
		if c.DepRole == RolePromoted {
			s.markBlocked(dep, pcmk.TaskPromote, a.Rsc)
		} else {
			s.markBlocked(dep, pcmk.TaskStart, a.Rsc)
		}
	}
}

const infinity = 1000000

// mandatoryColocationsWith are the colocations at INFINITY whose primary
// is the resource with id primary, in configuration order. Every start
// that cannot run asks; the colocations are gone through once, on the
// first question.
func (s *scheduler) mandatoryColocationsWith(primary string) []*model.Colocation {
	if s.mandatoryByPrimary == nil {
		s.mandatoryByPrimary = map[string][]*model.Colocation{}
		for _, c := range s.in.Colocations {
			if c.Primary != nil && c.Score >= infinity {
				s.mandatoryByPrimary[c.Primary.ID] = append(s.mandatoryByPrimary[c.Primary.ID], c)
			}
		}
	}
	return s.mandatoryByPrimary[primary]
}

func (s *scheduler) markBlocked(r *Resource, task pcmk.Task, reason *Resource) {
	text := "colocation with " + reason.ID
	for i := len(s.of(r).actions) - 1; i >= 0; i-- {
		a := s.of(r).actions[i]
		if a.is(Runnable) && a.Task == task {
			a.clear(Runnable)
			a.setReason(text, false)
			s.blockColocationDependents(a)
			s.updateForOrderings(a)
		}
	}
	// In the clone's order now (by instance number), not placement's: the
	// last instance blocked names the reason its dependents get.
	for _, m := range s.children(r) {
		s.markBlocked(m, task, reason)
	}
}
