package transition

import "pcl/pcmk"

// promotable returns whether clone r is promotable.
func promotable(r *Resource) bool { return r.CloneOpts != nil && r.CloneOpts.Promotable }

// roleChanges records whether instance r (or one of its members) has a
// required demote or promote (check_for_role_change).
func (s *scheduler) roleChanges(r *Resource, demoting, promoting *bool) {
	if len(r.Children) > 0 {
		for _, c := range s.children(r) {
			s.roleChanges(c, demoting, promoting)
		}
		return
	}
	for _, a := range s.of(r).actions {
		if *promoting && *demoting {
			return
		}
		switch {
		case a.is(Optional):
		case a.Task == pcmk.TaskDemote:
			*demoting = true
		case a.Task == pcmk.TaskPromote:
			*promoting = true
		}
	}
}

// createPromotableActions makes promotable clone r's promote, promoted,
// demote and demoted pseudo-actions and their notifications, after its
// instances' actions (pcmk__create_promotable_actions).
func (s *scheduler) createPromotableActions(r *Resource) {
	var promoting, demoting bool
	for _, c := range s.children(r) {
		s.roleChanges(c, &demoting, &promoting)
	}
	promote := s.rscPseudo(r, pcmk.TaskPromote, !promoting, true)
	promoted := s.rscPseudo(r, pcmk.TaskPromoted, !promoting, true)
	promoteNotify := s.notifPseudoOps(r, pcmk.TaskPromote, promote, promoted)
	s.keepNotifications(r, promoteNotify)

	demote := s.rscPseudo(r, pcmk.TaskDemote, !demoting, true)
	demoted := s.rscPseudo(r, pcmk.TaskDemoted, !demoting, true)
	demoteNotify := s.notifPseudoOps(r, pcmk.TaskDemote, demote, demoted)
	s.keepNotifications(r, demoteNotify)

	if promoteNotify == nil || demoteNotify == nil {
		return
	}
	notes := s.of(r).notifications
	start, stop := notes[pcmk.TaskStart], notes[pcmk.TaskStop]
	s.orderActions(stop.postDone, promoteNotify.pre, OrderOptional)
	s.orderActions(start.postDone, promoteNotify.pre, OrderOptional)
	s.orderActions(demoteNotify.postDone, promoteNotify.pre, OrderOptional)
	s.orderActions(demoteNotify.postDone, start.pre, OrderOptional)
	s.orderActions(demoteNotify.postDone, stop.pre, OrderOptional)
}

// promotableRestartOrderings orders a promotable clone's starts and
// promotions after all its instances stopped or demoted, and promotions
// after all started (pcmk__promotable_restart_ordering).
func (s *scheduler) promotableRestartOrderings(r *Resource) {
	s.orderRscActions(r, pcmk.TaskStopped, r, pcmk.TaskStart, OrderOptional)
	s.orderRscActions(r, pcmk.TaskStopped, r, pcmk.TaskPromote, OrderOptional)
	s.orderRscActions(r, pcmk.TaskDemoted, r, pcmk.TaskStop, OrderOptional)
	s.orderRscActions(r, pcmk.TaskDemoted, r, pcmk.TaskStart, OrderOptional)
	s.orderRscActions(r, pcmk.TaskDemoted, r, pcmk.TaskPromote, OrderOptional)
	s.orderRscActions(r, pcmk.TaskRunning, r, pcmk.TaskPromote, OrderOptional)
	s.orderRscActions(r, pcmk.TaskDemote, r, pcmk.TaskDemoted, OrderOptional)
}

// orderPromotableInstances orders each instance's promotion and demotion
// between the clone's pseudo-actions, demotion before promotion, and for
// an ordered clone each instance's after the one before it
// (pcmk__order_promotable_instances).
func (s *scheduler) orderPromotableInstances(r *Resource, children []*Resource) {
	s.promotableRestartOrderings(r)
	ordered := r.CloneOpts.Ordered
	var last *Resource
	for _, c := range children {
		s.orderRscActions(c, pcmk.TaskDemote, c, pcmk.TaskPromote, OrderOptional)

		s.orderRscActions(r, pcmk.TaskPromote, c, pcmk.TaskPromote, OrderOptional)
		s.orderRscActions(c, pcmk.TaskPromote, r, pcmk.TaskPromoted, OrderOptional)
		if ordered && last != nil {
			s.orderRscActions(last, pcmk.TaskPromote, c, pcmk.TaskPromote, OrderOptional)
		}

		s.orderRscActions(r, pcmk.TaskDemote, c, pcmk.TaskDemote, OrderImpliesFirstPrinted)
		s.orderRscActions(c, pcmk.TaskDemote, r, pcmk.TaskDemoted, OrderImpliesThenPrinted)
		if ordered && last != nil {
			s.orderRscActions(c, pcmk.TaskDemote, last, pcmk.TaskDemote, OrderOptional)
		}
		last = c
	}
}
