package transition

import (
	"iter"
	"slices"
	"strings"
	"sync"

	"pcl/pcmk"
)

// Execution is what Pacemaker's transition engine does with the graph when
// every action succeeds, as crm_simulate -S runs it (pcmk__execute_graph
// with the simulated executor): the actions it starts, in order, and those
// it never starts because they wait on an action that never completes.
type Execution struct {
	// Fired are the graph's actions in the order the engine starts them.
	Fired []Step
	// Stalled are the graph's actions that never start, in synapse
	// order: each waits, directly or through others, on an ordering cycle
	// or on an input that is not in the graph. The engine then stops with
	// "Transition failed: terminated".
	Stalled []*Action
	// Cycles are the ordering cycles among the stalled actions.
	Cycles []Cycle
	// Missing are the inputs the stalled actions wait on that are not in
	// the graph (an ordering on an action that will never be scheduled).
	Missing []*Action

	// byRsc indexes Fired by resource id (FiredFor), built on first use:
	// a report asks for every resource, and a scan of Fired each time
	// made JSON plans quadratic.
	byRsc     map[string][]int32
	byRscOnce sync.Once
}

// FiredFor lists the actions of Fired on the resource with the given id,
// in the order they ran.
func (e *Execution) FiredFor(id string) iter.Seq[*Action] {
	e.byRscOnce.Do(func() {
		e.byRsc = map[string][]int32{}
		for i, s := range e.Fired {
			if s.Action.Rsc != nil {
				e.byRsc[s.Action.Rsc.ID] = append(e.byRsc[s.Action.Rsc.ID], int32(i))
			}
		}
	})
	return func(yield func(*Action) bool) {
		for _, i := range e.byRsc[id] {
			if !yield(e.Fired[i].Action) {
				return
			}
		}
	}
}

// Cycle is one ordering cycle: each action is ordered before the next, and
// the last before the first.
type Cycle struct {
	Actions []*Action
	// Constraints are the ids of the configured order constraints that
	// order a pair of consecutive actions of the cycle, in cycle order
	// and without repeats; the other pairs are ordered by Pacemaker itself
	// (a group's members, a clone and its instances, a resource's own
	// actions).
	Constraints []string
}

// Complete reports whether every action of the graph runs.
func (e *Execution) Complete() bool { return len(e.Stalled) == 0 }

// Step is one action the engine runs, with what crm_simulate prints and
// records of it.
type Step struct {
	Action *Action
	// Resource is the name crm_simulate prints the action under and looks
	// the resource's history up by; HistoryName the name a new history
	// entry gets and its operations' ids are made from ("" for actions
	// without a resource).
	Resource, HistoryName string
	// ExpectedRC is the result the action is expected to return
	// (CRM_meta_op_target_rc): the simulated executor returns it.
	ExpectedRC pcmk.OCFRC
	// NotifyType and NotifyTask are a notify action's notify_type (pre,
	// post) and notify_operation.
	NotifyType string
	NotifyTask pcmk.Task
}

// Kind says which of the engine's handlers runs the action.
func (st Step) Kind() StepKind { return stepKind(st.Action) }

// Recorded reports whether the simulated executor writes the action's
// result into the resource history: every resource action but probe_again
// (which it does not even show), delete and meta-data.
func (st Step) Recorded() bool {
	if st.Kind() != StepResource {
		return false
	}
	switch st.Action.Task {
	case pcmk.TaskProbeAgain, pcmk.TaskDelete, pcmk.TaskMetaData:
		return false
	}
	return true
}

// StepKind is how the transition engine runs an action.
type StepKind int

const (
	StepPseudo   StepKind = iota // completes at once
	StepResource                 // an executor operation, recorded in the history
	StepCluster                  // a controller operation (do_shutdown, clear_failcount, lrm_delete)
	StepFencing                  // a fencing operation
)

func stepKind(a *Action) StepKind {
	switch {
	case a.is(Pseudo):
		return StepPseudo
	case a.Task == pcmk.TaskStonith:
		return StepFencing
	case a.Task == pcmk.TaskShutdown, a.Task == pcmk.TaskClearFailcount, a.Task == pcmk.TaskLRMDelete:
		return StepCluster
	}
	return StepResource
}

// Execute runs the graph as the transition engine does when every action
// succeeds at once. The engine walks the synapses in graph order, pass after
// pass, starting each whose inputs have all completed; a simulated action
// completes as it starts, so a synapse later in the same pass may start on
// it. It stops when a pass starts nothing.
//
// That walk is computed here without repeating it: an action starts in the
// pass after the latest of its inputs' passes, or in the same pass when
// that input comes earlier in the graph, so passes follow from a
// topological sort and the order is by pass, then graph position.
func (t *Transition) Execute() *Execution {
	r := t.walk()
	// The order is by pass, then graph position (unique to each action):
	// sorted as one number each, the action found again by its position.
	order := make([]uint64, len(r.fired))
	for i, id := range r.fired {
		order[i] = uint64(r.pass[id])<<32 | uint64(r.pos[id])
	}
	slices.Sort(order)
	e := &Execution{Fired: make([]Step, 0, len(r.fired))}
	known := t.knownNames()
	for _, k := range order {
		e.Fired = append(e.Fired, t.step(t.Actions[t.synapses[uint32(k)-1]], known))
	}
	t.explainStalls(e, r)
	return e
}

// Stalls is Execute for a report of where the transition stalls alone:
// the same Stalled, Cycles and Missing, and no Fired (nil), which on a
// large cluster is a million steps made for nothing.
func (t *Transition) Stalls() *Execution {
	e := &Execution{}
	t.explainStalls(e, t.walk())
	return e
}

// explainStalls records in e what of r never started, and why.
func (t *Transition) explainStalls(e *Execution, r engineRun) {
	if len(r.fired) < len(t.synapses) {
		t.explainStall(e, r.done, r.pos)
	}
}

// engineRun is the engine's walk of the graph (see Execute): the actions
// started, in no particular order, each one's pass and graph position + 1
// (0 when not in the graph), by id, and which were started.
type engineRun struct {
	fired     []int32
	pass, pos []int32
	done      []bool
}

// walk runs the engine over the graph, in passes (see Execute).
func (t *Transition) walk() engineRun {
	pos := make([]int32, len(t.Actions)) // graph position + 1; 0 when not in the graph
	for i, id := range t.synapses {
		pos[id] = int32(i + 1)
	}
	waiting := make([]int32, len(t.Actions)) // inputs not yet completed
	pass := make([]int32, len(t.Actions))
	// Each graph action is ready, then fired, once: made at that size,
	// neither list is copied as it grows.
	ready := make([]int32, 0, len(t.synapses))
	for _, id := range t.synapses {
		a := t.Actions[id]
		for _, in := range a.Before {
			if in.Dumped {
				waiting[id]++
			}
		}
		pass[id] = 1
		if waiting[id] == 0 {
			ready = append(ready, id)
		}
	}
	releases, from := t.releases()
	done := make([]bool, len(t.Actions))
	fired := make([]int32, 0, len(t.synapses))
	for len(ready) > 0 {
		id := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		done[id] = true
		fired = append(fired, id)
		for _, then := range releases[from[id]:from[id+1]] {
			p := pass[id]
			if pos[id] > pos[then] {
				p++
			}
			if p > pass[then] {
				pass[then] = p
			}
			waiting[then]--
			if waiting[then] == 0 {
				ready = append(ready, then)
			}
		}
	}
	return engineRun{fired: fired, pass: pass, pos: pos, done: done}
}

// releases lists, for each action, the graph actions whose input it is
// (releases[from[id]:from[id+1]]): each once, when then's first ordering
// after id is a graph input. Built once from the inputs,
// it spares reading a graph action's inputs again for each action
// ordered before it, which for a start preceded by a probe on each of
// a hundred nodes is quadratic.
func (t *Transition) releases() (releases, from []int32) {
	from = make([]int32, len(t.Actions)+1)
	seen := make([]int32, len(t.Actions)) // then + 1 once then's first ordering after an action is read
	// Counted first, then placed, each action's list in graph order.
	each := func(visit func(first, then int32)) {
		clear(seen)
		for _, then := range t.synapses {
			for _, in := range t.Actions[then].Before {
				if seen[in.Action] == then+1 {
					continue
				}
				seen[in.Action] = then + 1
				if in.Dumped {
					visit(in.Action, then)
				}
			}
		}
	}
	each(func(first, _ int32) { from[first+1]++ })
	for i := 1; i < len(from); i++ {
		from[i] += from[i-1]
	}
	releases = make([]int32, from[len(from)-1])
	next := slices.Clone(from[:len(from)-1])
	each(func(first, then int32) {
		releases[next[first]] = then
		next[first]++
	})
	return releases, from
}

// step describes a fired action as crm_simulate prints and records it.
func (t *Transition) step(a *Action, known map[string]bool) Step {
	st := Step{Action: a}
	if a.Rsc != nil {
		st.Resource, st.HistoryName = historyNames(a.Rsc, known)
	}
	if a.Rsc == nil || stepKind(a) != StepResource {
		return st
	}
	st.ExpectedRC = t.expectedRC(a)
	if a.Task == pcmk.TaskNotify {
		n := t.notifyNames[int32(a.ID)]
		st.NotifyType, st.NotifyTask = n.kind, n.operation
	}
	return st
}

// historyNames are the names the graph gives an action's resource (its
// id, and for an anonymous clone instance its configured id with the
// instance number as the "long" id) and the one crm_simulate picks: the
// configured id when some resource is known by it, the long id otherwise.
func historyNames(r *Resource, known map[string]bool) (printed, history string) {
	id, long := r.ID, ""
	switch {
	case r.Orphan && r.CloneName != "":
		id, long = r.CloneName, r.ID
	case !r.Unique:
		base := r.ID
		if r.Prim != nil {
			base = r.Prim.ID
		} else if i := strings.LastIndexByte(base, ':'); i > 0 {
			base = base[:i]
		}
		id, long = base, r.ID
		if r.CloneName != "" && r.CloneName != base {
			long = r.CloneName
		}
	}
	if long == "" || known[id] {
		return id, id
	}
	return long, id
}

// knownNames are the names pe_find_resource finds a resource by: the
// ids, and the names the status knows instances by.
func (t *Transition) knownNames() map[string]bool {
	known := make(map[string]bool, len(t.resources))
	for _, r := range t.resources {
		known[r.ID] = true
		if r.CloneName != "" {
			known[r.CloneName] = true
		}
	}
	return known
}

// expectedRC is the result the scheduler expects of a resource action: a
// probe expects "not running" where the resource is not active and
// "promoted" where it is active as Promoted; a recurring monitor expects
// what its role's monitor returns; everything else success.
func (t *Transition) expectedRC(a *Action) pcmk.OCFRC {
	if a.Task != pcmk.TaskMonitor {
		return pcmk.RCOK
	}
	r := a.Rsc
	if a.IntervalMs == 0 {
		for _, n := range r.RunningOn {
			if n == a.Node {
				if r.Role == RolePromoted {
					return pcmk.RCRunningPromoted
				}
				return pcmk.RCOK
			}
		}
		return pcmk.RCNotRunning
	}
	for _, op := range r.Ops {
		if op.Name == pcmk.TaskMonitor && op.IntervalMs == a.IntervalMs {
			switch op.Role {
			case RolePromoted:
				return pcmk.RCRunningPromoted
			case RoleStopped:
				return pcmk.RCNotRunning
			}
			return pcmk.RCOK
		}
	}
	return pcmk.RCOK
}
