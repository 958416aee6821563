package transition

import "pcl/pcmk"

// Notification pseudo-actions and instance notifications of clones that
// notify (Pacemaker's pe_notif.c). A clone's start (or stop) is
// surrounded by four pseudo-actions:
//
//	pre -> confirmed-pre -> start -> running -> post -> confirmed-post
//
// and, once actions are settled, each instance gets a notify action on
// its node between pre and confirmed-pre, or post and confirmed-post.

// The kinds of notification, as their keys name them.
const (
	notifyPre           = "pre"
	notifyConfirmedPre  = "confirmed-pre"
	notifyPost          = "post"
	notifyConfirmedPost = "confirmed-post"
)

// notifyKey is a notification's operation key (pcmk__notify_key):
// "web-clone_post_notify_running_0".
func notifyKey(rsc, kind string, task pcmk.Task) string {
	return rsc + "_" + kind + "_notify_" + string(task) + "_0"
}

// notifyData is one clone action's notification pseudo-actions
// (notify_data_t).
type notifyData struct {
	action         pcmk.Task // start or stop
	pre, preDone   *Action
	post, postDone *Action
}

// notifyName is what names a notify action in the graph when its
// resource is known by another name: the kind and task of the
// pseudo-action it belongs to (the notify_key_type and
// notify_key_operation meta-attributes).
type notifyName struct {
	kind string
	task pcmk.Task
	// operation is an instance's notify action's notify_operation: the
	// clone action notified about, which the graph's key names (see
	// Transition.GraphKey).
	operation pcmk.Task
}

// notifies reports whether r sends notifications (notify=true).
func notifies(r *Resource) bool {
	if r.CloneOpts != nil {
		return r.CloneOpts.Notify
	}
	v, ok := parseBoolish(r.Meta["notify"])
	return ok && v
}

// orderNotifsAfterFencing notifies r's clone of the stop of r that fencing
// f implies, after the fencing (pe__order_notifs_after_fencing): r gets
// post-notification pseudo-actions of its own, and every instance of the
// clone a post-notification between them.
func (s *scheduler) orderNotifsAfterFencing(r *Resource, f *Action) {
	if n := s.notifPseudoOps(r, pcmk.TaskStop, nil, f); n != nil {
		s.createNotifyActions(topNoBundle(r), n)
	}
}

// notifPseudoOps makes the notification pseudo-actions of clone r around
// its action and the completion pseudo-action complete
// (pe__clone_notif_pseudo_ops), nil when r does not notify.
func (s *scheduler) notifPseudoOps(r *Resource, task pcmk.Task, action, complete *Action) *notifyData {
	if !notifies(r) {
		return nil
	}
	n := &notifyData{action: task}
	if action != nil {
		n.pre = s.notifPseudo(r, action, task, pcmk.TaskNotify, notifyPre)
		n.pre.set(Runnable)
		n.preDone = s.notifPseudo(r, action, task, pcmk.TaskNotified, notifyConfirmedPre)
		n.preDone.set(Runnable)
		s.orderActions(n.pre, n.preDone, OrderOptional)
		s.orderActions(n.preDone, action, OrderOptional)
	}
	if complete != nil {
		n.post = s.notifPseudo(r, complete, task, pcmk.TaskNotify, notifyPost)
		n.postDone = s.notifPseudo(r, complete, task, pcmk.TaskNotified, notifyConfirmedPost)
		for _, a := range []*Action{n.post, n.postDone} {
			if complete.is(Runnable) {
				a.set(Runnable)
			} else {
				a.clear(Runnable)
			}
		}
		s.orderActions(complete, n.post, OrderImpliesThen)
		s.orderActions(n.post, n.postDone, OrderImpliesThen)
	}
	if action != nil && complete != nil {
		s.orderActions(n.preDone, n.post, OrderOptional)
	}
	return n
}

// notifPseudo makes one notification pseudo-action of r about action
// (new_notify_pseudo_action); operation is the task notified about (its
// notify_operation: "stop" for the notifications a fencing implies,
// whose action is the fencing), which names it when r is an instance
// known by another name.
func (s *scheduler) notifPseudo(r *Resource, action *Action, operation, task pcmk.Task, kind string) *Action {
	a := s.customAction(r, notifyKey(r.ID, kind, action.Task), task, NoNode, action.is(Optional))
	a.set(Pseudo)
	s.notifyNames[int32(a.ID)] = notifyName{kind: kind, task: action.Task, operation: operation}
	return a
}

// createNotifications makes the instances' notify actions for one of
// clone r's actions (pe__create_notifications), once the actions are
// settled: the pseudo-actions become required when an instance has the
// action to do.
func (s *scheduler) createNotifications(r *Resource, n *notifyData) {
	if n == nil {
		return
	}
	starts, stops, promotes, demotes := false, false, false, false
	var collect func(r *Resource)
	collect = func(r *Resource) {
		if len(r.Children) > 0 {
			for _, c := range s.children(r) {
				collect(c)
			}
			return
		}
		for _, a := range s.of(r).actions {
			if a.is(Optional) || a.Node == NoNode {
				continue
			}
			if !(a.Task == pcmk.TaskStop && s.nodes[a.Node].Unclean) && !a.is(Runnable) {
				continue
			}
			switch a.Task {
			case pcmk.TaskStart:
				starts = true
			case pcmk.TaskStop:
				stops = true
			case pcmk.TaskPromote:
				promotes = true
			case pcmk.TaskDemote:
				demotes = true
			}
		}
	}
	collect(r)
	required := (stops && n.action == pcmk.TaskStop) || (starts && n.action == pcmk.TaskStart)
	if required && n.pre != nil {
		n.pre.clear(Optional)
		n.preDone.clear(Optional)
	}
	if required && n.post != nil {
		n.post.clear(Optional)
		n.postDone.clear(Optional)
	}
	// No instance notifies of a start, promotion or demotion that no
	// instance has to do.
	switch n.action {
	case pcmk.TaskStart:
		if !starts {
			return
		}
	case pcmk.TaskPromote:
		if !promotes {
			return
		}
	case pcmk.TaskDemote:
		if !demotes {
			return
		}
	}
	s.createNotifyActions(r, n)
}

// createNotifyActions makes instance r's notify actions (or those of its
// instances or members) for n (create_notify_actions).
func (s *scheduler) createNotifyActions(r *Resource, n *notifyData) {
	if len(r.Children) > 0 {
		for _, c := range s.children(r) {
			s.createNotifyActions(c, n)
		}
		return
	}
	rec := s.of(r)
	if rec.role != RoleStopped && (n.action == pcmk.TaskStop || n.action == pcmk.TaskDemote) {
		stop := findFirstAction(rec.withTask(pcmk.TaskStop), "", pcmk.TaskStop, NoNode)
		for _, node := range r.RunningOn {
			// A stop implied by fencing notifies no one on the node
			// being fenced (a guest's: being reset).
			if stop != nil && stop.is(Pseudo) && (s.nodes[node].Unclean || s.nodes[node].RequiresReset) {
				continue
			}
			s.newNotifyAction(r, node, n.pre, n.preDone, n.action)
			if n.action == pcmk.TaskDemote || stop == nil || stop.is(Optional) {
				s.newPostNotifyAction(r, node, n)
			}
		}
	}
	if rec.nextRole != RoleStopped && (n.action == pcmk.TaskStart || n.action == pcmk.TaskPromote) {
		start := findFirstAction(rec.withTask(pcmk.TaskStart), "", pcmk.TaskStart, NoNode)
		if start != nil && start.Node != NoNode {
			// Behind a remote connection whose start is blocked, the
			// instance's start and promote never come: no
			// notifications for them (find_remote_start).
			if conn := s.nodes[start.Node].Conn; conn != nil {
				if rs := findFirstAction(s.of(conn).withTask(pcmk.TaskStart), "", pcmk.TaskStart, NoNode); rs != nil && !rs.is(Runnable) {
					return
				}
			}
		}
		node := s.assigned(r)
		if node == NoNode {
			return
		}
		if n.action != pcmk.TaskStart || start == nil || start.is(Optional) {
			s.newNotifyAction(r, node, n.pre, n.preDone, n.action)
		}
		s.newPostNotifyAction(r, node, n)
	}
}

// newNotifyAction makes r's notify action on node, between the
// pseudo-action op and done (new_notify_action), nil when op cannot run
// or the node is down.
func (s *scheduler) newNotifyAction(r *Resource, node int, op, done *Action, task pcmk.Task) *Action {
	if op == nil || done == nil || !s.nodes[node].Online || !op.is(Runnable) {
		return nil
	}
	name := s.notifyNames[int32(op.ID)]
	kind := notifyPre
	if name.kind == notifyPost || name.kind == notifyConfirmedPost {
		kind = notifyPost
	}
	a := s.customAction(r, notifyKey(r.ID, kind, task), op.Task, node, op.is(Optional))
	// A notify action found again keeps the names it was made with.
	if _, ok := s.notifyNames[int32(a.ID)]; !ok {
		name.operation = task
		s.notifyNames[int32(a.ID)] = name
	}
	s.orderActions(op, a, OrderOptional)
	s.orderActions(a, done, OrderOptional)
	return a
}

// newPostNotifyAction makes r's post-notification on node and orders r's
// recurring operations after the notifications are confirmed
// (new_post_notify_action).
func (s *scheduler) newPostNotifyAction(r *Resource, node int, n *notifyData) {
	s.newNotifyAction(r, node, n.post, n.postDone, n.action)
	if n.postDone == nil {
		return
	}
	for i := len(s.of(r).actions) - 1; i >= 0; i-- {
		mon := s.of(r).actions[i]
		if mon.IntervalMs == 0 || mon.Task == pcmk.TaskCancel {
			continue
		}
		s.orderActions(n.postDone, mon, OrderOptional)
	}
}
