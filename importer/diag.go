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

	// schemaChecked is false when the CIB turns Pacemaker's schema
	// validation off (validate-with="none"): then what the schema refuses
	// is only a warning, as Pacemaker goes on without it.
	schemaChecked bool
	// inStatus is true while reading <status>, whose content the schema
	// does not check.
	inStatus bool
}

func newReader(filename string) *reader {
	return &reader{filename: filename, ids: map[string]idDecl{}, nodeIDs: map[string]idDecl{}, schemaChecked: true}
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
	if r.schemaRefuses() {
		r.errorf(c.rng, "Unknown element",
			"<%s> is not an element of the CIB inside <%s>; Pacemaker's schema refuses it (\"Did not expect element %s there\"), and crm_verify and crm_simulate refuse the CIB.", c.name, parent.name, c.name)
		return
	}
	r.warnf(c.rng, "Unknown element",
		"<%s> is not an element pcl knows inside <%s>; it and its content are left out.", c.name, parent.name)
}

// schemaRefuses tells whether what Pacemaker's schema refuses at the
// current place makes Pacemaker refuse the CIB: in the configuration of a
// CIB that does not turn validation off.
func (r *reader) schemaRefuses() bool {
	return r.schemaChecked && !r.inStatus
}

// schemaError reports what the schema refuses: an error when Pacemaker
// validates the CIB, else a warning saying validation is off.
func (r *reader) schemaError(rng hcl.Range, summary, format string, args ...any) {
	if r.schemaRefuses() {
		r.errorf(rng, summary, format+" Pacemaker's schema refuses it, and crm_verify and crm_simulate refuse the CIB.", args...)
		return
	}
	r.warnf(rng, summary, format+" The CIB turns schema validation off (validate-with=\"none\"), so Pacemaker goes on without it.", args...)
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
