package transition

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Looking actions up by key or task is the scheduler's innermost loop
// (every ordering, probe, recurring operation and group flag update does
// it), so each resource keeps its actions bucketed by case-folded key and by
// case-folded task as well as in creation order. A bucket holds its actions
// in creation order, so searching it with findActions and friends gives
// exactly what searching r.actions gives.

// addAction records a newly created action of r.
func (r *rscState) addAction(a *Action) {
	r.actions = append(r.actions, a)
	if r.byKey == nil {
		r.byKey = map[string]*keyBucket{}
	}
	k := foldKey(a.Key)
	b := r.byKey[k]
	if b == nil {
		b = &keyBucket{}
		r.byKey[k] = b
	}
	b.actions = append(b.actions, a)
	b.nodes = append(b.nodes, a.Node)
	if r.byTask == nil {
		r.byTask = map[string][]*Action{}
	}
	t := foldKey(a.Task)
	r.byTask[t] = append(r.byTask[t], a)
}

// keyBucket holds a resource's actions with one folded key, in creation
// order, with the node each had when it was added. An action's node, once
// set, never changes (only actions without one are moved onto a node), so
// a recorded node other than NoNode is the action's node still and a
// search for another node can skip the action without loading it: probes
// put one action per node in the same bucket.
type keyBucket struct {
	actions []*Action
	nodes   []int
}

// find is findActions over r's actions with key.
func (r *rscState) find(key string, node int) []*Action {
	b := r.byKey[foldKey(key)]
	if b == nil {
		return nil
	}
	if node == NoNode {
		// Every action of the bucket has the key: all of them, newest
		// first, as findActions gives.
		out := make([]*Action, len(b.actions))
		for i, a := range b.actions {
			out[len(out)-1-i] = a
		}
		return out
	}
	var out []*Action
	for i := len(b.actions) - 1; i >= 0; i-- {
		if n := b.nodes[i]; n != NoNode && n != node {
			continue
		}
		if a := b.actions[i]; matchAction(a, key, node) {
			out = append(out, a)
		}
	}
	return out
}

// findExact is findActionsExact over r's actions with key.
func (r *rscState) findExact(key string, node int) []*Action {
	b := r.byKey[foldKey(key)]
	if b == nil || node == NoNode {
		return nil
	}
	var out []*Action
	for i := len(b.actions) - 1; i >= 0; i-- {
		if n := b.nodes[i]; n != NoNode && n != node {
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
func (r *rscState) withTask(task string) []*Action { return r.byTask[foldKey(task)] }

// setTask changes an action's task, keeping r's task buckets right.
func (r *rscState) setTask(a *Action, task string) {
	if a.Task == task {
		return
	}
	old := foldKey(a.Task)
	list := r.byTask[old]
	for i, x := range list {
		if x == a {
			r.byTask[old] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	a.Task = task
	k := foldKey(task)
	r.byTask[k] = insertByID(r.byTask[k], a)
}

// withKey returns r's actions whose key equals key under case folding, in
// creation order.
func (r *rscState) withKey(key string) []*Action {
	if b := r.byKey[foldKey(key)]; b != nil {
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
