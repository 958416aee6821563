package transition

import (
	"pcl/pcmk"
	"pcl/planner/model"
)

// variant is what one kind of resource does in the transition: Pacemaker
// gives each variant its own methods (create_actions,
// internal_constraints, action_flags, location, ...), and so does the
// transition. Each kind implements it in a file of its own (primitive.go,
// group.go) and registers it in variants; the passes call through the
// table and never test a resource's kind.
type variant interface {
	// collective reports whether the resource is made of members whose
	// actions its own pseudo-actions stand for.
	collective() bool
	// createActions makes r's actions for its current and next state.
	createActions(s *scheduler, r *Resource)
	// internalConstraints orders r's own actions among themselves.
	internalConstraints(s *scheduler, r *Resource)
	// actionFlags is r's view of the flags of its action a on node.
	actionFlags(s *scheduler, a *Action, node int) ActionFlags
	// location is the node r runs or will run on, NoNode for none.
	location(s *scheduler, r *Resource) int
	// currentRole is r's role now.
	currentRole(s *scheduler, r *Resource) Role
	// instances reports whether r's children are instances of one
	// resource (a clone's), not members that each do their part (a
	// group's).
	instances() bool
	// orderingNode is the node an ordering sees r's action a on.
	orderingNode(s *scheduler, a *Action) int
	// flagsForOrdering is r's view of the flags of its action a in an
	// ordering whose other action is on node.
	flagsForOrdering(s *scheduler, a *Action, node int) ActionFlags
	// updateOrdered applies an ordering between first and then to their
	// flags, through r's method (r is then's resource, or first's for
	// orderings that imply the first action).
	updateOrdered(s *scheduler, r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated
	// createProbe probes r, which belongs to the top-level resource top,
	// on node where its state is not known, and reports whether it did.
	createProbe(s *scheduler, r, top *Resource, node int) bool
	// addToGraph readies r's actions for the graph: the flags its
	// members give them and the notifications they need.
	addToGraph(s *scheduler, r *Resource)
	// blocksDependents reports whether r, a top-level resource none of
	// whose members or instances can start (or be promoted), makes the
	// resources colocated with it at INFINITY unable to as well
	// (pcmk__block_colocation_dependents finds the colocations with it).
	blocksDependents() bool
}

// variantTable holds each kind's transition behaviour for one release.
// Kinds the transition does not schedule have none: they never reach it.
type variantTable [model.NumKinds]variant

// variantsFor builds the table for the release t plans for: where
// Pacemaker rewrote a kind's actions, the release chooses the kind's
// implementation here.
func variantsFor(t pcmk.Target) *variantTable {
	return &variantTable{
		model.KindPrimitive: primitive{},
		model.KindGroup:     group{stopBeforeInactivePrevious: t.Since(pcmk.V2_1_6), keepsColocations: t.Since(pcmk.V2_1_6)},
		model.KindClone:     clone{orderEveryLater: t.Since(pcmk.V2_1_7)},
		model.KindBundle:    bundle{},
	}
}

func (s *scheduler) variantOf(r *Resource) variant { return s.variants[r.Kind] }

func (s *scheduler) createActions(r *Resource) { s.variantOf(r).createActions(s, r) }

// internalConstraints adds each resource's own orderings.
func (s *scheduler) internalConstraints(r *Resource) { s.variantOf(r).internalConstraints(s, r) }

// actionFlags is the resource's view of an action's flags.
//
// A clone's or group's view is its members' views summed up, and applying
// orderings asks for it again and again (for every ordering of every
// instance, until nothing changes): each answer is kept until the flags of
// the members' actions it sums up change or one is created for them, or
// the action's own flags change, which is all it depends on. The members'
// actions are those of one task class (see taskClassOf): a change of an
// instance's stop leaves the kept views of the clone's start and running
// as they are. Answers are kept for every node asked about, not only the
// last: a clone's pseudo-action is ordered with an action of each of its
// instances, each on its own node, and keeping one node's answer made
// every one of those orderings sum up all the instances again
// (instances² per clone).
func (s *scheduler) actionFlags(a *Action, node int) ActionFlags {
	if a.Rsc == nil {
		return a.Flags
	}
	v := s.variantOf(a.Rsc)
	var class taskClass
	switch v.(type) {
	case clone:
		// A notification sums up the instances' actions it notifies
		// about (cloneChildTask).
		task := a.Task
		if task == pcmk.TaskNotify || task == pcmk.TaskNotified {
			task = notifiedTask(a.Key)
		}
		class = taskClassOf(task)
	case group:
		class = taskClassOf(a.Task)
	default:
		return v.actionFlags(s, a, node)
	}
	if a.memo == 0 {
		s.flagMemo = append(s.flagMemo, flagMemo{})
		a.memo = int32(len(s.flagMemo))
	}
	rec := s.of(a.Rsc)
	_, isClone := v.(clone)
	if m := &s.flagMemo[a.memo-1]; m.valid && m.epoch == rec.epochs[class] && m.own == a.Flags {
		if flags, ok := m.lookup(node); ok {
			if isClone && node != NoNode {
				s.giveCloneFlags(a, class, flags)
			}
			return flags
		}
	}
	if isClone && node != NoNode {
		return s.cloneFlagsOn(a, node, class)
	}
	flags := v.actionFlags(s, a, node)
	// The slice may have grown while the members' views were computed,
	// and the epoch moved on, or the action's own flags changed, if the
	// computation changed a flag: the answers kept before it are then out
	// of date.
	m := &s.flagMemo[a.memo-1]
	if epoch := rec.epochs[class]; !m.valid || m.epoch != epoch || m.own != a.Flags {
		m.valid, m.epoch, m.own, m.anywhereValid = true, epoch, a.Flags, false
		clear(m.at)
	}
	m.store(node, flags)
	return flags
}

// cloneFlagsOn is actionFlags for a clone's action a on node, not kept:
// the view on every node is computed at once when the instances are
// primitives (allNodeFlags), and each answer, when first given, has
// summaryFlags' side effect on a (a required instance's action makes a
// required).
func (s *scheduler) cloneFlagsOn(a *Action, node int, class taskClass) ActionFlags {
	rec := s.of(a.Rsc)
	m := &s.flagMemo[a.memo-1]
	if !m.valid || m.epoch != rec.epochs[class] || m.own != a.Flags {
		m.valid, m.epoch, m.own, m.anywhereValid = true, rec.epochs[class], a.Flags, false
		clear(m.at)
	}
	if !s.allNodeFlags(a, node, m) {
		flags := s.variantOf(a.Rsc).actionFlags(s, a, node)
		m = &s.flagMemo[a.memo-1]
		if epoch := rec.epochs[class]; !m.valid || m.epoch != epoch || m.own != a.Flags {
			m.valid, m.epoch, m.own, m.anywhereValid = true, epoch, a.Flags, false
			clear(m.at)
		}
		m.store(node, flags)
		return flags
	}
	flags, _ := m.lookup(node)
	s.giveCloneFlags(a, class, flags)
	return flags
}

// giveCloneFlags has the side effect summaryFlags has on a clone's action
// a when it computes flags, its view on a node: a is required if the view
// is. A view allNodeFlags kept is given without summaryFlags having run for
// its node (for a view summaryFlags computed, a is already required).
func (s *scheduler) giveCloneFlags(a *Action, class taskClass, flags ActionFlags) {
	if flags&Optional != 0 || !a.is(Optional) {
		return
	}
	a.clear(Optional)
	// The views kept do not depend on a's own flags: they stay right as
	// a changes here.
	m := &s.flagMemo[a.memo-1]
	m.epoch, m.own = s.of(a.Rsc).epochs[class], a.Flags
}

// touch records that the flags of r's action with task changed or such
// an action was made for r: r's and its ancestors' kept views of the
// task's class are out of date.
func (s *scheduler) touch(r *Resource, task pcmk.Task) {
	if r == nil {
		return
	}
	class := taskClassOf(task)
	for ; r != nil; r = r.Parent {
		s.of(r).epochs[class]++
	}
}

// taskClass groups the tasks whose actions a collective action's view
// sums up: an action's, the one it completes (running is start's), under
// case folding, as its members' actions are looked up.
type taskClass uint8

const (
	classStart taskClass = iota
	classStop
	classPromote
	classDemote
	classOther
	numTaskClasses
)

// taskClassOf is task's class.
func taskClassOf(task pcmk.Task) taskClass {
	switch pcmk.Task(foldKey(string(task))) {
	case pcmk.TaskStart, pcmk.TaskRunning:
		return classStart
	case pcmk.TaskStop, pcmk.TaskStopped:
		return classStop
	case pcmk.TaskPromote, pcmk.TaskPromoted:
		return classPromote
	case pcmk.TaskDemote, pcmk.TaskDemoted:
		return classDemote
	}
	return classOther
}

// flagMemo keeps a collective action's views computed at its resource's
// epoch of their task class, with the action's own flags as they were:
// without a node, and on each node asked about.
type flagMemo struct {
	epoch         uint64
	own           ActionFlags
	valid         bool
	anywhereValid bool
	anywhere      ActionFlags
	// at holds the view on each node, by node, with flagKept; 0 for
	// none.
	at []ActionFlags
}

// flagKept marks a view kept in flagMemo.at (no action flag uses the
// bit).
const flagKept ActionFlags = 1 << 31

func (m *flagMemo) lookup(node int) (ActionFlags, bool) {
	if node == NoNode {
		return m.anywhere, m.anywhereValid
	}
	if node < len(m.at) && m.at[node]&flagKept != 0 {
		return m.at[node] &^ flagKept, true
	}
	return 0, false
}

func (m *flagMemo) store(node int, flags ActionFlags) {
	if node == NoNode {
		m.anywhere, m.anywhereValid = flags, true
		return
	}
	for len(m.at) <= node {
		m.at = append(m.at, 0)
	}
	m.at[node] = flags | flagKept
}

// location is where r runs or will run.
func (s *scheduler) location(r *Resource) int { return s.variantOf(r).location(s, r) }

// currentRole is the resource's role now.
func (s *scheduler) currentRole(r *Resource) Role { return s.variantOf(r).currentRole(s, r) }

// collective reports whether r's actions stand for its members'.
func (s *scheduler) collective(r *Resource) bool { return s.variantOf(r).collective() }

// hasInstances reports whether r's children are instances (r is a clone).
func (s *scheduler) hasInstances(r *Resource) bool { return r != nil && s.variantOf(r).instances() }

// flagsForOrdering is the flags of a as an ordering whose other action is
// on node sees them (action_flags_for_ordering).
func (s *scheduler) flagsForOrdering(a *Action, node int) ActionFlags {
	if a.Rsc == nil {
		return a.Flags
	}
	return s.variantOf(a.Rsc).flagsForOrdering(s, a, node)
}

// orderingNode is the node an ordering sees a on.
func (s *scheduler) orderingNode(a *Action) int {
	if a.Rsc == nil {
		return a.Node
	}
	return s.variantOf(a.Rsc).orderingNode(s, a)
}

// updateOrderedVia applies an ordering's flags through r's method
// (update_ordered_actions).
func (s *scheduler) updateOrderedVia(r *Resource, first, then *Action, node int, flags, filter ActionFlags, typ OrderFlags) updated {
	return s.variantOf(r).updateOrdered(s, r, first, then, node, flags, filter, typ)
}

// Schedules reports whether the transition schedules resources of kind k.
// The planner leaves other kinds out of the transition and reports their
// actions as unknown.
func Schedules(t pcmk.Target, k model.Kind) bool { return variantsFor(t)[k] != nil }

// SchedulesResource reports whether the transition schedules top-level
// resource r: whether it schedules r's kind. The planner leaves other
// resources out of the transition and reports their actions as unknown.
func SchedulesResource(t pcmk.Target, r *model.Resource) bool { return Schedules(t, r.Kind) }
