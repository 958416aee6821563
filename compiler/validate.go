package compiler

import (
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// This file is the validate pass: Pacemaker's rules that hold across
// elements, and pcl's lints (warnings).

func (l *lowerer) validate() {
	for _, r := range l.cfg.Resources {
		l.walkResource(r)
	}
	for _, c := range l.cfg.Constraints {
		if loc, ok := c.(*ir.Location); ok {
			for _, r := range loc.Rules {
				l.validateRule(r)
			}
		}
	}
	for _, sets := range [][]*ir.NVSet{l.cfg.Properties, l.cfg.RscDefaults, l.cfg.OpDefaults} {
		for _, s := range sets {
			for _, r := range s.Rules {
				l.validateRule(r)
			}
		}
	}
	for _, s := range l.cfg.RscDefaults {
		l.checkMeta(s)
		l.checkDefaultRole(s)
	}
	for _, s := range l.cfg.OpDefaults {
		l.checkOpMeta(s)
	}
	l.validateRefs()
	l.checkCycles()
	l.checkFencingDisabled()
	l.checkConfigWarnings()
	l.checkLints()
}

func (l *lowerer) walkResource(r ir.Resource) {
	switch r := r.(type) {
	case *ir.Primitive:
		l.checkPrimitive(r)
	case *ir.Template:
		l.validatePrimitive(&r.Primitive)
	case *ir.Group:
		l.validateSets(r.Sets)
		l.checkRoleMeta(r, r.Sets)
		for _, m := range r.Members {
			l.checkPrimitive(m)
		}
	case *ir.Clone:
		l.validateSets(r.Sets)
		l.checkRoleMeta(r, r.Sets)
		l.checkCloneNodeMax(r)
		if r.Child != nil {
			l.walkResource(r.Child)
		}
	case *ir.Bundle:
		l.validateSets(r.Sets)
		if r.Child != nil {
			l.checkPrimitive(r.Child)
		}
	}
}

// checkPrimitive runs the checks of a primitive that is a resource (not a
// template).
func (l *lowerer) checkPrimitive(p *ir.Primitive) {
	l.validatePrimitive(p)
	l.checkDeviceRequires(p)
	l.checkRoleMeta(p, p.Sets)
	l.checkPromotableAgent(p)
	l.checkAgent(p)
}

// checkRoleMeta reports a target-role of Promoted or Unpromoted on a
// resource that cannot be promoted: Pacemaker ignores it as a
// configuration error ("only makes sense for promotable clones"), which
// crm_verify refuses.
func (l *lowerer) checkRoleMeta(res ir.Resource, sets []*ir.NVSet) {
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name != "target-role" || p.Value == nil {
				continue
			}
			switch role := ir.Role(*p.Value).Normalize(); role {
			case ir.RolePromoted, ir.RoleUnpromoted:
				if !l.promotable(res) {
					l.diags = append(l.diags, errorAt(p.DeclRange, "Role of a resource that is not promotable",
						"target-role = %q asks for a role only a promotable clone's instances have, and %q is not in one; Pacemaker ignores it as a configuration error, and crm_verify refuses it. Use Started or Stopped.", *p.Value, res.ResourceID()))
				}
			}
		}
	}
}

// checkPromotableAgent reports a primitive of a promotable clone whose
// agent is not OCF: only OCF agents can promote, and Pacemaker refuses the
// clone ("cannot be used as a promotable clone resource").
func (l *lowerer) checkPromotableAgent(p *ir.Primitive) {
	class := l.agentOf(p).Class
	if class == "" || strings.EqualFold(class, "ocf") || !l.promotable(p) {
		return
	}
	l.diags = append(l.diags, errorAt(p.DeclRange, "Promotable clone of a non-OCF agent",
		"%q is in a promotable clone but its agent is of class %s; only OCF agents can be promoted, so Pacemaker refuses the clone, and crm_verify with it.", p.ID, class))
}

func (l *lowerer) validateSets(sets []*ir.NVSet) {
	for _, s := range sets {
		for _, r := range s.Rules {
			l.validateRule(r)
		}
		l.checkMeta(s)
	}
}

func (l *lowerer) validatePrimitive(p *ir.Primitive) {
	l.validateSets(p.Sets)
	l.checkIsolation(p.Sets)
	if p.Operations == nil {
		return
	}
	for _, op := range p.Operations.Ops {
		for _, s := range op.Sets {
			l.checkOpMeta(s)
			l.checkOpRequiresMeta(s)
		}
		if op.Requires != "" && l.schemaAtLeast(3, 0) {
			l.diags = append(l.diags, errorAt(op.DeclRange, "Operation requires",
				"Since pacemaker-3.0 the CIB schema has no requires on an operation, and crm_verify refuses it; set requires in the resource's meta attributes."))
		}
	}
	// Pacemaker tells operations apart by name and interval. Two
	// recurring operations of one name and interval are a configuration
	// error (is_op_dup), whatever their roles: Pacemaker schedules neither
	// and crm_verify fails once the resource is placed. Two one-off
	// operations alike are a warning: Pacemaker uses the first.
	type key struct {
		name string
		ms   int64
		role ir.Role
	}
	seen := map[key]*ir.Op{}
	ids := map[string]bool{}
	for _, op := range p.Operations.Ops {
		if op.ID != "" && ids[op.ID] {
			continue // reported as a duplicate id: one mistake, one error
		}
		ids[op.ID] = true
		k := key{op.Name, op.Interval.Ms, op.Role.Normalize()}
		if op.Interval.Ms > 0 {
			k.role = ""
		}
		first, dup := seen[k]
		if !dup {
			seen[k] = op
			continue
		}
		switch {
		case op.Interval.Ms == 0:
			l.diags = append(l.diags, warningAt(op.DeclRange, "Duplicate operation",
				"The resource %q already has a %s operation with interval %s at %s; Pacemaker identifies operations by name and interval (and role), uses the first and ignores this one.",
				p.ID, op.Name, first.Interval.Text, where(first.DeclRange)))
		case first.Role.Normalize() != op.Role.Normalize():
			l.diags = append(l.diags, errorAt(op.DeclRange, "Same interval for two roles",
				"The resource %q already has a %s operation with interval %s at %s, for %s; Pacemaker tells recurring operations apart by name and interval only, not by role, so it runs neither and crm_verify fails on the duplicate. Give each role its own interval (10s and 11s, say).",
				p.ID, op.Name, first.Interval.Text, where(first.DeclRange), roleOrAny(first.Role)))
		default:
			l.diags = append(l.diags, errorAt(op.DeclRange, "Duplicate operation",
				"The resource %q already has a %s operation with interval %s at %s; Pacemaker tells recurring operations apart by name and interval, so it runs neither and crm_verify fails on the duplicate. Remove one.",
				p.ID, op.Name, first.Interval.Text, where(first.DeclRange)))
		}
	}
}

// roleOrAny names the role an operation is for.
func roleOrAny(r ir.Role) string {
	if r == "" {
		return "any role"
	}
	return "the role " + string(r)
}

func (l *lowerer) validateRule(r *ir.Rule) {
	if r.Score != nil && r.ScoreAttribute != "" {
		l.diags = append(l.diags, errorAt(r.DeclRange, "Score with score-attribute",
			"The rule %q has both a score and a score-attribute; a rule takes its score from one of them.", r.ID))
	}
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			l.validateRule(t)
		case *ir.DateExpression:
			rng := t.DeclRange
			if rng.Filename == "" {
				rng = r.DeclRange
			}
			l.checkDateFields(t, rng)
			switch t.Operation {
			case "gt":
				if t.Start == "" {
					l.diags = append(l.diags, errorAt(rng, "Date expression without start",
						"The date expression %q (date gt) needs a start date.", t.ID))
				}
			case "lt":
				if t.End == "" {
					l.diags = append(l.diags, errorAt(rng, "Date expression without end",
						"The date expression %q (date lt) needs an end date.", t.ID))
				}
			case "in_range":
				if t.Start == "" && t.End == "" {
					l.diags = append(l.diags, errorAt(rng, "Date expression without start or end",
						"The date expression %q (date in) needs a start, an end, or both.", t.ID))
				} else if t.End == "" && t.Duration == nil {
					l.diags = append(l.diags, errorAt(rng, "Date expression without end",
						"The date expression %q (date in) has a start but neither an end nor a duration (years=, days=, ...).", t.ID))
				}
			}
		}
	}
}

// knownMeta are the resource meta attributes Pacemaker 2.1 reads
// (primitives, groups, clones, bundles), legacy spellings included.
var knownMeta = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`priority critical target-role is-managed maintenance
		resource-stickiness requires migration-threshold failure-timeout multiple-active
		allow-migrate allow-unhealthy-nodes container-attribute-target remote-node remote-port
		remote-addr remote-connect-timeout remote-allow-migrate globally-unique clone-max
		clone-node-max clone-min notify interleave ordered promotable promoted-max
		promoted-node-max master-max master-node-max collocated restart-type
		resource_stickiness is_managed target_role description isolation isolation-host
		isolation-instance add_host container provides`) {
		knownMeta[n] = true
	}
}

// checkMeta checks a resource meta attribute set (or rsc_defaults) by
// name and, for the attributes Pacemaker reads as a boolean, a number, a
// duration or one of a list, by value.
func (l *lowerer) checkMeta(s *ir.NVSet) {
	if s.Kind != ir.MetaAttributes {
		return
	}
	names := sortedKeys(knownMeta)
	for _, p := range s.Pairs {
		if p.Name == "" || strings.HasPrefix(p.Name, "#") {
			continue
		}
		// The release's own metadata where it prints one, and the
		// attributes of clones, groups and bundles, which no daemon
		// lists.
		if _, listed := l.opts.primitiveMeta[p.Name]; !listed && !knownMeta[p.Name] {
			l.diags = append(l.diags, warningAt(p.DeclRange, "Unknown meta attribute",
				"Pacemaker does not know the meta attribute %q%s; it will be ignored.", p.Name, suggestion(p.Name, names)))
			continue
		}
		if p.Value != nil && !defaultMarker(*p.Value) {
			l.checkMetaValue(p, *p.Value)
		}
	}
}

// checkOpMeta checks the meta attributes of an operation or of
// op_defaults: Pacemaker reads them as the operation's own attributes.
func (l *lowerer) checkOpMeta(s *ir.NVSet) {
	if s.Kind != ir.MetaAttributes {
		return
	}
	for _, p := range s.Pairs {
		if p.Name == "" || opMeta[p.Name] {
			continue
		}
		if _, gone := removedMetas[p.Name]; gone && l.target.Since(pcmk.V3_0_0) {
			continue // removed.go names the replacement
		}
		l.diags = append(l.diags, warningAt(p.DeclRange, "Unknown operation attribute",
			"Pacemaker does not know the operation attribute %q%s; it will be ignored.", p.Name, suggestion(p.Name, opMetaNames)))
	}
}

// opMeta are the operation attributes (docs: Operation Properties) that
// may also be written as op meta attributes or op_defaults.
var opMeta = map[string]bool{}

var opMetaNames = strings.Fields(`id name interval description start-delay interval-origin
	timeout enabled record-pending role requires on-fail OCF_CHECK_LEVEL`)

func init() {
	for _, n := range opMetaNames {
		opMeta[n] = true
	}
}

// validateRefs checks what references mean: roles on promotable resources
// and constraints on group members.
func (l *lowerer) validateRefs() {
	for _, r := range l.refs {
		if r.kind != refResource {
			continue
		}
		res, ok := l.resources[r.id]
		if !ok {
			continue
		}
		if g, inGroup := l.parent[r.id].(*ir.Group); inGroup && r.what != "fencing level" {
			l.diags = append(l.diags, warningAt(r.rng, "Constraint on a group member",
				"The %s names %q, a member of group %q; constrain the group instead, since members are placed with their group.", r.what, r.id, g.ID))
		}
		switch r.role.Normalize() {
		case ir.RolePromoted, ir.RoleUnpromoted:
			if !l.promotable(res) {
				// A warning, not an error: Pacemaker accepts the constraint
				// (it can never be satisfied) and real CIBs hold such.
				l.diags = append(l.diags, warningAt(r.rng, "Role on a non-promotable resource",
					"The %s asks for role %s of %q, which is not a promotable clone, so it can never be met (set meta promotable = true on the clone if it should be).", r.what, r.role, r.id))
			}
		}
	}
}

// promotable tells whether res, or the clone or bundle holding it, can
// have promoted instances.
func (l *lowerer) promotable(res ir.Resource) bool {
	for res != nil {
		switch r := res.(type) {
		case *ir.Clone:
			if r.Master || metaTrue(r.Sets, "promotable") || (!metaSet(r.Sets, "promotable") && metaTrue(l.cfg.RscDefaults, "promotable")) {
				return true
			}
		case *ir.Bundle:
			if r.Runtime != nil {
				for _, a := range r.Runtime.Attrs {
					if (a.Name == "promoted-max" || a.Name == "masters") && a.Value != "0" {
						return true
					}
				}
			}
		}
		res = l.parent[res.ResourceID()]
	}
	return false
}

func metaTrue(sets []*ir.NVSet, name string) bool {
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name && p.Value != nil {
				if v, ok := ir.ParseBool(*p.Value); ok && v {
					return true
				}
			}
		}
	}
	return false
}

// forcedAnonymous reports whether the clone's child is a primitive whose
// agent class cannot be unique (pcmk_get_ra_caps gives pcmk_ra_cap_unique
// to ocf and stonith only): pe__force_anon makes such a clone anonymous,
// with a configuration warning when it was unique. A group's members are
// not forced (their parent is the group).
func (l *lowerer) forcedAnonymous(c *ir.Clone) bool {
	p, ok := c.Child.(*ir.Primitive)
	if !ok {
		return false
	}
	class := l.agentOf(p).Class
	return class != "ocf" && class != "stonith"
}

// checkCloneNodeMax reports clone-node-max above 1 on an anonymous clone:
// Pacemaker runs at most one instance of such a clone per node and
// reports the setting as a configuration error, which crm_verify refuses.
//
// Since 3.0.0 globally-unique defaults to true when clone-node-max is
// above 1 (detect_unique in lib/pengine/complex.c): only a clone that sets
// globally-unique to false is then anonymous.
func (l *lowerer) checkCloneNodeMax(c *ir.Clone) {
	if metaTrue(c.Sets, "globally-unique") || metaTrue(l.cfg.RscDefaults, "globally-unique") {
		return
	}
	// Only OCF agents can be unique: pe__force_anon makes the others
	// anonymous (checkForcedAnonymous reports it).
	if l.target.Since(pcmk.V3_0_0) && !metaSet(c.Sets, "globally-unique") && !metaSet(l.cfg.RscDefaults, "globally-unique") && !l.forcedAnonymous(c) {
		return
	}
	sets := c.Sets
	if !metaSet(c.Sets, "clone-node-max") {
		sets = l.cfg.RscDefaults // applies to the clone
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name != "clone-node-max" || p.Value == nil {
				continue
			}
			if n, _, ok := pcmk.ScanLL(*p.Value); ok && n > 1 {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Anonymous clone with clone-node-max",
					"%q is an anonymous clone (globally-unique is not true), of which Pacemaker runs at most one instance per node; it refuses clone-node-max = %s as a configuration error, and crm_verify with it. Set globally-unique = true, or leave clone-node-max out.", c.ID, *p.Value))
			}
		}
	}
}

// checkDefaultRole reports a Promoted or Unpromoted target-role in
// rsc_defaults when some resource is not promotable: it applies to every
// resource, and Pacemaker refuses it for those as a configuration error.
func (l *lowerer) checkDefaultRole(s *ir.NVSet) {
	for _, p := range s.Pairs {
		if p.Name != "target-role" || p.Value == nil {
			continue
		}
		if role := ir.Role(*p.Value).Normalize(); role != ir.RolePromoted && role != ir.RoleUnpromoted {
			continue
		}
		for _, r := range l.cfg.Resources {
			if _, isTemplate := r.(*ir.Template); isTemplate || l.promotable(r) {
				continue
			}
			l.diags = append(l.diags, errorAt(p.DeclRange, "Role of a resource that is not promotable",
				"target-role = %q in rsc_defaults applies to every resource, and %q is not a promotable clone; Pacemaker ignores it there as a configuration error, and crm_verify refuses it. Set the role on the promotable clones instead.", *p.Value, r.ResourceID()))
			break
		}
	}
}

// metaSet tells whether a meta attribute set of sets names the attribute.
func metaSet(sets []*ir.NVSet, name string) bool {
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name == name && p.Value != nil {
				return true
			}
		}
	}
	return false
}

// checkDeviceRequires reports requires = "unfencing" on a fencing device:
// Pacemaker resets it to quorum with a configuration warning, on which
// crm_verify fails.
func (l *lowerer) checkDeviceRequires(p *ir.Primitive) {
	if !l.isFencingDevice(p) {
		return
	}
	sets := p.Sets
	if !metaSet(p.Sets, "requires") {
		// rsc_defaults speaks for the device: reported once, for the
		// first device it applies to.
		if l.defaultRequiresReported {
			return
		}
		l.defaultRequiresReported = true
		sets = l.cfg.RscDefaults
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, pair := range s.Pairs {
			if pair.Name == "requires" && pair.Value != nil && strings.EqualFold(*pair.Value, "unfencing") {
				l.diags = append(l.diags, errorAt(pair.DeclRange, "Fencing device requires unfencing",
					"%q is a fencing device, which cannot require unfencing; Pacemaker resets requires to \"quorum\" with a configuration warning, and crm_verify fails on it.", p.ID))
			}
		}
	}
}

// checkOpRequiresMeta reports requires among an operation's meta
// attributes, which the schema refuses since pacemaker-3.0.
func (l *lowerer) checkOpRequiresMeta(s *ir.NVSet) {
	if s.Kind != ir.MetaAttributes || !l.schemaAtLeast(3, 0) {
		return
	}
	for _, p := range s.Pairs {
		if p.Name == "requires" {
			l.diags = append(l.diags, errorAt(p.DeclRange, "Operation requires",
				"Since pacemaker-3.0 the CIB schema refuses requires among an operation's meta attributes, and crm_verify with it; set requires in the resource's meta attributes."))
		}
	}
}

// checkIsolation reports the isolation meta attributes of a primitive or
// template, which the schema refuses since pacemaker-3.0.
func (l *lowerer) checkIsolation(sets []*ir.NVSet) {
	if !l.schemaAtLeast(3, 0) {
		return
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			switch p.Name {
			case "isolation", "isolation-host", "isolation-instance", "isolation-wrapper":
				l.diags = append(l.diags, errorAt(p.DeclRange, "Unsupported meta attribute",
					"Since pacemaker-3.0 the CIB schema refuses the meta attribute %q (container isolation is done with bundles), and crm_verify with it.", p.Name))
			}
		}
	}
}
