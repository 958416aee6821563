package planner

import (
	"fmt"
	"sort"

	"pcl/ir"
	"pcl/planner/model"
	"pcl/planner/transition"
)

// unknowns lists what this run cannot compute exactly: resources of kinds
// the planner does not place, bundles whose actions are not exact
// (bundle_unknown.go), the promotable instances whose promotion is not
// reproduced exactly, everything tied to those by a colocation, an order
// or a ticket (directly or through other such resources, and whole
// groups), and the whole plan when the cluster has remote or guest nodes
// the planner does not create (remoteUnknowns).
// Pacemaker would place and order these; the planner says it does not
// know rather than leave the constraints out and answer with confidence.
func (p *plan) unknowns(withActions bool) []Unknown {
	var out []Unknown
	if p.CIB == nil || p.CIB.Config == nil {
		return nil
	}
	out = append(out, p.remoteUnknowns()...)
	cause := map[string]string{} // resource id -> the root it depends on
	why := map[string]string{}   // root id -> what is not computed of it
	var roots []string
	for _, u := range p.promotionUnknowns() {
		out = append(out, u)
		// What is tied to the clone follows the instance's role, which is
		// not known: its placement is not either.
		top := p.byID[u.Resource].Top()
		if _, seen := cause[top.ID]; !seen {
			roots = append(roots, top.ID)
			cause[top.ID] = top.ID
			why[top.ID] = fmt.Sprintf("%s, whose instance %s's promotion is not computed exactly", top.ID, u.Resource)
		}
	}
	for _, r := range p.CIB.Config.Resources {
		rsc := p.byID[r.ResourceID()]
		if rsc == nil {
			continue
		}
		var detail string
		switch {
		case p.notPlanned(rsc):
			detail = fmt.Sprintf("%s is a %s, which the planner does not place yet.", rsc.ID, rsc.Kind)
		case withActions && !transition.SchedulesResource(p.target, rsc):
			detail = fmt.Sprintf("%s is a %s: the planner places its instances but does not compute their actions yet.", rsc.ID, rsc.Kind)
		case withActions && p.bundleActionsUnknown(rsc) != "":
			detail = fmt.Sprintf("%s is a %s whose actions are not computed exactly: %s.", rsc.ID, rsc.Kind, p.bundleActionsUnknown(rsc))
		default:
			continue
		}
		roots = append(roots, rsc.ID)
		cause[rsc.ID] = rsc.ID
		why[rsc.ID] = fmt.Sprintf("%s, a %s the planner does not compute yet", rsc.ID, rsc.Kind)
		out = append(out, Unknown{Resource: rsc.ID, Construct: rsc.Kind.String(), Detail: detail})
		for _, m := range descendants(rsc) {
			out = append(out, Unknown{Resource: m.ID, Construct: rsc.Kind.String(), Detail: fmt.Sprintf("%s belongs to %s. %s", m.ID, rsc.ID, detail)})
		}
	}
	if len(roots) == 0 {
		return out
	}
	// Resources tied together by constraints, as an undirected graph of
	// top-level ids.
	links := map[string][]string{}
	link := func(ids []string) {
		for _, a := range ids {
			for _, b := range ids {
				if a != b {
					links[a] = append(links[a], b)
				}
			}
		}
	}
	for _, c := range p.CIB.Config.Constraints {
		var ids []string
		var sets []*ir.ResourceSet
		switch c := c.(type) {
		case *ir.Colocation:
			ids, sets = []string{c.Dependent, c.Primary}, c.Sets
		case *ir.Order:
			ids, sets = []string{c.First, c.Then}, c.Sets
		case *ir.Ticket:
			ids, sets = []string{c.Resource}, c.Sets
		default:
			continue
		}
		for _, s := range sets {
			ids = append(ids, s.Resources...)
		}
		link(p.topIDs(ids))
	}
	// Breadth first from the unplanned resources, so that each dependent
	// names the nearest one.
	queue := append([]string(nil), roots...)
	var found []string
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, next := range links[id] {
			if _, seen := cause[next]; seen {
				continue
			}
			cause[next] = cause[id]
			found = append(found, next)
			queue = append(queue, next)
		}
	}
	sort.Strings(found)
	for _, id := range found {
		root := p.byID[cause[id]]
		what := construct(root)
		out = append(out, Unknown{Resource: id, Construct: what,
			Detail: fmt.Sprintf("%s is tied by constraints to %s, so its placement and actions are unknown.", id, why[root.ID])})
		if r := p.byID[id]; r != nil {
			for _, m := range r.Children {
				out = append(out, Unknown{Resource: m.ID, Construct: what,
					Detail: fmt.Sprintf("%s belongs to %s, which is tied by constraints to %s.", m.ID, id, why[root.ID])})
			}
		}
	}
	return out
}

// construct names r's kind in an Unknown: "promotable clone" for a
// promotable clone, which reports call it so.
func construct(r *model.Resource) string {
	if r.Kind == model.KindClone && r.Promotable {
		return "promotable clone"
	}
	return r.Kind.String()
}

// topIDs maps resource, tag and template ids to the ids of the top-level
// resources they stand for.
func (p *plan) topIDs(ids []string) []string {
	var out []string
	add := func(id string) {
		if r := p.byID[id]; r != nil {
			out = append(out, r.Top().ID)
		}
	}
	for _, id := range ids {
		if _, ok := p.byID[id]; ok {
			add(id)
		} else if refs, ok := p.tagRefs(id); ok {
			for _, ref := range refs {
				add(ref)
			}
		}
	}
	return out
}

// descendants lists r's members and instances, depth first.
func descendants(r *model.Resource) []*model.Resource {
	var out []*model.Resource
	for _, c := range r.Children {
		out = append(out, c)
		out = append(out, descendants(c)...)
	}
	return out
}

// promotionUnknowns lists the instances of promotable clones whose
// promotion Pacemaker decides in a way the planner does not reproduce: an
// unmanaged instance active where it cannot be assigned (as when its node
// is in standby and its clone is disabled) keeps or loses its Promoted
// role by rules not modelled yet, which the differential tests found.
func (p *plan) promotionUnknowns() []Unknown {
	var out []Unknown
	for _, r := range p.Resources {
		if r.Parent == nil || !r.Parent.Promotable || r.Managed || len(r.RunningOn) == 0 || r.AssignedTo >= 0 || len(r.Children) > 0 {
			continue
		}
		out = append(out, Unknown{Resource: r.ID, Construct: construct(r.Parent),
			Detail: fmt.Sprintf("%s is unmanaged and active on %s but cannot be assigned there: its promotion score and role, as Pacemaker decides them, are not computed exactly.", r.ID, p.Nodes[r.RunningOn[0]].Uname)})
	}
	return out
}
