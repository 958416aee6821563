package planner

import (
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/planner/model"
)

// clone is a clone's placement (Pacemaker's pcmk__clone_*): its instances
// are copies of its child, numbered :0 to :clone-max-1, placed one by one
// on the nodes the clone's own table allows.
type clone struct {
	scoreFunc string // pcmk__clone_allocate, pcmk__clone_assign since 2.1.6
	// assignInstances places the sorted instances: distribute_children
	// until 2.1.6, pcmk__assign_instances since 2.1.7.
	assignInstances func(p *plan, r *model.Resource, insts []*model.Resource)
}

func (c clone) assignFunc() string { return c.scoreFunc }

// newClone unpacks a clone and creates its configured instances
// (clone_unpack).
func (p *plan) newClone(c *ir.Clone) *model.Resource { return p.newCloneIn(c, nil) }

// newCloneIn unpacks a clone whose parent is parent (a bundle's child
// clone), nil for a top-level one.
func (p *plan) newCloneIn(c *ir.Clone, parent *model.Resource) *model.Resource {
	r := &model.Resource{ID: c.ID, Kind: model.KindClone, Clone: c, Parent: parent, AssignedTo: -1, LockNode: -1, PendingNode: -1}
	r.Meta = p.metaFor(r, c.Sets, nil, map[string]string{"id": c.ID})
	if c.Master {
		r.Meta["promotable"] = "true"
	}
	p.commonUnpack(r)
	m := r.Meta
	opts := &model.CloneOptions{
		Max:        max(1, len(p.Nodes)-p.pendingBundleNodes-p.statusNodes),
		NodeMax:    1,
		Ordered:    isTrueDefault(m["ordered"], false),
		Interleave: isTrueDefault(m["interleave"], false),
		Notify:     isTrueDefault(m["notify"], false),
		Promotable: isTrueDefault(m["promotable"], false),
	}
	if v, ok := m["clone-max"]; ok {
		opts.Max = scanMinInt(v, 0)
	}
	if v, ok := m["clone-node-max"]; ok {
		opts.NodeMax = scanMinInt(v, 0)
	}
	if v, ok := m["clone-min"]; ok {
		opts.Min = scanMinInt(v, 0)
	}
	if opts.Promotable {
		opts.PromotedMax, opts.PromotedNodeMax = 1, 1
		if v, ok := metaEither(m, "promoted-max", "master-max"); ok {
			opts.PromotedMax = scanMinInt(v, 0)
		}
		if v, ok := metaEither(m, "promoted-node-max", "master-node-max"); ok {
			opts.PromotedNodeMax = scanMinInt(v, 0)
		}
	}
	if !r.Unique && opts.NodeMax > 1 {
		// Anonymous clones run one instance per node.
		opts.NodeMax = 1
	}
	r.CloneOpts = opts
	// Clones are slightly sticky by default, and their instances inherit
	// whether they are unique.
	if _, ok := m["resource-stickiness"]; !ok {
		m["resource-stickiness"] = "1"
	}
	m["globally-unique"] = strconv.FormatBool(r.Unique)
	p.register(r)
	// An instance's agent may force the clone anonymous and lower
	// clone-max while the instances are made (pe__force_anon).
	for opts.Total < max(1, opts.Max) {
		p.newInstance(r)
	}
	p.symmetricDefault(r)
	return r
}

// newInstance creates the clone's next instance (pe__create_clone_child):
// numbered after the ones before it, and an orphan once clone-max are
// made.
func (p *plan) newInstance(r *model.Resource) *model.Resource {
	opts := r.CloneOpts
	suffix := ":" + strconv.Itoa(opts.Total)
	orphan := opts.Total >= opts.Max
	opts.Total++
	var inst *model.Resource
	switch child := r.Clone.Child.(type) {
	case *ir.Primitive:
		inst = p.newPrimitive(child, r, suffix)
	case *ir.Group:
		inst = p.newGroup(child, r, suffix)
	default:
		return nil
	}
	if orphan {
		setOrphan(inst)
	}
	r.Children = append(r.Children, inst)
	return inst
}

// forceAnonymous makes a globally-unique clone anonymous because the agent
// class of its child cannot run unique instances (pe__force_anon): one
// instance per node, no more instances than nodes.
func (p *plan) forceAnonymous(r *model.Resource) {
	top := r.UberParent()
	if !top.IsClone() {
		return
	}
	top.CloneOpts.NodeMax = 1
	top.CloneOpts.Max = min(top.CloneOpts.Max, len(p.Nodes)-p.statusNodes)
	clearUnique(top)
	clearUnique(r)
}

func clearUnique(r *model.Resource) {
	r.Unique = false
	for _, c := range r.Children {
		clearUnique(c)
	}
}

// classCanBeUnique reports whether agents of a class can run as
// globally-unique clone instances (the unique capability of
// pcmk_get_ra_caps): OCF and fencing agents can.
func classCanBeUnique(class string) bool {
	return strings.EqualFold(class, "ocf") || strings.EqualFold(class, "stonith")
}

func setOrphan(r *model.Resource) {
	r.Orphan = true
	for _, c := range r.Children {
		setOrphan(c)
	}
}

// metaEither is the first of two meta-attributes that is set (a current
// name and its deprecated one).
func metaEither(m map[string]string, name, legacy string) (string, bool) {
	if v, ok := m[name]; ok {
		return v, true
	}
	v, ok := m[legacy]
	return v, ok
}

// scanMinInt reads an integer as pcmk__scan_min_int does: the leading
// digits (garbage reads as 0), and at least min.
func scanMinInt(s string, min int) int {
	t := strings.TrimSpace(s)
	i := 0
	if i < len(t) && (t[i] == '-' || t[i] == '+') {
		i++
	}
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil || n < int64(min) {
		return min
	}
	return int(n)
}
