package importer

import (
	"fmt"
	"iter"

	"github.com/hashicorp/hcl/v2"
)

// reader converts an element tree into IR, collecting diagnostics and
// the ids and references it meets for the checks made at the end.
type reader struct {
	filename string
	diags    hcl.Diagnostics

	ids     map[string]idDecl // configuration ids (XML IDs in the schema)
	nodeIDs map[string]idDecl // node ids, a namespace of their own
	refs    []reference
}

func newReader(filename string) *reader {
	return &reader{filename: filename, ids: map[string]idDecl{}, nodeIDs: map[string]idDecl{}}
}

func (r *reader) diag(sev hcl.DiagnosticSeverity, rng hcl.Range, summary, format string, args ...any) {
	subject := rng
	r.diags = append(r.diags, &hcl.Diagnostic{Severity: sev, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &subject})
}

func (r *reader) errorf(rng hcl.Range, summary, format string, args ...any) {
	r.diag(hcl.DiagError, rng, summary, format, args...)
}

func (r *reader) warnf(rng hcl.Range, summary, format string, args ...any) {
	r.diag(hcl.DiagWarning, rng, summary, format, args...)
}

// finish reports the attributes of e that no converter read, and text
// inside it: both are outside what pcl knows of the CIB and are left out.
func (r *reader) finish(e *elem) {
	for i, a := range e.attrs {
		if e.used[i] {
			continue
		}
		r.warnf(e.rng, "Unknown attribute",
			"The attribute %s=%q of <%s> is not one pcl knows for this element; it is left out.", qualified(a.Name), a.Value, e.name)
	}
	if e.text.Len() > 0 {
		r.warnf(e.textAt, "Unexpected text",
			"<%s> holds text, which no CIB element has; it is left out.", e.name)
	}
}

func (r *reader) unknownChild(parent, c *elem) {
	r.warnf(c.rng, "Unknown element",
		"<%s> is not an element pcl knows inside <%s>; it and its content are left out.", c.name, parent.name)
}

func (r *reader) duplicateChild(parent, c *elem) {
	r.errorf(c.rng, "Duplicate element",
		"<%s> may appear only once inside <%s>; this second one would be lost.", c.name, parent.name)
}

// required reads an attribute the schema requires, with an error when it
// is missing.
func (r *reader) required(e *elem, name string) string {
	v, ok := e.lookup(name)
	if !ok {
		r.errorf(e.rng, "Missing attribute", "<%s> needs the %s attribute.", e.name, name)
	}
	return v
}

// childrenNamed yields the children of e named name, in order, and reports
// every other child as unknown.
func (r *reader) childrenNamed(e *elem, name string) iter.Seq[*elem] {
	return func(yield func(*elem) bool) {
		for _, c := range e.children {
			if c.name != name {
				r.unknownChild(e, c)
				continue
			}
			if !yield(c) {
				return
			}
		}
	}
}

// idRefs reads the children of e named name (resource_ref, obj_ref,
// role) that each name an id of the given kind, in order.
func (r *reader) idRefs(e *elem, name string, kind refKind) []string {
	var ids []string
	for c := range r.childrenNamed(e, name) {
		id := r.required(c, "id")
		r.refer(c, "id", id, kind)
		ids = append(ids, id)
		r.finish(c)
	}
	return ids
}
