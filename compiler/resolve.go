package compiler

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
)

// This file is the resolve pass: members = [...] and resource = "..." move
// top-level resources into their group or clone, and every reference is
// checked against the ids the policy declares.

type refKind int

const (
	refResource refKind = iota // a resource or a tag of resources
	refTemplate                // a template
	refACLRole                 // an acl_role
	refDevice                  // a fencing device (a resource; dangling is a warning)
	refAny                     // any id of the CIB (id-refs, tag members)
)

// reference is one use of an id, recorded by the lower pass.
type reference struct {
	kind refKind
	id   string
	rng  hcl.Range
	what string  // the construct that refers, for messages
	role ir.Role // the role a constraint asks of the resource
}

// move puts a top-level resource into a group (at member slot at) or clone.
type move struct {
	into ir.Resource
	id   string
	rng  hcl.Range
	at   int
}

func (l *lowerer) resolve() {
	moved := map[string]hcl.Range{}
	remove := map[ir.Resource]bool{}
	for _, m := range l.moves {
		target, ok := l.resources[m.id]
		if !ok {
			l.diags = append(l.diags, errorAt(m.rng, "Unknown resource",
				"There is no resource named %q%s.", m.id, suggestion(m.id, sortedKeys(l.resources))))
			continue
		}
		if first, dup := moved[m.id]; dup {
			l.diags = append(l.diags, errorAt(m.rng, "Resource in two groups",
				"The resource %q is already placed in another group or clone at %s; a resource belongs to one.", m.id, where(first)))
			continue
		}
		if p, nested := l.parent[m.id]; nested {
			l.diags = append(l.diags, errorAt(m.rng, "Resource in two groups",
				"The resource %q is declared inside %q (%s); a resource belongs to one group or clone.", m.id, p.ResourceID(), where(l.resRange[p.ResourceID()])))
			continue
		}
		if target == m.into {
			l.diags = append(l.diags, errorAt(m.rng, "Resource contains itself", "%q cannot be placed inside itself.", m.id))
			continue
		}
		switch into := m.into.(type) {
		case *ir.Group:
			p, ok := target.(*ir.Primitive)
			if !ok {
				l.diags = append(l.diags, errorAt(m.rng, "Group member is not a primitive",
					"Only primitives can be members of a group; %q is a %s.", m.id, kindOf(target)))
				continue
			}
			at := m.at
			if at > len(into.Members) {
				at = len(into.Members)
			}
			into.Members = append(into.Members[:at], append([]*ir.Primitive{p}, into.Members[at:]...)...)
		case *ir.Clone:
			switch target.(type) {
			case *ir.Primitive, *ir.Group:
			case *ir.Clone:
				l.diags = append(l.diags, errorAt(m.rng, "Clone of a clone",
					"%q is already a clone (declared at %s); a clone holds a primitive or a group.", m.id, where(l.resRange[m.id])))
				continue
			default:
				l.diags = append(l.diags, errorAt(m.rng, "Invalid clone child",
					"A clone holds a primitive or a group; %q is a %s.", m.id, kindOf(target)))
				continue
			}
			if into.Child != nil {
				l.diags = append(l.diags, errorAt(m.rng, "Clone with two children",
					"The clone %q already has a child; a clone holds exactly one primitive or group.", into.ID))
				continue
			}
			into.Child = target
		}
		moved[m.id] = m.rng
		l.parent[m.id] = m.into
		remove[target] = true
	}
	if len(remove) > 0 {
		kept := l.cfg.Resources[:0]
		for _, r := range l.cfg.Resources {
			if !remove[r] {
				kept = append(kept, r)
			}
		}
		l.cfg.Resources = kept
	}

	tags := map[string]bool{}
	for _, t := range l.cfg.Tags {
		tags[t.ID] = true
	}
	roles := map[string]bool{}
	for _, e := range l.cfg.ACLs {
		if r, ok := e.(*ir.ACLRole); ok {
			roles[r.ID] = true
		}
	}
	for _, r := range l.refs {
		switch r.kind {
		case refResource, refDevice:
			if _, ok := l.resources[r.id]; ok || tags[r.id] {
				continue
			}
			candidates := append(sortedKeys(l.resources), sortedKeys(tags)...)
			d := errorAt(r.rng, "Unknown resource", "The %s refers to %q, but no resource or tag has that name%s.",
				r.what, r.id, suggestion(r.id, candidates))
			if r.kind == refDevice {
				d.Severity = hcl.DiagWarning
				d.Summary = "Unknown fencing device"
			}
			l.diags = append(l.diags, d)
		case refTemplate:
			if _, ok := l.resources[r.id].(*ir.Template); ok {
				continue
			}
			var names []string
			for id, res := range l.resources {
				if _, ok := res.(*ir.Template); ok {
					names = append(names, id)
				}
			}
			l.diags = append(l.diags, errorAt(r.rng, "Unknown template",
				"The %s refers to template %q, which is not declared%s.", r.what, r.id, suggestion(r.id, names)))
		case refACLRole:
			if !roles[r.id] {
				l.diags = append(l.diags, errorAt(r.rng, "Unknown ACL role",
					"The %s grants role %q, which no acl_role declares%s.", r.what, r.id, suggestion(r.id, sortedKeys(roles))))
			}
		case refAny:
			if _, ok := l.ids[r.id]; !ok {
				l.diags = append(l.diags, errorAt(r.rng, "Unknown id",
					"The %s refers to id %q, which is not declared anywhere in the policy%s.", r.what, r.id, suggestion(r.id, sortedKeys(l.ids))))
			}
		}
	}
}

func kindOf(r ir.Resource) string {
	switch r := r.(type) {
	case *ir.Primitive:
		return "primitive"
	case *ir.Template:
		return "template"
	case *ir.Group:
		return "group"
	case *ir.Clone:
		if r.Master {
			return "master"
		}
		return "clone"
	case *ir.Bundle:
		return "bundle"
	}
	return fmt.Sprintf("%T", r)
}
