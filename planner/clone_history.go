package planner

import (
	"slices"
	"strings"

	"pcl/planner/model"
)

// This file matches operation history to clone instances as Pacemaker's
// unpack_find_resource and find_anonymous_clone do: a history entry names
// a resource (`rsc` or `rsc:N`), and which instance it belongs to depends
// on the clone's kind and on what the entries before it were matched to.

// historyResource is the resource a history entry with this id on node n
// belongs to, nil for an orphan (unpack_find_resource). An anonymous
// clone's entry is given an instance here, a new orphan instance if need
// be, and an entry known under another name records it as the instance's
// CloneName.
func (p *plan) historyResource(n *model.Node, id string) *model.Resource {
	if p.bundleOrphans[id] {
		return nil
	}
	r := p.findRenamed(id)
	var parent *model.Resource
	switch {
	case r == nil:
		zero := p.findRenamed(cloneZero(id))
		if zero == nil || zero.Unique {
			return nil
		}
		r, parent = zero, zero.UberParent()
	case r.Kind != model.KindPrimitive:
		// The history is of a resource that is no longer a primitive.
		return nil
	default:
		parent = r.UberParent()
	}
	switch {
	case !parent.IsClone() || parent.Unique:
	case parent.Parent != nil && parent.Parent.Kind == model.KindBundle:
		// A bundle's anonymous instance is the one of the node's
		// replica (pe__find_bundle_replica).
		// On a node hosting none of its replicas, the entry makes an
		// orphan primitive of the entry's id, which then owns every
		// later entry of that id, on the replicas' nodes too (the
		// orphan is found by id before the bundle is looked at).
		r = p.bundleReplicaInstance(parent.Parent, n.Index)
		if r == nil {
			if p.bundleOrphans == nil {
				p.bundleOrphans = map[string]bool{}
			}
			p.bundleOrphans[id] = true
		}
	default:
		r = p.findAnonymousClone(n, parent, cloneStrip(id))
	}
	if r != nil && !strings.EqualFold(id, r.ID) && !strings.EqualFold(id, r.CloneName) {
		p.setCloneName(r, id)
	}
	return r
}

// setCloneName records the name the status knows r by ("" for none).
func (p *plan) setCloneName(r *model.Resource, name string) {
	if old := r.CloneName; old != "" {
		list := p.renamed[old]
		for i, x := range list {
			if x == r {
				p.renamed[old] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
	}
	r.CloneName = name
	if name != "" {
		p.renamed[name] = append(p.renamed[name], r)
	}
}

// findRenamed finds a resource by id, or by the name the status knows it
// by (pe_find_resource with pe_find_renamed): the first match in
// resource order. The candidates come from the indexes by id and by
// status name, so that a cluster with many clones does not search every
// resource for every history entry.
func (p *plan) findRenamed(id string) *model.Resource {
	byName := p.renamed[id]
	r := p.byID[id]
	if len(byName) == 0 {
		return r
	}
	best := r
	if best == nil || !p.inTree(best) {
		best = byName[0]
	}
	for _, c := range byName {
		if p.resourceOrderBefore(c, best) {
			best = c
		}
	}
	return best
}

// inTree reports whether r is reached from the top-level resources.
func (p *plan) inTree(r *model.Resource) bool {
	_, ok := p.topPosition(r.Top())
	return ok
}

// topPosition is top-level resource t's index in p.Top. The index is
// built once and again whenever p.Top has grown.
func (p *plan) topPosition(t *model.Resource) (int, bool) {
	if len(p.topIndex) != len(p.Top) {
		p.topIndex = make(map[*model.Resource]int, len(p.Top))
		for i, r := range p.Top {
			p.topIndex[r] = i
		}
	}
	i, ok := p.topIndex[t]
	return i, ok
}

// resourceOrderBefore reports whether a comes before b walking the
// top-level resources and their children depth first, parents first.
func (p *plan) resourceOrderBefore(a, b *model.Resource) bool {
	pa, pb := p.treePath(a), p.treePath(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] != pb[i] {
			return pa[i] < pb[i]
		}
	}
	return len(pa) < len(pb)
}

// treePath is r's position from the top: its top-level resource's index
// in p.Top, then each child's index in its parent's children.
func (p *plan) treePath(r *model.Resource) []int {
	var path []int
	for ; r.Parent != nil; r = r.Parent {
		for i, c := range r.Parent.Children {
			if c == r {
				path = append(path, i)
				break
			}
		}
	}
	top, ok := p.topPosition(r)
	if !ok {
		top = len(p.Top)
	}
	path = append(path, top)
	slices.Reverse(path)
	return path
}

// findAnonymousClone picks the instance of the anonymous clone parent
// that a history entry for base on node n belongs to
// (find_anonymous_clone): the instance already active or pending there;
// else the first instance active or pending nowhere; else a new orphan
// instance. A second history of the same resource on one node is an
// orphan even when numbers are free.
func (p *plan) findAnonymousClone(n *model.Node, parent *model.Resource, base string) *model.Resource {
	var found, inactive *model.Resource
	skipInactive := false
	for _, child := range parent.Children {
		if found != nil {
			break
		}
		if at := firstActiveNode(child); at != model.NoNode {
			if at == n.Index {
				found = findInstanceMember(child, base)
				if found != nil && len(found.RunningOn) > 0 {
					skipInactive = true
					found = nil
				}
			}
			continue
		}
		if !skipInactive && inactive == nil && !child.Blocked {
			inactive = findInstanceMember(child, base)
			if inactive != nil && inactive.PendingNode >= 0 && inactive.PendingNode != n.Index {
				inactive = nil
			}
		}
	}
	if found == nil && !skipInactive && inactive != nil {
		found = inactive
	}
	// An instance that does not need fencing, found on a node that is
	// down, counts as inactive unless the clone has an instance for every
	// node: it would take a number a clean node may need. Not on a guest
	// node: "fencing" a guest only stops its container.
	if found != nil && !found.NeedsFencing && (!n.Online || n.Unclean) && !n.Guest() && parent.CloneOpts.Max != len(p.Nodes) {
		found = nil
	}
	if found == nil {
		found = findInstanceMember(p.newInstance(parent), base)
	}
	return found
}

// firstActiveNode is the first node r (or, for a collective, its first
// member active anywhere) is active on, or has an operation pending on,
// NoNode for none: the first of the location method's list (current=2),
// which is all findAnonymousClone reads of it.
func firstActiveNode(r *model.Resource) int {
	if len(r.Children) > 0 {
		for _, c := range r.Children {
			if i := firstActiveNode(c); i != model.NoNode {
				return i
			}
		}
		return model.NoNode
	}
	if len(r.RunningOn) > 0 {
		return r.RunningOn[0]
	}
	if r.PendingNode >= 0 {
		return r.PendingNode
	}
	return model.NoNode
}

// findInstanceMember finds in instance inst (or its members) the resource
// whose configured id is base (find_rsc with pe_find_clone).
func findInstanceMember(inst *model.Resource, base string) *model.Resource {
	if inst == nil {
		return nil
	}
	if inst.ID == base || configuredID(inst) == base {
		return inst
	}
	for _, c := range inst.Children {
		if f := findInstanceMember(c, base); f != nil {
			return f
		}
	}
	return nil
}

// configuredID is the id a resource has in the configuration: an
// instance's without its number.
func configuredID(r *model.Resource) string {
	switch {
	case r.Prim != nil:
		return r.Prim.ID
	case r.Group != nil:
		return r.Group.ID
	case r.Clone != nil:
		return r.Clone.ID
	}
	return r.ID
}

// baseNameEnd is the length of id without a clone instance suffix
// (":digits"), as pe_base_name_end finds it.
func baseNameEnd(id string) int {
	for i := len(id) - 1; i > 0; i-- {
		switch c := id[i]; {
		case c >= '0' && c <= '9':
		case c == ':':
			if i == len(id)-1 {
				return len(id)
			}
			return i
		default:
			return len(id)
		}
	}
	return len(id)
}

// cloneStrip is id without its instance number (clone_strip).
func cloneStrip(id string) string { return id[:baseNameEnd(id)] }

// cloneZero is the id of instance 0 of id's base (clone_zero).
func cloneZero(id string) string { return id[:baseNameEnd(id)] + ":0" }
