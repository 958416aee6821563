package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
)

// This file reports what Pacemaker reads with a configuration warning
// (pcmk__config_warn, pe_warn_once), on which crm_verify fails, in every
// release pcl compiles for: deprecated forms Pacemaker still reads.
// Measured on the scheduler corpora with 2.1.5's and 3.0's crm_verify.

// orderAttrAt records where the order's attribute name is written.
func (l *lowerer) orderAttrAt(o *ir.Order, name string, rng hcl.Range) {
	if l.orderAttrs == nil {
		l.orderAttrs = map[*ir.Order]map[string]hcl.Range{}
	}
	if l.orderAttrs[o] == nil {
		l.orderAttrs[o] = map[string]hcl.Range{}
	}
	l.orderAttrs[o][name] = rng
}

// orderAttrRange is where the order's attribute name is written, else the
// order's block.
func (l *lowerer) orderAttrRange(o *ir.Order, name string) hcl.Range {
	if r, ok := l.orderAttrs[o][name]; ok {
		return r
	}
	return o.DeclRange
}

func (l *lowerer) checkConfigWarnings() {
	for _, c := range l.cfg.Constraints {
		switch c := c.(type) {
		case *ir.Order:
			l.checkOrderRequireAll(c)
			l.checkSerializeSymmetry(c)
		case *ir.Colocation:
			l.checkTemplateColocation(c)
		}
	}
	l.checkUniqueInstanceRefs()
	for _, id := range sortedKeys(l.resources) {
		switch r := l.resources[id].(type) {
		case *ir.Group:
			l.checkGroupFlags(r)
		case *ir.Clone:
			l.checkForcedAnonymous(r)
		}
	}
}

// checkOrderRequireAll reports require-all on an order whose first
// resource is a clone without clone-min: get_minimum_first_instances
// warns that it is deprecated (clone-min replaces it).
func (l *lowerer) checkOrderRequireAll(o *ir.Order) {
	if o.RequireAll == nil || len(o.Sets) > 0 {
		return
	}
	c, ok := l.resources[o.First].(*ir.Clone)
	if !ok || metaSet(c.Sets, "clone-min") || metaSet(l.cfg.RscDefaults, "clone-min") {
		return
	}
	l.diags = append(l.diags, errorAt(l.orderAttrRange(o, "require-all"), "Deprecated order option",
		"Pacemaker warns that require-all on an order is deprecated, and crm_verify fails on the warning; set clone-min in the meta attributes of the clone %q instead (require-all = false is clone-min = 1).", o.First))
}

// checkSerializeSymmetry reports symmetrical = true on a Serialize order
// (or set): get_ordering_symmetry ignores it with a configuration warning.
func (l *lowerer) checkSerializeSymmetry(o *ir.Order) {
	if o.Symmetrical == nil || !o.Symmetrical.Value {
		return
	}
	serialize := o.Kind == ir.KindSerialize && len(o.Sets) == 0
	for _, s := range o.Sets {
		kind := o.Kind
		if s.Kind != "" {
			kind = s.Kind
		}
		serialize = serialize || kind == ir.KindSerialize
	}
	if serialize {
		l.diags = append(l.diags, errorAt(l.orderAttrRange(o, "symmetrical"), "Symmetrical Serialize order",
			"A Serialize order cannot be symmetrical; Pacemaker ignores symmetrical = true with a configuration warning, and crm_verify fails on it. Leave symmetrical out."))
	}
}

// groupFlags are the group meta attributes whose false value
// set_group_flag warns is deprecated.
var groupFlags = []string{"ordered", "collocated"}

// checkGroupFlags reports ordered or collocated set to false on a group,
// or on the clone holding it, or in rsc_defaults: a group reads its
// parent's meta attributes and the defaults under its own.
func (l *lowerer) checkGroupFlags(g *ir.Group) {
	for _, name := range groupFlags {
		sets := g.Sets
		inherited := ""
		if parent, ok := l.parent[g.ID].(*ir.Clone); ok && !metaSet(sets, name) {
			sets, inherited = parent.Sets, parent.ID
		}
		if !metaSet(sets, name) {
			sets, inherited = l.cfg.RscDefaults, ""
		}
		for _, s := range sets {
			if s.Kind != ir.MetaAttributes || len(s.Rules) > 0 {
				continue
			}
			for _, p := range s.Pairs {
				if p.Name != name || p.Value == nil {
					continue
				}
				if v, ok := ir.ParseBool(*p.Value); ok && !v && inherited != "" {
					l.diags = append(l.diags, errorAt(p.DeclRange, "Deprecated group option",
						"The clone %q's %s = false reaches its group %q, for which Pacemaker warns that %q = false is deprecated, and crm_verify fails on the warning; leave %s out (false is a clone's default).", inherited, name, g.ID, name, name))
				} else if ok && !v {
					l.diags = append(l.diags, errorAt(p.DeclRange, "Deprecated group option",
						"Pacemaker warns that the group meta attribute %q = false is deprecated, and crm_verify fails on the warning; instead of the group %q, write its members as a resource set (an order or colocation set with sequential = false).", name, g.ID))
				}
			}
		}
	}
}

// templateOrTag reports whether id names a template or a tag.
func (l *lowerer) templateOrTag(id string) bool {
	if _, ok := l.resources[id].(*ir.Template); ok {
		return true
	}
	for _, t := range l.cfg.Tags {
		if t.ID == id {
			return true
		}
	}
	return false
}

// checkTemplateColocation reports a colocation of two templates or tags,
// which unpack_colocation_tags ignores as a configuration error.
func (l *lowerer) checkTemplateColocation(c *ir.Colocation) {
	if len(c.Sets) > 0 || !l.templateOrTag(c.Dependent) || !l.templateOrTag(c.Primary) {
		return
	}
	l.diags = append(l.diags, errorAt(c.DeclRange, "Colocation of two templates",
		"Pacemaker cannot colocate two templates or tags (%q with %q): it ignores the constraint as a configuration error, and crm_verify fails. Colocate resources, or one template or tag with a resource.", c.Dependent, c.Primary))
}

// checkForcedAnonymous reports globally-unique = true on a clone of a
// primitive whose agent is neither OCF nor a fencing device: pe__force_anon makes it anonymous
// with a configuration warning.
func (l *lowerer) checkForcedAnonymous(c *ir.Clone) {
	if !l.forcedAnonymous(c) {
		return
	}
	sets := c.Sets
	if !metaSet(c.Sets, "globally-unique") {
		sets = l.cfg.RscDefaults
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes || len(s.Rules) > 0 {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name != "globally-unique" || p.Value == nil {
				continue
			}
			if v, ok := ir.ParseBool(*p.Value); ok && v {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Unique clone of a non-OCF agent",
					"Only OCF and fencing agents can run as unique clone instances; Pacemaker makes the clone %q of a %s agent anonymous with a configuration warning, and crm_verify fails on it. Leave globally-unique out.", c.ID, l.agentOf(c.Child.(*ir.Primitive)).Class))
				return
			}
		}
	}
}

// uniqueClone reports whether Pacemaker reads c as globally unique: its
// globally-unique meta attribute (or rsc_defaults'), or from 3.0.0 a
// clone-node-max above 1 (detect_unique); never a clone of a non-OCF
// primitive (pe__force_anon).
func (l *lowerer) uniqueClone(c *ir.Clone) bool {
	if l.forcedAnonymous(c) {
		return false
	}
	switch {
	case metaSet(c.Sets, "globally-unique"):
		return metaTrue(c.Sets, "globally-unique")
	case metaSet(l.cfg.RscDefaults, "globally-unique"):
		return metaTrue(l.cfg.RscDefaults, "globally-unique")
	}
	return l.target.Since(pcmk.V3_0_0) && cloneNodeMaxAbove1(c.Sets, l.cfg.RscDefaults)
}

// cloneNodeMaxAbove1 reports whether clone-node-max is above 1 in sets,
// else in defaults.
func cloneNodeMaxAbove1(sets, defaults []*ir.NVSet) bool {
	if !metaSet(sets, "clone-node-max") {
		sets = defaults
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == "clone-node-max" && p.Value != nil {
				if n, _, ok := pcmk.ScanLL(*p.Value); ok && n > 1 {
					return true
				}
			}
		}
	}
	return false
}

// checkUniqueInstanceRefs reports a constraint naming a resource inside a
// unique clone: its instances are known as ID:N only (their history id),
// so pcmk__find_constraint_resource finds none and the constraint is
// ignored as a configuration error.
func (l *lowerer) checkUniqueInstanceRefs() {
	constraintRef := map[string]bool{"location": true, "order": true, "colocation": true, "ticket": true}
	for _, ref := range l.refs {
		if ref.kind != refResource || !constraintRef[ref.what] {
			continue
		}
		for id := ref.id; ; {
			parent, ok := l.parent[id]
			if !ok {
				break
			}
			if c, ok := parent.(*ir.Clone); ok {
				if l.uniqueClone(c) {
					l.diags = append(l.diags, errorAt(ref.rng, "Constraint on a unique clone's child",
						"%q is inside the globally unique clone %q, whose instances Pacemaker knows only as %s:0, %s:1, ...; it finds no resource %q and ignores the %s as a configuration error, and crm_verify fails. Name the clone %q instead.", ref.id, c.ID, ref.id, ref.id, ref.id, ref.what, c.ID))
				} else {
					// Not an error: a running cluster's CIB whose status
					// records an instance as ref.id passes crm_verify,
					// and such CIBs import and compile back.
					l.diags = append(l.diags, warningAt(ref.rng, "Constraint on a clone's child",
						"%q is inside the clone %q. Pacemaker finds an anonymous clone's child by that name only through a running cluster's status (an instance recorded as %q); in a CIB without status, as pcl compile writes it, crm_verify refuses the %s. Name the clone %q instead.", ref.id, c.ID, ref.id, ref.what, c.ID))
				}
				break
			}
			id = parent.ResourceID()
		}
	}
}
