package transition

import (
	"iter"
	"pcl/planner/model"
	"strings"

	"pcl/pcmk"
)

// rscActions is the transition's working record of one resource: the
// actions made for it, indexed for the lookups every pass makes, and the
// roles and flags scheduling moves it through. The resource itself is the
// model's; the record is reached with scheduler.of.
type rscActions struct {
	// id is the resource's id, pos its position in scheduler.rscs.
	id  string
	pos int
	// sortedByNumber: children are sorted by instance number for good
	// (see sortByNumber).
	sortedByNumber bool
	// sortedAllowed keeps the resource's allowed nodes best first (see
	// scheduler.sortedAllowed).
	sortedAllowed sortedNodes
	// epochs count, per task class, the changes of the flags of the
	// resource's actions and its members', and the actions created for
	// them (see touch).
	epochs [numTaskClasses]uint64

	actions []*Action             // in creation order
	byKey   map[string]*keyBucket // actions by foldKey(Key) (see addAction)
	byTask  []taskList            // actions by foldKey(string(Task)), in creation order (see taskList, setTask)
	// zeroKeys are the resource's operation keys with interval 0 asked
	// for so far, each with its interned id once asked for (see zeroKey
	// and opKeyID): the same few (start_0, stop_0, and monitor_0 for
	// every probe) are asked for again and again, by every probe and
	// ordering of the resource.
	zeroKeys      [len(zeroKeyTasks)]zeroKey
	otherZeroKeys []taskZeroKey
	// probeOrders are the resource's probes' orderings (see
	// applyProbeOrders).
	probeOrders []probeOrder
	// lastKey and lastBucket remember the last key found in byKey (see
	// bucket).
	lastKey    string
	lastBucket *keyBucket
	// lastMiss is the last key not in byKey, "" when the resource has had
	// an action added since (see bucket).
	lastMiss string

	// role and nextRole start as the resource's and change as scheduling
	// decides (a resource with no next role gets Started or Stopped).
	role, nextRole Role
	// partial is the resource's partial migration, until scheduling
	// finds it cannot continue.
	partial        *model.Migration
	restarting     bool
	stopUnexpected bool
	reload         bool
	// failed, stopFailed and startPending start as the resource's and
	// change as scheduling decides (a guest node fenced through its
	// container fails the container; an agent changed makes a start
	// pending): the planner's model is the transition's input, never
	// written, and the plan's views of it are made while the transition
	// is.
	failed, stopFailed, startPending bool

	// children are a clone's instances in the order the scheduler has
	// them now (see scheduler.children), nil for other resources.
	children []*Resource
	// probedInstance is, per node, which of an anonymous clone's
	// instances is probed there (see probedInstances), made when first
	// asked for.
	probedInstance []int32
	// byNode indexes a clone's instances by the node they are assigned
	// to ([0]) and run on ([1]), made when first asked for (see
	// instancesOnNodes).
	byNode *[2]instancesByNode
	// unassigned is set when an ordering took the resource's node away
	// (an interleaved instance without a partner).
	unassigned bool
	// notifications are a clone's notification pseudo-actions, by the
	// task they are about (nil when the clone does not notify).
	notifications map[pcmk.Task]*notifyData
}

// ordering is an ordering constraint before it is applied to actions:
// either side names an action directly or by key on a resource.
type ordering struct {
	flags          OrderFlags
	lhRsc, rhRsc   *Resource
	lhAction       *Action
	rhAction       *Action
	lhTask, rhTask string // operation keys
}

// orderingRecord is how an ordering is stored until it is applied: a
// large cluster has hundreds of thousands of them, and records without
// pointers cost the garbage collector nothing and need no write barriers.
// Resources and actions are indices (-1 for none), operation keys indices
// into scheduler.keys (0 for "").
type orderingRecord struct {
	flags              OrderFlags
	lhRsc, rhRsc       int32
	lhAction, rhAction int32
	lhTask, rhTask     int32
}

type scheduler struct {
	in *Input
	// flagMemo keeps collective actions' flags as computed at their
	// resource's epoch (see actionFlags), by Action.memo.
	flagMemo []flagMemo
	// nodeSums is allNodeFlags' scratch space, all zero between calls.
	nodeSums []nodeSum
	// unassignEpoch counts the instances unassigned while orderings are
	// applied (see instancesByNode).
	unassignEpoch uint64
	// nodeEpoch counts the nodes made unclean while the transition is
	// computed (see sortedAllowed).
	nodeEpoch uint64
	// variants are the kinds' behaviours for the release planned for.
	variants *variantTable
	nodes    []*Node
	rscs     []*Resource // every resource, parents before members
	// recs are the resources' records, by the resource's Index.
	recs []rscActions
	top  []*Resource
	byID map[string]*Resource

	actions []*Action
	// orderings holds every ordering in creation order, in chunks of
	// slabSize (see newOrdering and allOrderings).
	orderings [][]orderingRecord
	// keys are the operation keys orderings name, by index; keyIndex
	// finds a key's index (a key opKeyID adds is not in it: an index is
	// only ever read back as its key, so a key may have two).
	keys     []string
	keyIndex map[string]int32
	// mandatoryByPrimary indexes the colocations at INFINITY by their
	// primary's id (see mandatoryColocationsWith).
	mandatoryByPrimary map[string][]*model.Colocation
	singletons         map[string]*Action
	// swept remembers, by the id of a clone's action, the last walk of
	// its group instances for an ordering that changes no flags (see
	// multiUpdateOrdered).
	swept map[int32]instanceSweep
	// tracked are the ids of the actions the probe walk marked Tracking
	// (ids rather than pointers: appending them needs no write barrier).
	tracked []int32
	// afterSnapshot is restartOrderingsForRsc's copy of a probe's After.
	afterSnapshot []Edge
	// walkStack holds restartOrderingsForProbe's snapshots of After, one
	// above the other as the walk recurses.
	walkStack []Edge
	// walkMemo and walkThens remember one resource's restart walks (see
	// restartOrderingsForRsc); walkSawProbe tells that the current walk
	// passed through a probe.
	walkMemo     []walkMemo
	walkThens    []*Action
	walkSawProbe bool
	// dedupScratch is dedupInputs's sorting space.
	dedupScratch []Edge
	// unsettled are the actions' flags before the collectives settled
	// theirs for the graph (addToGraph), by id; expansion is each
	// resource's top-level resource's place in s.top, by resource
	// index: the order the graph is made in (see inputSeen).
	unsettled []ActionFlags
	expansion []int32
	// marks has each action's marks, by id (see actionMark); loose holds
	// the actions of no resource, which resources' lists do not.
	marks []actionMark
	loose []*Action
	// released counts, per node, the instances unassigned from it while
	// orderings are applied: Pacemaker's count of a node's resources goes
	// down with each (native_deallocate), and node sorting reads it.
	released []int
	// probeOrdersAt is how many orderings there were when the probes were
	// made: where their orderings go among them (-1 for no probes).
	probeOrdersAt int
	// numProbeNodes is how many nodes resources are probed on.
	numProbeNodes int

	// actionSlab is the slab the next actions are cut from.
	actionSlab []Action
	// edgeSlab is the slab actions' first orderings (Before and After)
	// are cut from, edgesPerList at a time: most actions have one or two
	// each, and one allocation per list was a good part of a large
	// cluster's garbage.
	edgeSlab []Edge
	// notifyNames are the notification actions' kind and task, by id.
	notifyNames map[int32]notifyName
	// afterIndex has, for each action with at least indexAfter orderings
	// after it that orderActions had to look up (Action.indexed), the
	// union of the flags of its orderings to each action (keyed by
	// afterKey): orderActions's duplicate check, which is a linear scan
	// of After otherwise, quadratic for an action ordered before
	// thousands (a remote node's connection start).
	afterIndex map[uint64]OrderFlags
}

// indexAfter is the length of an action's After from which orderActions
// looks duplicates up in afterIndex instead of scanning.
const indexAfter = 32

// edgesPerList is the capacity of the orderings lists newEdges cuts.
const edgesPerList = 2

// newEdges is an empty list of orderings with room for edgesPerList, cut
// from the slab; appending beyond that moves it out (the capacity is
// capped, so neighbours are never overwritten).
func (s *scheduler) newEdges() []Edge {
	if len(s.edgeSlab) < edgesPerList {
		s.edgeSlab = make([]Edge, slabSize*edgesPerList)
	}
	list := s.edgeSlab[:0:edgesPerList]
	s.edgeSlab = s.edgeSlab[edgesPerList:]
	return list
}

// copyNodes copies the nodes the transition may change (a remote node it
// fences becomes unclean), leaving its input's as they were.
func copyNodes(nodes []*Node) []*Node {
	out := make([]*Node, len(nodes))
	for i, n := range nodes {
		c := *n
		out[i] = &c
	}
	return out
}

// afterKey is afterIndex's key of the orderings from first to then.
func afterKey(first, then int32) uint64 { return uint64(uint32(first))<<32 | uint64(uint32(then)) }

func newScheduler(in *Input) *scheduler {
	s := &scheduler{in: in, variants: variantsFor(in.Target), nodes: copyNodes(in.Nodes), singletons: map[string]*Action{}, swept: map[int32]instanceSweep{}, probeOrdersAt: -1,
		notifyNames: map[int32]notifyName{}}
	if len(in.Resources) == 0 {
		// A cluster built by hand lists only its top-level resources:
		// number them and their members as the planner would.
		var number func(r *Resource)
		number = func(r *Resource) {
			r.Index = len(in.Resources)
			in.Resources = append(in.Resources, r)
			for _, m := range r.Children {
				number(m)
			}
		}
		for _, r := range in.Top {
			number(r)
		}
	}
	// Orderings name about six keys per resource (10000 resources on 64
	// nodes, 30 % clones: 897,259 for 162,920): made at their sizes, the
	// indexes are not rehashed as they grow.
	s.keys = make([]string, 1, 6*len(in.Resources)+1)
	s.keyIndex = make(map[string]int32, 6*len(in.Resources)+1)
	s.keyIndex[""] = 0
	s.byID = make(map[string]*Resource, len(in.Resources))
	s.recs = make([]rscActions, len(in.Resources))
	var add func(r *Resource)
	add = func(r *Resource) {
		rec := s.of(r)
		*rec = rscActions{id: r.ID, pos: len(s.rscs), role: r.Role, nextRole: r.NextRole, partial: r.PartialMigration}
		if rec.role == RoleUnknown {
			rec.role = RoleStopped
		}
		if s.hasInstances(r) {
			rec.children = append([]*Resource(nil), r.Children...)
		}
		s.rscs = append(s.rscs, r)
		// An orphan may have a configured resource's id (a clone's,
		// whose history was a primitive's): the id names the first.
		if _, ok := s.byID[r.ID]; !ok {
			s.byID[r.ID] = r
		}
		for _, m := range r.Children {
			add(m)
		}
	}
	for _, r := range in.Top {
		s.top = append(s.top, r)
		add(r)
	}
	for _, r := range in.Resources {
		rec := s.of(r)
		rec.failed, rec.stopFailed, rec.startPending = r.Failed, r.StopFailed, r.StartPending
	}
	return s
}

// of is the transition's record of resource r.
func (s *scheduler) of(r *Resource) *rscActions { return &s.recs[r.Index] }

// children are r's members, or a clone's instances in the order the
// scheduler has them now: as placed, then by number once probes are made
// (Pacemaker sorts the list in place at each of those steps).
func (s *scheduler) children(r *Resource) []*Resource {
	if c := s.of(r).children; c != nil {
		return c
	}
	return r.Children
}

// assigned is the node r is assigned to, NoNode for none.
func (s *scheduler) assigned(r *Resource) int {
	if s.of(r).unassigned {
		return NoNode
	}
	return r.AssignedTo
}

func (s *scheduler) node(i int) *Node {
	if i < 0 || i >= len(s.nodes) {
		return nil
	}
	return s.nodes[i]
}

// findActions is Pacemaker's find_actions: actions with key, on node (any
// node when NoNode). An action without a node found for a node is moved
// onto it, as Pacemaker does.
func findActions(list []*Action, key string, node int) []*Action {
	var out []*Action
	for i := range list {
		if a := list[i]; matchAction(a, key, node) {
			out = append(out, a)
		}
	}
	return out
}

// matchAction tells whether findActions takes a, moving it onto node when
// it has none.
func matchAction(a *Action, key string, node int) bool {
	// The node test is the cheap one: an action on another node never
	// matches, whatever its key.
	if node != NoNode && a.Node != NoNode && a.Node != node {
		return false
	}
	if a.Key != key && !strings.EqualFold(a.Key, key) {
		return false
	}
	if node != NoNode && a.Node == NoNode {
		a.Node = node
	}
	return true
}

// findFirstAction returns the most recently created action matching the
// key (when not "") and task (when not "") on node (any when NoNode).
func findFirstAction(list []*Action, key string, task pcmk.Task, node int) *Action {
	for i := len(list) - 1; i >= 0; i-- {
		a := list[i]
		if node != NoNode && a.Node != node {
			continue
		}
		if key != "" && a.Key != key && !strings.EqualFold(a.Key, key) {
			continue
		}
		if task != "" && a.Task != task && !strings.EqualFold(string(a.Task), string(task)) {
			continue
		}
		if node == NoNode {
			return a
		}
		if a.Node == node && a.Node != NoNode {
			return a
		}
	}
	return nil
}

func (s *scheduler) resourceActions(r *Resource, node int, task pcmk.Task, requireNode bool) []*Action {
	key := s.key0(r, task)
	if requireNode {
		return s.of(r).findExact(key, node)
	}
	return s.of(r).find(key, node)
}

// customAction finds or creates an action, as Pacemaker's custom_action
// with save_action set.
func (s *scheduler) customAction(r *Resource, key string, task pcmk.Task, node int, optional bool) *Action {
	var a *Action
	if r != nil {
		a = s.of(r).findFirst(key, node)
	} else {
		if m := findActions(s.actions, key, node); len(m) > 0 {
			a = m[0]
		}
	}
	if a == nil {
		a = s.newActionSlot()
		*a = Action{ID: len(s.actions), Rsc: r, Task: task, Key: key, Node: node, Flags: Runnable, sched: s}
		s.touch(r, task)
		if optional {
			a.set(Optional)
		}
		// A probe's key (made once per resource) has interval 0: skip
		// parsing it again for every node.
		if r == nil || key != s.of(r).zeroKeys[zeroMonitor].key {
			if _, _, iv, ok := parseOpKey(key); ok {
				a.IntervalMs = iv
			}
		}
		s.actions = append(s.actions, a)
		s.marks = append(s.marks, taskMark(task))
		if r == nil {
			s.singletons[key] = a
			s.loose = append(s.loose, a)
		} else {
			s.of(r).addAction(a)
		}
	}
	s.settleAction(r, a, optional)
	return a
}

// settleAction sets the flags customAction sets on every action it finds or
// makes.
func (s *scheduler) settleAction(r *Resource, a *Action, optional bool) {
	// A non-recurring action of an unmanaged resource is never required.
	if r != nil && a.Node != NoNode && !a.is(Pseudo) && !r.Managed && a.IntervalMs == 0 {
		a.set(Optional)
	} else if !optional {
		a.clear(Optional)
	}
	if r != nil {
		s.updateRunnable(a)
	}
}

func (s *scheduler) updateRunnable(a *Action) {
	if a.is(Pseudo) {
		return
	}
	n := s.node(a.Node)
	switch {
	case n == nil:
		a.clear(Runnable)
	case !a.is(OnDC) && !n.Online && (!n.Guest() || n.RequiresReset):
		// A guest that is down but not being fenced may come up in this
		// transition, its container started: its actions stay runnable
		// and wait for the connection's start.
		a.clear(Runnable)
	case !a.is(OnDC) && n.Pending:
		a.clear(Runnable)
	case !s.needsQuorumOrFencing(a):
		a.Reason = ""
		if n.Guest() && !s.canFenceGuest(a.Node) {
			// Nothing can run on a guest whose container's host is down
			// and cannot be fenced.
			a.clear(Runnable)
		} else {
			a.set(Runnable)
		}
	default:
		switch s.quorumPolicy(a.Rsc) {
		case pcmk.NoQuorumStop:
			a.clear(Runnable)
			a.setReason("no quorum", true)
		case pcmk.NoQuorumFreeze:
			r := a.Rsc
			if len(r.RunningOn) == 0 || s.of(r).nextRole > s.of(r).role {
				a.clear(Runnable)
				a.setReason("quorum freeze", true)
			}
		default:
			a.set(Runnable)
		}
	}
}

func (s *scheduler) needsQuorumOrFencing(a *Action) bool {
	if a.Task != pcmk.TaskStart && a.Task != pcmk.TaskPromote {
		return false
	}
	return a.Rsc.NeedsFencing || a.Rsc.NeedsQuorum
}

// quorumPolicy is effective_quorum_policy: what no-quorum-policy means
// for r's actions. With demote, an instance of a promotable clone (its
// role Promoted or Unpromoted) keeps running but no higher than
// Unpromoted: asking is what demotes a Promoted one; anything else is
// stopped.
func (s *scheduler) quorumPolicy(r *Resource) pcmk.NoQuorumPolicy {
	if s.in.HaveQuorum {
		return pcmk.NoQuorumIgnore
	}
	switch s.in.NoQuorumPolicy {
	case pcmk.NoQuorumFreeze, pcmk.NoQuorumIgnore:
		return s.in.NoQuorumPolicy
	case pcmk.NoQuorumDemote:
		if role := s.of(r).role; role == pcmk.RolePromoted || role == pcmk.RoleUnpromoted {
			if s.of(r).nextRole > pcmk.RoleUnpromoted {
				s.of(r).nextRole = pcmk.RoleUnpromoted
			}
			return pcmk.NoQuorumIgnore
		}
	}
	return pcmk.NoQuorumStop
}

// pseudoOp finds or creates a pseudo-action without a resource. Its name
// is its key and its task both, as Pacemaker's get_pseudo_op makes it
// ("load_stopped_node1", "one-or-more:set1").
func (s *scheduler) pseudoOp(name string) *Action {
	if a, ok := s.singletons[name]; ok {
		return a
	}
	a := s.customAction(nil, name, pcmk.Task(name), NoNode, true)
	a.set(Pseudo | Runnable)
	return a
}

// orderActions is Pacemaker's order_actions: link first before then.
func (s *scheduler) orderActions(first, then *Action, flags OrderFlags) bool {
	if flags == OrderNone || first == nil || then == nil || first == then {
		return false
	}
	thenID, firstID := int32(then.ID), int32(first.ID)
	// An ordering whose flags share one with an existing one from first to
	// then is a duplicate. After is only ever appended to, its flags never
	// change: the union of a pair's flags, in afterIndex, answers the same.
	if len(first.After) < indexAfter {
		for _, e := range first.After {
			if e.Action == thenID && e.Type&flags != 0 {
				return false
			}
		}
	} else if !s.neverOrdered(first, then) {
		if !first.indexed {
			s.buildAfterIndex(first)
		}
		if s.afterIndex[afterKey(firstID, thenID)]&flags != 0 {
			return false
		}
	}
	s.marks[then.ID] |= markInputs
	noGroup := (first.Rsc == nil || !s.collective(first.Rsc)) && (then.Rsc == nil || !s.collective(then.Rsc))
	if first.After == nil {
		first.After = s.newEdges()
	}
	if then.Before == nil {
		then.Before = s.newEdges()
	}
	first.After = append(first.After, Edge{Action: thenID, Type: flags, noGroup: noGroup})
	then.Before = append(then.Before, Edge{Action: firstID, Type: flags, noGroup: noGroup})
	if first.indexed {
		s.afterIndex[afterKey(firstID, thenID)] |= flags
	}
	return true
}

// shortBefore is how many orderings before an action neverOrdered reads
// at most: reading them in a row costs less than a lookup in afterIndex,
// and much less than indexing an action ordered before thousands (a
// remote node's connection start, ordered before each start there, which
// comes after a probe on every node).
const shortBefore = 256

// neverOrdered tells, from the orderings before then when they are not
// too many, that no ordering from first to then exists: a remote node's
// connection start is ordered before every probe on the node, and each
// probe has one or two orderings before it. Every
// ordering is in both its actions' lists, so then.Before names first
// when first.After names then (their flags may differ, as
// updateForOrderings clears those of Before: hence only presence is
// read here).
func (s *scheduler) neverOrdered(first, then *Action) bool {
	if len(then.Before) > shortBefore {
		return false
	}
	for _, e := range then.Before {
		if e.Action == int32(first.ID) {
			return false
		}
	}
	return true
}

// buildAfterIndex enters first's orderings into afterIndex, which keeps them
// from then on: done when orderActions first needs the index for first.
func (s *scheduler) buildAfterIndex(first *Action) {
	if s.afterIndex == nil {
		s.afterIndex = map[uint64]OrderFlags{}
	}
	for _, e := range first.After {
		s.afterIndex[afterKey(int32(first.ID), e.Action)] |= e.Type
	}
	first.indexed = true
}

// slabSize is how many orderings or actions are allocated at once:
// a large cluster has millions of them, and one allocation each was most
// of the transition's time (allocation and garbage collection).
const slabSize = 4096

// allOrderings yields the orderings there are when it is called, in
// creation order, but for those whose record keep (when not nil) refuses.
// The ordering it yields is overwritten by the next.
func (s *scheduler) allOrderings(keep func(*orderingRecord) bool) iter.Seq[*ordering] {
	chunks := s.orderings
	n := 0
	if len(chunks) > 0 {
		n = len(chunks[len(chunks)-1])
	}
	return func(yield func(*ordering) bool) {
		var o ordering
		for ci, c := range chunks {
			if ci == len(chunks)-1 {
				c = c[:n]
			}
			for i := range c {
				if keep != nil && !keep(&c[i]) {
					continue
				}
				s.decodeOrdering(&c[i], &o)
				if !yield(&o) {
					return
				}
			}
		}
	}
}

func (s *scheduler) decodeOrdering(rec *orderingRecord, o *ordering) {
	*o = ordering{flags: rec.flags, lhTask: s.keys[rec.lhTask], rhTask: s.keys[rec.rhTask]}
	if rec.lhRsc >= 0 {
		o.lhRsc = s.rscs[rec.lhRsc]
	}
	if rec.rhRsc >= 0 {
		o.rhRsc = s.rscs[rec.rhRsc]
	}
	if rec.lhAction >= 0 {
		o.lhAction = s.actions[rec.lhAction]
	}
	if rec.rhAction >= 0 {
		o.rhAction = s.actions[rec.rhAction]
	}
}

// keyID is key's index in s.keys, adding it when new.
func (s *scheduler) keyID(key string) int32 {
	if id, ok := s.keyIndex[key]; ok {
		return id
	}
	id := int32(len(s.keys))
	s.keys = append(s.keys, key)
	s.keyIndex[key] = id
	return id
}

func (s *scheduler) rscIndex(r *Resource) int32 {
	if r == nil {
		return -1
	}
	return int32(s.of(r).pos)
}

func actionIndex(a *Action) int32 {
	if a == nil {
		return -1
	}
	return int32(a.ID)
}

// actionMark tells, without loading an action, whether a pass over all
// actions has anything to do with it: passes that visit every action in id
// order would otherwise load every probe, which for a large cluster is
// most of the time they take.
type actionMark uint8

const (
	// markInputs: the action has or had inputs (Before), or requires
	// any of them (RequiresAny); without, updateForOrderings does
	// nothing to it.
	markInputs actionMark = 1 << iota
	// markStarts: the action was made a start or promote, which only
	// can make blockColocationDependents act.
	markStarts
)

// taskMark is the mark of an action with task: a new action has no inputs
// yet (orderActions and setRequiresAny mark those).
func taskMark(task pcmk.Task) actionMark {
	if task == pcmk.TaskStart || task == pcmk.TaskPromote {
		return markStarts
	}
	return 0
}

// setTask changes the task of r's action a, minding its mark.
func (s *scheduler) setTask(r *Resource, a *Action, task pcmk.Task) {
	// The action leaves its task's class for task's.
	s.touch(r, a.Task)
	s.touch(r, task)
	s.of(r).setTask(a, task)
	s.marks[a.ID] |= taskMark(task)
}

// setRequiresAny sets RequiresAny on a, minding its mark.
func (s *scheduler) setRequiresAny(a *Action) {
	a.set(RequiresAny)
	s.marks[a.ID] |= markInputs
}

// newActionSlot returns a fresh action.
func (s *scheduler) newActionSlot() *Action {
	if len(s.actionSlab) == 0 {
		s.actionSlab = make([]Action, slabSize/4)
	}
	a := &s.actionSlab[0]
	s.actionSlab = s.actionSlab[1:]
	return a
}

// newOrdering records an ordering to be applied once actions exist.
func (s *scheduler) newOrdering(lhRsc *Resource, lhTask string, lhAction *Action,
	rhRsc *Resource, rhTask string, rhAction *Action, flags OrderFlags) {
	// A side named by its action is found by the action, never by its
	// key (applyOrderings, probeOrderingsForStops), so the record keeps
	// no key for it: interning the key is a map lookup per ordering.
	var lhKey, rhKey int32
	if lhAction == nil {
		lhKey = s.keyID(lhTask)
	}
	if rhAction == nil {
		rhKey = s.keyID(rhTask)
	}
	s.addOrdering(lhRsc, lhKey, lhAction, rhRsc, rhKey, rhAction, flags)
}

// addOrdering is newOrdering with the keys interned already (ids into
// s.keys, 0 where an action is given).
func (s *scheduler) addOrdering(lhRsc *Resource, lhKey int32, lhAction *Action,
	rhRsc *Resource, rhKey int32, rhAction *Action, flags OrderFlags) {
	if lhRsc == nil && lhAction != nil {
		lhRsc = lhAction.Rsc
	}
	if rhRsc == nil && rhAction != nil {
		rhRsc = rhAction.Rsc
	}
	s.storeOrdering(orderingRecord{flags: flags,
		lhRsc: s.rscIndex(lhRsc), rhRsc: s.rscIndex(rhRsc), lhAction: actionIndex(lhAction), rhAction: actionIndex(rhAction),
		lhTask: lhKey, rhTask: rhKey})
	if lhRsc == nil || rhRsc == nil || !lhRsc.AllowMigrate && !rhRsc.AllowMigrate {
		// No migration equivalents (the first test of
		// orderMigrationEquivalents, made before building its argument).
		return
	}
	s.orderMigrationEquivalents(&ordering{flags: flags,
		lhRsc: lhRsc, rhRsc: rhRsc, lhAction: lhAction, rhAction: rhAction, lhTask: s.keys[lhKey], rhTask: s.keys[rhKey]})
}

// opKeyID is the interned id of r's key for task with interval 0.
func (s *scheduler) opKeyID(r *Resource, task pcmk.Task) int32 {
	k := s.of(r).zeroKey(task)
	if k.id == 0 {
		// An id is only ever read back as its key (s.keys[id]): the key,
		// made once per resource and task, is added without looking it
		// up, even if keyID holds it under another id.
		k.id = int32(len(s.keys)) + 1
		s.keys = append(s.keys, k.key)
	}
	return k.id - 1
}

// zeroKey is a resource's operation key for a task with interval 0.
type zeroKey struct {
	key string
	// id is 1 + the key's interned id (see keyID), 0 until asked for.
	id int32
}

// The tasks whose keys a resource keeps in its own record (zeroKeys), by
// index; others' are kept in a list.
const (
	zeroStart = iota
	zeroStop
	zeroMonitor
	zeroPromote
	zeroDemote
	zeroReloadAgent
)

var zeroKeyTasks = [...]pcmk.Task{
	zeroStart:       pcmk.TaskStart,
	zeroStop:        pcmk.TaskStop,
	zeroMonitor:     pcmk.TaskMonitor,
	zeroPromote:     pcmk.TaskPromote,
	zeroDemote:      pcmk.TaskDemote,
	zeroReloadAgent: pcmk.TaskReloadAgent,
}

// keyOf is the resource's key of zeroKeyTasks[i] with interval 0, made on
// the first call: keyOf(zeroMonitor) is the key of its every probe.
func (x *rscActions) keyOf(i int) string {
	k := &x.zeroKeys[i]
	if k.key == "" {
		k.key = opKey(x.id, zeroKeyTasks[i], 0)
	}
	return k.key
}

// zeroKey is the resource's operation key for task with interval 0,
// opKey(id, task, 0), made on the first call for task.
func (x *rscActions) zeroKey(task pcmk.Task) *zeroKey {
	for i, t := range zeroKeyTasks {
		if t == task {
			x.keyOf(i)
			return &x.zeroKeys[i]
		}
	}
	for i := range x.otherZeroKeys {
		if x.otherZeroKeys[i].task == task {
			return &x.otherZeroKeys[i].zeroKey
		}
	}
	x.otherZeroKeys = append(x.otherZeroKeys, taskZeroKey{task, zeroKey{key: opKey(x.id, task, 0)}})
	return &x.otherZeroKeys[len(x.otherZeroKeys)-1].zeroKey
}

// taskZeroKey is the key of a task not among zeroKeyTasks.
type taskZeroKey struct {
	task pcmk.Task
	zeroKey
}

// key0 is opKey(r.ID, task, 0), made once per resource and task.
func (s *scheduler) key0(r *Resource, task pcmk.Task) string { return s.of(r).zeroKey(task).key }

// numOrderings is how many orderings s.orderings holds.
func (s *scheduler) numOrderings() int {
	if len(s.orderings) == 0 {
		return 0
	}
	return (len(s.orderings)-1)*slabSize + len(s.orderings[len(s.orderings)-1])
}

// storeOrdering appends rec to s.orderings.
func (s *scheduler) storeOrdering(rec orderingRecord) {
	last := len(s.orderings) - 1
	if last < 0 || len(s.orderings[last]) == cap(s.orderings[last]) {
		s.orderings = append(s.orderings, make([]orderingRecord, 0, slabSize))
		last++
	}
	s.orderings[last] = append(s.orderings[last], rec)
}

func orderingTask(a *Action, key string) pcmk.Task {
	if a != nil {
		return a.Task
	}
	_, task, _, _ := parseOpKey(key)
	return task
}

// orderMigrationEquivalents adds, for orderings between resources that
// may migrate, the same orderings for their migration actions
// (pcmk__order_migration_equivalents).
func (s *scheduler) orderMigrationEquivalents(o *ordering) {
	if o.lhRsc == nil || o.rhRsc == nil || o.lhRsc == o.rhRsc || isParent(o.lhRsc, o.rhRsc) || isParent(o.rhRsc, o.lhRsc) {
		return
	}
	firstM, thenM := o.lhRsc.AllowMigrate, o.rhRsc.AllowMigrate
	if !firstM && !thenM {
		return
	}
	ft, tt := orderingTask(o.lhAction, o.lhTask), orderingTask(o.rhAction, o.rhTask)
	switch {
	case ft == pcmk.TaskStart && tt == pcmk.TaskStart:
		flags := OrderOptional
		if firstM && thenM {
			s.orderRscActions(o.lhRsc, pcmk.TaskMigrateFrom, o.rhRsc, pcmk.TaskMigrateTo, flags)
		}
		if thenM {
			if firstM {
				flags |= OrderApplyFirstNonMigratable
			}
			s.orderRscActions(o.lhRsc, pcmk.TaskStart, o.rhRsc, pcmk.TaskMigrateTo, flags)
		}
	case thenM && ft == pcmk.TaskStop && tt == pcmk.TaskStop:
		flags := OrderOptional
		if firstM {
			flags |= OrderApplyFirstNonMigratable
		}
		s.orderRscActions(o.lhRsc, pcmk.TaskStop, o.rhRsc, pcmk.TaskMigrateTo, flags)
		// A partial migration continues with its migrate_from alone.
		if s.of(o.rhRsc).partial != nil {
			s.orderRscActions(o.lhRsc, pcmk.TaskStop, o.rhRsc, pcmk.TaskMigrateFrom, flags)
		}
	case ft == pcmk.TaskPromote && tt == pcmk.TaskStart:
		if thenM {
			s.orderRscActions(o.lhRsc, pcmk.TaskPromote, o.rhRsc, pcmk.TaskMigrateTo, OrderOptional)
		}
	case ft == pcmk.TaskDemote && tt == pcmk.TaskStop:
		if thenM {
			s.orderRscActions(o.lhRsc, pcmk.TaskDemote, o.rhRsc, pcmk.TaskMigrateTo, OrderOptional)
			if s.of(o.rhRsc).partial != nil {
				s.orderRscActions(o.lhRsc, pcmk.TaskDemote, o.rhRsc, pcmk.TaskMigrateFrom, OrderOptional)
			}
		}
	}
}

// orderRscActions orders first's task before then's task.
func (s *scheduler) orderRscActions(first *Resource, firstTask pcmk.Task, then *Resource, thenTask pcmk.Task, flags OrderFlags) {
	s.addOrdering(first, s.opKeyID(first, firstTask), nil, then, s.opKeyID(then, thenTask), nil, flags)
}
