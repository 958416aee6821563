package transition

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"pcl/pcmk"
)

// Looking actions up by key or task is the scheduler's innermost loop
// (every ordering, probe, recurring operation and group flag update does
// it), so each resource keeps its actions bucketed by case-folded key and by
// case-folded task as well as in creation order. A bucket holds its actions
// in creation order, so searching it with findActions and friends gives
// exactly what searching s.of(r).actions gives.

// addAction records a newly created action of r.
func (x *rscActions) addAction(a *Action) {
	x.actions = append(x.actions, a)
	b := x.bucket(a.Key)
	if b == nil {
		if x.byKey == nil {
			x.byKey = map[string]*keyBucket{}
		}
		b = &keyBucket{}
		x.byKey[foldKey(a.Key)] = b
	}
	// The last key missed may be a's (bucket may just have missed it).
	x.lastMiss = ""
	b.add(a)
	l := x.taskListOf(a.Task)
	l.actions = append(l.actions, a)
}

// taskList holds a resource's actions with one folded task, in creation
// order.
type taskList struct {
	// task is the list's task, case-folded (foldKey).
	task    string
	actions []*Action
}

// taskListOf is the list of r's actions with task, made if need be.
func (x *rscActions) taskListOf(task pcmk.Task) *taskList {
	if l := x.taskList(task); l != nil {
		return l
	}
	x.byTask = append(x.byTask, taskList{task: foldKey(string(task))})
	return &x.byTask[len(x.byTask)-1]
}

// taskList is the list of r's actions with task, nil when there is none.
// A resource's actions have a handful of tasks, and the tasks asked for
// are nearly always already folded (lower-case constants): a scan
// comparing them as they are is faster than folding and hashing them
// (this is asked for every instance of every clone in every ordering
// update).
func (x *rscActions) taskList(task pcmk.Task) *taskList {
	for i := range x.byTask {
		if x.byTask[i].task == string(task) {
			return &x.byTask[i]
		}
	}
	// A task that is not its own folded form may still match one.
	if k := foldKey(string(task)); k != string(task) {
		for i := range x.byTask {
			if x.byTask[i].task == k {
				return &x.byTask[i]
			}
		}
	}
	return nil
}

// keyBucket holds a resource's actions with one folded key, in creation
// order, with the node each had when it was added. An action's node, once
// set, never changes (only actions without one are moved onto a node), so
// a recorded node other than NoNode is the action's node still and a
// search for another node can skip the action without loading it: probes
// put one action per node in the same bucket.
type keyBucket struct {
	actions []*Action
	nodes   []int32 // node indices fit in 32 bits; half the memory
	// nodeless counts the actions added without a node; onLow has bit n
	// set when an action was added on node n < 64, onHigh tells whether
	// one was added on a node >= 64. With them a search for a node the
	// bucket has no candidate for (a probe's, most often) skips the scan.
	nodeless int
	onLow    uint64
	onHigh   bool
}

func (b *keyBucket) add(a *Action) {
	b.actions = append(b.actions, a)
	b.nodes = append(b.nodes, int32(a.Node))
	switch n := a.Node; {
	case n == NoNode:
		b.nodeless++
	case n >= 0 && n < 64:
		b.onLow |= 1 << uint(n)
	default:
		b.onHigh = true
	}
}

// mayMatch tells whether an action of b may be on node (or may be moved
// onto it): false means a search for node finds nothing.
func (b *keyBucket) mayMatch(node int) bool {
	switch {
	case b.nodeless > 0:
		return true
	case node >= 0 && node < 64:
		return b.onLow&(1<<uint(node)) != 0
	case node >= 64:
		return b.onHigh
	}
	return true
}

// bucket is byKey[foldKey(key)]. It remembers the last key it found, as
// the same key is often looked up many times in a row (each probe of a
// resource orders itself before the resource's start), and a bucket, once
// made, stays its key's for good.
//
// It remembers the last key it did not find as well, until r gets another
// action: each probe's ordering before the resource's reload-agent, which
// there seldom is, looks that up.
func (x *rscActions) bucket(key string) *keyBucket {
	if x.lastBucket != nil && key == x.lastKey {
		return x.lastBucket
	}
	if x.lastMiss != "" && key == x.lastMiss {
		return nil
	}
	b := x.byKey[foldKey(key)]
	if b != nil {
		x.lastKey, x.lastBucket = key, b
	} else {
		x.lastMiss = key
	}
	return b
}

// find is findActions over r's actions with key.
func (x *rscActions) find(key string, node int) []*Action {
	b := x.bucket(key)
	if b == nil {
		return nil
	}
	if node == NoNode {
		// Every action of the bucket has the key: all of them, oldest
		// first, as findActions gives.
		return slices.Clone(b.actions)
	}
	if !b.mayMatch(node) {
		return nil
	}
	var out []*Action
	for i := range b.actions {
		if n := int(b.nodes[i]); n != NoNode && n != node {
			continue
		}
		if a := b.actions[i]; matchAction(a, key, node) {
			out = append(out, a)
		}
	}
	return out
}

// findFirst is find's first action, nil when none, without building the
// list. Like find it matches every action it can: matching moves an action
// without a node onto node.
func (x *rscActions) findFirst(key string, node int) *Action {
	b := x.bucket(key)
	if b == nil || len(b.actions) == 0 {
		return nil
	}
	if node == NoNode {
		return b.actions[0]
	}
	if !b.mayMatch(node) {
		return nil
	}
	var first *Action
	for i := range b.actions {
		if n := int(b.nodes[i]); n != NoNode && n != node {
			continue
		}
		if a := b.actions[i]; matchAction(a, key, node) && first == nil {
			first = a
		}
	}
	return first
}

// findExact is findActionsExact over r's actions with key.
func (x *rscActions) findExact(key string, node int) []*Action {
	b := x.bucket(key)
	if b == nil || node == NoNode || !b.mayMatch(node) {
		return nil
	}
	var out []*Action
	for i := range b.actions {
		if n := int(b.nodes[i]); n != NoNode && n != node {
			continue
		}
		if a := b.actions[i]; a.Node == node && (a.Key == key || strings.EqualFold(a.Key, key)) {
			out = append(out, a)
		}
	}
	return out
}

// insertByID inserts a into list, which is in creation (id) order.
func insertByID(list []*Action, a *Action) []*Action {
	i := sort.Search(len(list), func(i int) bool { return list[i].ID > a.ID })
	list = append(list, nil)
	copy(list[i+1:], list[i:])
	list[i] = a
	return list
}

// withTask returns r's actions whose task equals task under case folding,
// in creation order.
func (x *rscActions) withTask(task pcmk.Task) []*Action {
	if l := x.taskList(task); l != nil {
		return l.actions
	}
	return nil
}

// setTask changes an action's task, keeping r's task buckets right.
func (x *rscActions) setTask(a *Action, task pcmk.Task) {
	if a.Task == task {
		return
	}
	if old := x.taskList(a.Task); old != nil {
		list := old.actions
		for i, x := range list {
			if x == a {
				old.actions = append(list[:i:i], list[i+1:]...)
				break
			}
		}
	}
	a.Task = task
	l := x.taskListOf(task)
	l.actions = insertByID(l.actions, a)
}

// withKey returns r's actions whose key equals key under case folding, in
// creation order.
func (x *rscActions) withKey(key string) []*Action {
	if b := x.bucket(key); b != nil {
		return b.actions
	}
	return nil
}

// foldKey maps s to a canonical form such that foldKey(a) == foldKey(b)
// exactly when strings.EqualFold(a, b): every rune becomes one fixed rune of
// its simple case-folding orbit, the ASCII lower-case letter when the orbit
// has one (so that the usual all-lower-case key is its own canonical form
// and costs no allocation), else the smallest rune.
func foldKey(s string) string {
	ascii, canonical := true, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			canonical = false
		}
	}
	if ascii {
		if canonical {
			return s
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range s {
		min := c
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			if f < min {
				min = f
			}
		}
		if 'A' <= min && min <= 'Z' {
			min += 'a' - 'A'
		}
		b.WriteRune(min)
	}
	return b.String()
}
