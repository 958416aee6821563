package planner

import (
	"pcl/pcmk"
	"pcl/planner/model"
)

// Resource is one resource as a Result shows it: what readers ask of a
// resource after planning, copied out of the planner's working model when
// Schedule finishes, so the result holds none of the assignment's scratch
// state. It is read-only; the kind decisions readers make are methods.
type Resource struct {
	// ID is the resource's id ("db", "ping:1" for a clone instance).
	ID string
	// Index is the resource's position in the unpack order, negative for
	// a part the planner made that the configuration does not list (a
	// bundle's replica parts).
	Index int
	// Parent is the group, clone or bundle holding it (nil at top
	// level); Children its members or instances, in order.
	Parent   *Resource
	Children []*Resource
	// Promotable marks a promotable clone and its instances; Orphan a
	// resource the status knows and the configuration no longer does.
	Promotable, Orphan bool
	// Managed, Failed and Blocked are the resource's state after
	// unpacking the status.
	Managed, Failed, Blocked bool
	// Role is the role it has now, NextRole the one the plan gives it.
	Role, NextRole pcmk.Role
	// RunningOn are the indexes (into Result.Nodes) of the nodes its
	// history says it is on now; AssignedTo the node it is placed on,
	// NoNode for none.
	RunningOn []int
	// Active says whether a primitive is active there as crm_mon counts
	// it (native_active): on a node that is online or unclean, or on any
	// when unmanaged. One whose history is left only on clean offline
	// nodes (a guest fenced through its container) is not; Running counts
	// it Lost.
	Active     bool
	AssignedTo int
	// Why says why the resource is not placed ("" when it is).
	Why string
	// CapacityBans are the nodes its utilization did not fit on, and
	// what fell short.
	CapacityBans []CapacityBan
	// CloneLimits are a clone's instance limits (nil for anything else).
	CloneLimits *CloneLimits

	kind       model.Kind
	where, why string
	running    Running
}

// NoNode is a Resource's AssignedTo when it is placed nowhere.
const NoNode = model.NoNode

// CapacityBan is a node a resource's utilization did not fit on.
type CapacityBan struct {
	// Node is the node's index into Result.Nodes.
	Node int
	// Text says what fell short ("cpu: needs 2, 1 left of 4").
	Text string
}

// CloneLimits are a clone's clone-min, promoted-max and
// promoted-node-max.
type CloneLimits struct {
	Min, PromotedMax, PromotedNodeMax int
}

// IsPrimitive reports whether r is a primitive (a clone instance of a
// primitive included).
func (r *Resource) IsPrimitive() bool { return r.kind == model.KindPrimitive }

// IsGroup reports whether r is a group.
func (r *Resource) IsGroup() bool { return r.kind == model.KindGroup }

// IsClone reports whether r is a clone, promotable or not: reports show
// one as a whole (how many of its instances run where), not instance by
// instance.
func (r *Resource) IsClone() bool { return r.kind == model.KindClone }

// IsBundle reports whether r is a bundle.
func (r *Resource) IsBundle() bool { return r.kind == model.KindBundle }

// KindName names r's kind as the CIB's element does ("primitive",
// "group", "clone", "bundle").
func (r *Resource) KindName() string { return r.kind.String() }

// InClone reports whether r is a clone or inside one.
func (r *Resource) InClone() bool {
	for q := r; q != nil; q = q.Parent {
		if q.IsClone() {
			return true
		}
	}
	return false
}

// Top returns r's top-level ancestor (r itself at top level).
func (r *Resource) Top() *Resource {
	for r.Parent != nil {
		r = r.Parent
	}
	return r
}

// resourceViews copies the working model's resources into their Result
// form, parents and children included wherever they are listed.
type resourceViews struct {
	p    *plan
	byM  map[*model.Resource]*Resource
	byID map[string]*Resource
}

func newResourceViews(p *plan, n int) *resourceViews {
	return &resourceViews{p: p, byM: make(map[*model.Resource]*Resource, n), byID: make(map[string]*Resource, n)}
}

// of returns the view of m, making it (and its parent and children) the
// first time.
func (v *resourceViews) of(m *model.Resource) *Resource {
	if m == nil {
		return nil
	}
	if r, ok := v.byM[m]; ok {
		return r
	}
	r := &Resource{ID: m.ID, Index: m.Index, kind: m.Kind, Promotable: m.Promotable, Orphan: m.Orphan,
		Managed: m.Managed, Failed: m.Failed, Blocked: m.Blocked, Role: m.Role, NextRole: m.NextRole,
		RunningOn: m.RunningOn, AssignedTo: m.AssignedTo, Why: m.Why, Active: len(m.Children) == 0 && v.p.active(m)}
	v.byM[m] = r
	if _, dup := v.byID[m.ID]; !dup {
		v.byID[m.ID] = r
	}
	if o := m.CloneOpts; o != nil {
		r.CloneLimits = &CloneLimits{Min: o.Min, PromotedMax: o.PromotedMax, PromotedNodeMax: o.PromotedNodeMax}
	}
	for _, b := range m.CapacityBans {
		r.CapacityBans = append(r.CapacityBans, CapacityBan{Node: b.Node, Text: b.Text()})
	}
	r.Parent = v.of(m.Parent)
	if len(m.Children) > 0 {
		r.Children = make([]*Resource, len(m.Children))
		for i, c := range m.Children {
			r.Children[i] = v.of(c)
		}
	}
	if n := m.AssignedTo; n >= 0 && n < len(v.p.Nodes) {
		r.where = v.p.Nodes[n].Uname
	}
	r.why = m.Why
	return r
}

// all returns the views of ms, in order.
func (v *resourceViews) all(ms []*model.Resource) []*Resource {
	out := make([]*Resource, len(ms))
	for i, m := range ms {
		out[i] = v.of(m)
	}
	return out
}
