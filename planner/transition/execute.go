package transition

import (
	"sort"
	"strings"

	"pcl/ir"
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
	pos := make([]int32, len(t.Actions)) // graph position + 1; 0 when not in the graph
	for i, id := range t.synapses {
		pos[id] = int32(i + 1)
	}
	waiting := make([]int32, len(t.Actions)) // inputs not yet completed
	pass := make([]int32, len(t.Actions))
	var ready []int32
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
	done := make([]bool, len(t.Actions))
	// releasedBy marks, per action, the last input (id + 1) that released
	// it: an action's After list may name the same action twice.
	releasedBy := make([]int32, len(t.Actions))
	var fired []int32
	for len(ready) > 0 {
		id := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		done[id] = true
		fired = append(fired, id)
		for _, out := range t.Actions[id].After {
			then := out.Action
			if pos[then] == 0 || releasedBy[then] == id+1 || !t.inputDumped(then, id) {
				continue
			}
			releasedBy[then] = id + 1
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
	sort.Slice(fired, func(i, j int) bool {
		a, b := fired[i], fired[j]
		if pass[a] != pass[b] {
			return pass[a] < pass[b]
		}
		return pos[a] < pos[b]
	})

	e := &Execution{Fired: make([]Step, 0, len(fired))}
	known := t.knownNames()
	for _, id := range fired {
		e.Fired = append(e.Fired, t.step(t.Actions[id], known))
	}
	if len(fired) < len(t.synapses) {
		t.explainStall(e, done, pos)
	}
	return e
}

// inputDumped reports whether action then has first as a graph input: an
// action's After list also holds orderings that are not in the graph.
func (t *Transition) inputDumped(then, first int32) bool {
	for _, in := range t.Actions[then].Before {
		if in.Action == first {
			return in.Dumped
		}
	}
	return false
}

// explainStall lists the stalled actions, the ordering cycles among them
// and the inputs outside the graph they wait on.
func (t *Transition) explainStall(e *Execution, done []bool, pos []int32) {
	stalled := make([]bool, len(t.Actions))
	missing := map[int32]bool{}
	for _, id := range t.synapses {
		if done[id] {
			continue
		}
		stalled[id] = true
		e.Stalled = append(e.Stalled, t.Actions[id])
		for _, in := range t.Actions[id].Before {
			if in.Dumped && pos[in.Action] == 0 {
				missing[in.Action] = true
			}
		}
	}
	for id := range t.Actions {
		if missing[int32(id)] {
			e.Missing = append(e.Missing, t.Actions[id])
		}
	}
	e.Cycles = t.cycles(stalled)
}

// cycles finds the strongly connected parts of the graph's orderings among
// the stalled actions (Tarjan's algorithm, iteratively: a graph can be
// deep) and gives one cycle through each, starting at its lowest id.
func (t *Transition) cycles(in []bool) []Cycle {
	n := len(t.Actions)
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int32
	var next int32
	var out []Cycle
	type frame struct {
		id   int32
		edge int
	}
	for root := range t.Actions {
		if !in[root] || index[root] >= 0 {
			continue
		}
		calls := []frame{{id: int32(root)}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, int32(root))
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			before := t.Actions[f.id].Before
			if f.edge < len(before) {
				e := before[f.edge]
				f.edge++
				w := e.Action
				if !e.Dumped || !in[w] {
					continue
				}
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{id: w})
				} else if onStack[w] && index[w] < low[f.id] {
					low[f.id] = index[w]
				}
				continue
			}
			v := f.id
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				if p := calls[len(calls)-1].id; low[v] < low[p] {
					low[p] = low[v]
				}
			}
			if low[v] != index[v] {
				continue
			}
			var part []int32
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				part = append(part, w)
				if w == v {
					break
				}
			}
			if c := t.cycleThrough(part); c != nil {
				out = append(out, Cycle{Actions: c, Constraints: t.cycleConstraints(c)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Actions[0].ID < out[j].Actions[0].ID })
	return out
}

// cycleConstraints names the configured order constraints behind a
// cycle's orderings: for each action and the next, those that order the
// first's resource (or a resource it belongs to) before the second's,
// directly, in reverse for a symmetrical constraint's stops, or through a
// set.
func (t *Transition) cycleConstraints(cycle []*Action) []string {
	var out []string
	seen := map[string]bool{}
	for i, first := range cycle {
		then := cycle[(i+1)%len(cycle)]
		if first.Rsc == nil || then.Rsc == nil {
			continue
		}
		for _, o := range t.orders {
			if !seen[o.ID] && orders(o, first.Rsc, then.Rsc) {
				seen[o.ID] = true
				out = append(out, o.ID)
			}
		}
	}
	return out
}

// orders reports whether order constraint o puts resource first (or one
// of its parents) before then, in either direction of the constraint: a
// symmetrical constraint also orders the stops the other way round.
func orders(o *ir.Order, first, then *Resource) bool {
	in := func(r *Resource, id string) bool {
		for ; r != nil; r = r.Parent {
			if r.ID == id {
				return true
			}
		}
		return false
	}
	if len(o.Sets) == 0 {
		return (in(first, o.First) && in(then, o.Then)) || (in(first, o.Then) && in(then, o.First))
	}
	pos := func(r *Resource) (set, member int) {
		for i, s := range o.Sets {
			for j, id := range s.Resources {
				if in(r, id) {
					return i, j
				}
			}
		}
		return -1, -1
	}
	fs, fm := pos(first)
	ts, tm := pos(then)
	return fs >= 0 && ts >= 0 && (fs != ts || fm != tm)
}

// cycleThrough gives a shortest cycle through the lowest action of a
// strongly connected part, in execution order (each action ordered before
// the next), nil when the part is one action not ordered after itself.
func (t *Transition) cycleThrough(part []int32) []*Action {
	member := map[int32]bool{}
	start := part[0]
	for _, id := range part {
		member[id] = true
		if id < start {
			start = id
		}
	}
	// Breadth-first along "ordered before" edges (Before) from start back
	// to start: the path found runs against execution order.
	prev := map[int32]int32{}
	queue := []int32{start}
	found := false
	for len(queue) > 0 && !found {
		v := queue[0]
		queue = queue[1:]
		for _, e := range t.Actions[v].Before {
			w := e.Action
			if !e.Dumped || !member[w] {
				continue
			}
			if w == start {
				prev[start] = v
				found = true
				break
			}
			if _, seen := prev[w]; !seen {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	if !found {
		return nil
	}
	// prev[w] = v means w is ordered before v: following prev from start
	// walks the cycle in execution order.
	cycle := []*Action{t.Actions[start]}
	for v := prev[start]; v != start; v = prev[v] {
		cycle = append(cycle, t.Actions[v])
	}
	return cycle
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
