package importer

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"pcl/internal/suggest"
)

// idDecl is where an id was declared.
type idDecl struct {
	elem string
	rng  hcl.Range
}

// refKind says what a reference may name.
type refKind int

const (
	refResource refKind = iota // rsc, with-rsc, first, then, resource_ref: a resource, template or tag
	refTemplate                // a primitive's template
	refRole                    // an ACL target's or group's role
	refAny                     // id-ref, obj_ref: any element with that id
)

// resourceElems are the elements a constraint may name.
var resourceElems = map[string]bool{
	"primitive": true, "group": true, "clone": true, "master": true,
	"bundle": true, "template": true, "tag": true,
}

// reference is a use of an id, checked once the whole document is read.
type reference struct {
	id   string
	kind refKind
	attr string // the attribute (or element) that holds it
	elem string
	rng  hcl.Range
}

// declare records a configuration id; a second declaration of the same id
// is an error naming the first.
func (r *reader) declare(e *elem, id string) {
	if id == "" {
		return
	}
	if prev, ok := r.ids[id]; ok {
		r.errorf(e.rng, "Duplicate id",
			"The id %q of <%s> is already used by <%s> at %s; ids must be unique in a CIB.", id, e.name, prev.elem, where(prev.rng))
		return
	}
	r.ids[id] = idDecl{elem: e.name, rng: e.rng}
}

// declareNode records a node id; node ids live apart from the other ids
// (a remote node's id is usually its connection resource's id).
func (r *reader) declareNode(e *elem, id string) {
	if prev, ok := r.nodeIDs[id]; ok {
		r.errorf(e.rng, "Duplicate node id",
			"The node id %q is already used by the node at %s; node ids must be unique.", id, where(prev.rng))
		return
	}
	r.nodeIDs[id] = idDecl{elem: e.name, rng: e.rng}
}

// refer records a reference held in attribute attr of e.
func (r *reader) refer(e *elem, attr, id string, kind refKind) {
	if id == "" {
		return
	}
	r.refs = append(r.refs, reference{id: id, kind: kind, attr: attr, elem: e.name, rng: e.rng})
}

func (r *reader) checkReferences() {
	for _, ref := range r.refs {
		decl, ok := r.ids[ref.id]
		var want string
		switch ref.kind {
		case refResource:
			ok = ok && resourceElems[decl.elem]
			want = "resource, template or tag"
		case refTemplate:
			ok = ok && decl.elem == "template"
			want = "template"
		case refRole:
			ok = ok && decl.elem == "acl_role"
			want = "ACL role"
		case refAny:
			want = "element"
		}
		if ok {
			continue
		}
		detail := fmt.Sprintf("%s=%q of <%s> names no %s in this CIB.", ref.attr, ref.id, ref.elem, want)
		if decl.elem != "" {
			detail = fmt.Sprintf("%s=%q of <%s> names the <%s> at %s, which is not a %s.", ref.attr, ref.id, ref.elem, decl.elem, where(decl.rng), want)
		} else if s := r.suggest(ref.id, ref.kind); s != "" {
			detail += fmt.Sprintf(" Did you mean %q?", s)
		}
		// Pacemaker ignores a constraint whose resource does not exist,
		// so the CIB still means something; a missing template, role or
		// referenced set leaves its user without content.
		switch {
		case ref.kind == refResource && r.schemaChecked && decl.elem == "":
			r.errorf(ref.rng, "Unknown reference", "%s Pacemaker's schema refuses a reference to an id the CIB does not hold (\"IDREF attribute %s references an unknown ID\"), and crm_verify and crm_simulate refuse the CIB.", detail, ref.attr)
		case ref.kind == refResource:
			r.warnf(ref.rng, "Unknown reference", "%s Pacemaker ignores the constraint.", detail)
		default:
			r.errorf(ref.rng, "Unknown reference", "%s", detail)
		}
	}
}

// suggest returns the declared id closest to id, when close enough to be
// a likely typo.
func (r *reader) suggest(id string, kind refKind) string {
	names := make([]string, 0, len(r.ids))
	for k, d := range r.ids {
		if kind == refResource && !resourceElems[d.elem] {
			continue
		}
		names = append(names, k)
	}
	return suggest.Closest(id, names)
}

// where spells a position for a diagnostic's detail: file:line:column.
func where(rng hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", rng.Filename, rng.Start.Line, rng.Start.Column)
}
