package transition

import (
	"strconv"

	"pcl/pcmk"
)

// NodeName is the uname of node i, "" for NoNode.
func (t *Transition) NodeName(i int) string {
	if i < 0 || i >= len(t.Nodes) {
		return ""
	}
	return t.Nodes[i].Uname
}

// ActionName names an action as crm_simulate's dot output does:
// "web_start_0 node1", "Cancel web_monitor_10000 node1",
// "stonith 'reboot' node2", "grp_running_0".
func (t *Transition) ActionName(a *Action) string {
	host := t.NodeName(a.Node)
	if a.Node == NoNode && !a.is(Pseudo) {
		host = "<none>"
	}
	prefix := ""
	if a.Task == pcmk.TaskCancel {
		prefix = "Cancel "
	}
	if a.Rsc != nil && a.Rsc.CloneName != "" {
		// An instance known by another name is shown by that name, and a
		// notification by the action its key names
		// (notify_key_operation), not the one it is about.
		key := t.GraphKey(a)
		if a.Task == pcmk.TaskNotify || a.Task == pcmk.TaskNotified {
			n := t.notifyNames[int32(a.ID)]
			key = notifyKey(a.Rsc.CloneName, n.kind, n.task)
		}
		if host != "" {
			return prefix + key + " " + host
		}
		return prefix + key
	}
	switch {
	case a.Task == pcmk.TaskStonith:
		return prefix + string(a.Task) + " '" + string(a.FenceOp) + "' " + host
	case a.Rsc != nil && host != "":
		return prefix + a.Key + " " + host
	case host != "":
		return prefix + string(a.Task) + " " + host
	}
	return a.Key
}

// GraphKey is the action's operation key as the graph gives it
// (clone_op_key): its key, but for an instance known by another name
// (CloneName) the key made from that name: for a cancellation the
// cancelled operation's, for a notification the one of the clone action
// it is about (notify_operation).
func (t *Transition) GraphKey(a *Action) string {
	if a.Rsc == nil || a.Rsc.CloneName == "" {
		return a.Key
	}
	task := a.Task
	if a.Task == pcmk.TaskCancel {
		task = a.CancelTask
	}
	if a.Task == pcmk.TaskNotify {
		n := t.notifyNames[int32(a.ID)]
		return notifyKey(a.Rsc.CloneName, n.kind, n.operation)
	}
	return opKey(a.Rsc.CloneName, task, a.IntervalMs)
}

// Managed reports whether the action's resource is managed (true for
// actions without a resource).
func (a *Action) Managed() bool { return a.Rsc == nil || a.Rsc.Managed }

// Interval gives the action's interval in milliseconds as text.
func (a *Action) Interval() string { return strconv.FormatInt(a.IntervalMs, 10) }

// Listed returns the actions crm_simulate draws: those in the graph and
// the required ones that cannot run, in id order.
func (t *Transition) Listed() []*Action {
	var out []*Action
	for _, a := range t.Actions {
		switch {
		case a.is(Dumped):
		case !a.Managed(), a.is(Optional):
			continue
		}
		out = append(out, a)
	}
	return out
}
