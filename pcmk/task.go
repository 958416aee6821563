package pcmk

// Task is an action's task as Pacemaker names it in operation keys, the
// history's operation attribute and the transition graph: the operations
// the executor runs on a resource, the cluster-level actions (fencing,
// shutdown, history clean-up) and the pseudo-actions that mark a step as
// complete.
type Task string

// Resource operations, run by the executor through the resource's agent.
const (
	// TaskStart starts a resource.
	TaskStart Task = "start"
	// TaskStop stops a resource.
	TaskStop Task = "stop"
	// TaskMonitor checks a resource: once with interval 0 (a probe) or
	// repeatedly (a recurring monitor).
	TaskMonitor Task = "monitor"
	// TaskPromote promotes an instance of a promotable clone.
	TaskPromote Task = "promote"
	// TaskDemote demotes a promoted instance.
	TaskDemote Task = "demote"
	// TaskNotify tells clone instances about each other's actions.
	TaskNotify Task = "notify"
	// TaskMigrateTo is the first half of a live migration, run on the
	// node the resource leaves.
	TaskMigrateTo Task = "migrate_to"
	// TaskMigrateFrom is the second half of a live migration, run on the
	// node the resource arrives at.
	TaskMigrateFrom Task = "migrate_from"
	// TaskReload is the deprecated reload of an agent's reloadable
	// parameters; a successful one is recorded as a start.
	TaskReload Task = "reload"
	// TaskReloadAgent reloads a resource whose reloadable parameters
	// changed, instead of restarting it (OCF 1.1 reload-agent).
	TaskReloadAgent Task = "reload-agent"
	// TaskMetaData asks an agent for its description; it is never part
	// of a resource's history that matters for scheduling.
	TaskMetaData Task = "meta-data"
	// TaskCancel cancels a recurring operation.
	TaskCancel Task = "cancel"
	// TaskAsyncMonitor is the name some old histories record a monitor
	// under; Pacemaker reads it as a monitor when it unpacks a history.
	TaskAsyncMonitor Task = "asyncmon"
	// TaskDelete removes a resource's history from a node (crm_resource
	// --cleanup).
	TaskDelete Task = "delete"
)

// Cluster actions, run by the controller rather than by an agent.
const (
	// TaskStonith fences a node.
	TaskStonith Task = "stonith"
	// TaskShutdown stops the cluster software on a node once its
	// resources are gone (CRM_OP_SHUTDOWN).
	TaskShutdown Task = "do_shutdown"
	// TaskClearFailcount clears a resource's fail count on a node
	// (CRM_OP_CLEAR_FAILCOUNT).
	TaskClearFailcount Task = "clear_failcount"
	// TaskLRMDelete deletes a resource's history from the executor
	// (CRM_OP_LRM_DELETE).
	TaskLRMDelete Task = "lrm_delete"
	// TaskProbeAgain has the controller probe every resource on a node
	// again, the node's history being forgotten (CRM_OP_REPROBE); the
	// scheduler asks for it, keyed "probe_again-<node>", for a node whose
	// probe_complete attribute is false.
	TaskProbeAgain Task = "probe_again"
)

// Pseudo-actions: points in the transition graph that stand for a step of
// a collective resource (a group, clone or bundle) being complete, or for
// a node being ready. They run nothing.
const (
	// TaskRunning follows the starts of a collective resource's members.
	TaskRunning Task = "running"
	// TaskStopped follows the stops of a collective resource's members.
	TaskStopped Task = "stopped"
	// TaskPromoted follows the promotions of a clone's instances.
	TaskPromoted Task = "promoted"
	// TaskDemoted follows the demotions of a clone's instances.
	TaskDemoted Task = "demoted"
	// TaskNotified follows the notifications of a clone's instances.
	TaskNotified Task = "notified"
	// TaskLoadStopped is the per-node pseudo-action, keyed
	// "load_stopped_<node>", that lets starts wait for the stops freeing
	// the node's utilization.
	TaskLoadStopped Task = "load_stopped"
	// TaskMaintenanceNodes is the pseudo-action that tells the remote
	// and guest nodes whose maintenance changed their new state.
	TaskMaintenanceNodes Task = "maintenance_nodes"
)

// String gives the task as Pacemaker spells it.
func (t Task) String() string { return string(t) }

// completions pairs the tasks a collective resource's members do with the
// pseudo-action that follows them all.
var completions = map[Task]Task{
	TaskStart:   TaskRunning,
	TaskStop:    TaskStopped,
	TaskPromote: TaskPromoted,
	TaskDemote:  TaskDemoted,
}

// Completion is the pseudo-action that follows the members of a
// collective resource doing t (start → running, stop → stopped, promote →
// promoted, demote → demoted), "" for a task that has none.
func (t Task) Completion() Task { return completions[t] }

// Completes is the task whose completion t is (running → start, ...), t
// itself when t is no completion.
//
// A switch rather than a walk of completions: the transition asks for
// every member of every collective action whose flags it sums up, and
// iterating a map is slow.
func (t Task) Completes() Task {
	switch t {
	case TaskRunning:
		return TaskStart
	case TaskStopped:
		return TaskStop
	case TaskPromoted:
		return TaskPromote
	case TaskDemoted:
		return TaskDemote
	}
	return t
}
