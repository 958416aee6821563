package transition

import (
	"strconv"
	"strings"

	"pcl/pcmk"
)

// ActionFlags are an action's state bits (Pacemaker's pe_action_flags).
type ActionFlags uint32

const (
	Pseudo ActionFlags = 1 << iota
	Runnable
	Optional
	PrintAlways
	Dumped // in the transition graph
	RequiresAny
	MigrateRunnable
	OnDC
	Tracking
	Dedup
	Reschedule
	// Dangle marks the stop that ends a dangling migration on its
	// source (pe_action_dangle).
	Dangle
)

// OrderFlags are an ordering's kind bits (Pacemaker's pe_ordering).
type OrderFlags uint32

const (
	OrderNone     OrderFlags = 0
	OrderOptional OrderFlags = 1 << iota
	OrderImpliesFirst
	OrderImpliesThen
	OrderPromotedImpliesFirst
	OrderImpliesFirstMigratable
	OrderRunnableLeft
	OrderPseudoLeft
	OrderImpliesThenOnNode
	OrderProbe
	OrderRestart
	OrderStonithStop
	OrderSerializeOnly
	OrderSameNode
	OrderImpliesFirstPrinted
	OrderImpliesThenPrinted
	OrderAsymmetrical
	OrderLoad
	OrderOneOrMore
	OrderAntiColocation
	OrderPreserve
	OrderThenCancelsFirst
	OrderApplyFirstNonMigratable
)

// Action is one scheduled (or considered) action. Its index in
// Transition.Actions is its id.
//
// A large cluster has hundreds of thousands of actions (most of them
// probes): the fields are ordered so that the small ones share words.
type Action struct {
	ID   int
	Rsc  *Resource // nil for node and pseudo actions without a resource
	Task pcmk.Task // start, stop, monitor, cancel, running, stopped, stonith, do_shutdown, ...
	// Key is the operation key ("web_start_0"), or the pseudo-action name.
	Key        string
	Node       int // NoNode when none
	IntervalMs int64
	CancelTask pcmk.Task // the cancelled operation's task, for cancel
	Reason     string
	// FenceOp is reboot, off or on for stonith actions.
	FenceOp pcmk.FenceAction

	Before []Edge // inputs: actions ordered before this one
	After  []Edge // actions ordered after this one

	// sched is told when the action's flags change (see
	// scheduler.actionFlags).
	sched *scheduler

	Flags ActionFlags
	// memo is 1 + the index of the action's kept flags in the
	// scheduler's flagMemo, 0 for none yet.
	memo int32

	RequiredRunnableBefore int32
	runnableBefore         int32

	// indexed tells that the orderings after the action are in the
	// scheduler's afterIndex (see orderActions).
	indexed bool
}

// Edge is one side of an ordering. It holds no pointer (a large cluster
// has millions of edges, which the garbage collector then need not scan):
// the other end is named by its id.
type Edge struct {
	Action int32 // the other end's id, its index in Transition.Actions
	Type   OrderFlags
	// Dumped is set when the ordering is an input of the graph.
	Dumped bool
	// noGroup tells that neither end is an action of a group (see
	// updateForOrderings).
	noGroup bool
}

func (a *Action) is(f ActionFlags) bool { return a.Flags&f != 0 }
func (a *Action) set(f ActionFlags)     { a.setFlags(a.Flags | f) }
func (a *Action) clear(f ActionFlags)   { a.setFlags(a.Flags &^ f) }

func (a *Action) setFlags(f ActionFlags) {
	if f != a.Flags && a.sched != nil {
		a.sched.touch(a.Rsc, a.Task)
	}
	a.Flags = f
}

// Is reports whether the action has all of the flags.
func (a *Action) Is(f ActionFlags) bool { return a.Flags&f == f }

// Resource is the id of the action's resource, "" when none.
func (a *Action) Resource() string {
	if a.Rsc == nil {
		return ""
	}
	return a.Rsc.ID
}

// opKey builds Pacemaker's operation key: rsc_task_interval.
func opKey(rsc string, task pcmk.Task, intervalMs int64) string {
	return rsc + "_" + string(task) + "_" + strconv.FormatInt(intervalMs, 10)
}

// stopKeySuffix ends the operation key of every resource's stop,
// opKey(id, pcmk.TaskStop, 0).
const stopKeySuffix = "_" + string(pcmk.TaskStop) + "_0"

// parseOpKey splits an operation key into resource, task and interval.
func parseOpKey(key string) (rsc string, task pcmk.Task, intervalMs int64, ok bool) {
	i := strings.LastIndexByte(key, '_')
	if i <= 0 {
		return "", "", 0, false
	}
	n, err := strconv.ParseInt(key[i+1:], 10, 64)
	if err != nil {
		return "", "", 0, false
	}
	rest := key[:i]
	// The task is the last word; tasks with underscores come first.
	for _, t := range []pcmk.Task{pcmk.TaskMigrateTo, pcmk.TaskMigrateFrom, pcmk.TaskReloadAgent} {
		if len(rest) > len(t) && strings.HasSuffix(rest, string(t)) && rest[len(rest)-len(t)-1] == '_' {
			return rest[:len(rest)-len(t)-1], t, n, true
		}
	}
	j := strings.LastIndexByte(rest, '_')
	if j <= 0 {
		return "", "", 0, false
	}
	return rest[:j], pcmk.Task(rest[j+1:]), n, true
}

// reasonFor is pe__action2reason: since 2.1.7 a cleared migratable flag
// reads "unmigrateable", before it "unrunnable".
func (a *Action) reasonFor(flag ActionFlags, t pcmk.Target) string {
	change := "required"
	switch {
	case flag == MigrateRunnable && t.Since(pcmk.V2_1_7):
		change = "unmigrateable"
	case flag == Runnable || flag == MigrateRunnable:
		change = "unrunnable"
	}
	if a.Rsc == nil {
		return change + " " + string(a.Task)
	}
	return change + " " + a.Rsc.ID + " " + string(a.Task)
}

// setReason records why the action is needed, as pe_action_set_reason:
// an existing reason is kept unless overwrite.
func (a *Action) setReason(reason string, overwrite bool) {
	if a.Reason == "" || overwrite {
		a.Reason = reason
	}
}

// clearBecause clears flag on a, recording reason's action as why, when
// they belong to different resources.
// A cleared migratable flag overwrote an earlier reason before 2.1.7
// (clear_action_flag_because).
func (s *scheduler) clearBecause(a *Action, flag ActionFlags, reason *Action) {
	if !a.is(flag) {
		return
	}
	a.clear(flag)
	if a.Rsc != reason.Rsc {
		t := s.in.Target
		a.setReason(reason.reasonFor(flag, t), flag == MigrateRunnable && !t.Since(pcmk.V2_1_7))
	}
}
