package importer

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
)

// Read parses a CIB XML document (configuration, optionally with status)
// into IR. filename is used in diagnostics only. cib is nil when diags has
// errors.
//
// The root may be <cib> or, for the output of `cibadmin -Q -o
// configuration`, a bare <configuration>.
func Read(filename string, src []byte) (cib *ir.CIB, diags hcl.Diagnostics) {
	root, diags := parseTree(filename, src)
	if diags.HasErrors() {
		return nil, diags
	}
	r := newReader(filename)
	r.diags = diags
	cib = &ir.CIB{}
	switch root.name {
	case "cib":
		r.cib(root, cib)
	case "configuration":
		// What cibadmin -Q -o configuration prints: useful to import,
		// though no Pacemaker tool takes it as a CIB.
		r.warnf(root.rng, "Bare configuration", "The root element is <configuration>, not <cib>: pcl reads it as a CIB's configuration (cibadmin -Q -o configuration prints one), but crm_verify and crm_simulate refuse such a document (Input is not a CIB).")
		cib.Config = r.config(root)
	default:
		r.errorf(root.rng, "Not a CIB", "The root element is <%s>; a CIB document's root is <cib> (or <configuration>).", root.name)
	}
	if cib.Config == nil && !r.diags.HasErrors() {
		r.errorf(root.rng, "Missing configuration", "The <cib> element has no <configuration> child; every CIB has one.")
	}
	r.checkReferences()
	if r.diags.HasErrors() {
		return nil, r.diags
	}
	return cib, r.diags
}

func (r *reader) cib(e *elem, cib *ir.CIB) {
	if v, ok := e.lookup("validate-with"); ok && strings.EqualFold(v, "none") {
		r.schemaChecked = false
	}
	cib.Attrs = verbatim(e)
	r.checkCounters(e)
	for _, c := range e.children {
		switch c.name {
		case "configuration":
			if cib.Config != nil {
				r.duplicateChild(e, c)
				continue
			}
			cib.Config = r.config(c)
		case "status":
			if cib.Status != nil {
				r.duplicateChild(e, c)
				continue
			}
			r.inStatus = true
			cib.Status = r.status(c)
			r.inStatus = false
		default:
			r.unknownChild(e, c)
		}
	}
	r.finish(e)
}

// checkCounters checks the <cib> version counters, which the schema types
// as nonNegativeInteger.
func (r *reader) checkCounters(e *elem) {
	for _, a := range e.attrs {
		switch a.Name.Local {
		case "admin_epoch", "epoch", "num_updates":
		default:
			continue
		}
		v := strings.TrimSpace(a.Value)
		ok := v != ""
		for _, c := range strings.TrimPrefix(v, "+") {
			if c < '0' || c > '9' {
				ok = false
			}
		}
		if !ok {
			r.schemaError(e.rng, "Invalid cib attribute",
				"%s=%q of <cib> is not a whole number >= 0 (\"Type nonNegativeInteger doesn't allow value '%s'\").", a.Name.Local, a.Value, a.Value)
		}
	}
}
