package importer

import (
	"slices"

	"pcl/ir"
)

func (r *reader) config(e *elem) *ir.Config {
	cfg := &ir.Config{}
	var order []string
	seen := map[string]bool{}
	for _, c := range e.children {
		switch c.name {
		case "crm_config", "nodes", "resources", "constraints",
			"rsc_defaults", "op_defaults", "fencing-topology", "alerts", "acls", "tags":
		default:
			r.unknownChild(e, c)
			continue
		}
		if seen[c.name] {
			r.duplicateChild(e, c)
			continue
		}
		seen[c.name] = true
		order = append(order, c.name)
		switch c.name {
		case "crm_config":
			cfg.Properties = r.setsOnly(c, ir.ClusterProperties)
		case "nodes":
			for n := range r.childrenNamed(c, "node") {
				cfg.Nodes = append(cfg.Nodes, r.node(n))
			}
		case "resources":
			for _, rc := range c.children {
				if res := r.resource(c, rc); res != nil {
					cfg.Resources = append(cfg.Resources, res)
				}
			}
		case "constraints":
			for _, k := range c.children {
				if con := r.constraint(c, k); con != nil {
					cfg.Constraints = append(cfg.Constraints, con)
				}
			}
		case "rsc_defaults":
			cfg.RscDefaults = r.setsOnly(c, ir.MetaAttributes)
		case "op_defaults":
			cfg.OpDefaults = r.setsOnly(c, ir.MetaAttributes)
		case "fencing-topology":
			for l := range r.childrenNamed(c, "fencing-level") {
				cfg.FencingLevels = append(cfg.FencingLevels, r.fencingLevel(l))
			}
		case "alerts":
			for a := range r.childrenNamed(c, "alert") {
				cfg.Alerts = append(cfg.Alerts, r.alert(a))
			}
		case "acls":
			cfg.ACLs = r.acls(c)
		case "tags":
			for t := range r.childrenNamed(c, "tag") {
				cfg.Tags = append(cfg.Tags, r.tag(t))
			}
		}
		r.finish(c)
	}
	// Record the required sections only when the source moved them; the
	// usual layout (required first, in schema order) needs no record.
	if len(order) >= len(ir.RequiredSections) && slices.Equal(order[:len(ir.RequiredSections)], ir.RequiredSections) {
		order = order[len(ir.RequiredSections):]
	}
	cfg.Sections = order
	r.finish(e)
	return cfg
}

// setsOnly reads an element whose children are all attribute sets
// (crm_config, rsc_defaults, op_defaults). kind is the set kind expected;
// other set kinds are read as what they are.
func (r *reader) setsOnly(e *elem, kind ir.NVSetKind) []*ir.NVSet {
	var sets []*ir.NVSet
	for _, c := range e.children {
		k, ok := setKind(c.name)
		if !ok || (k == ir.ClusterProperties) != (kind == ir.ClusterProperties) {
			r.unknownChild(e, c)
			continue
		}
		sets = append(sets, r.nvset(c, k))
	}
	return sets
}

func setKind(name string) (ir.NVSetKind, bool) {
	switch name {
	case "instance_attributes":
		return ir.InstanceAttributes, true
	case "meta_attributes":
		return ir.MetaAttributes, true
	case "utilization":
		return ir.Utilization, true
	case "cluster_property_set":
		return ir.ClusterProperties, true
	}
	return 0, false
}

// isSet reports whether c is an attribute set other than a cluster
// property set.
func isSet(c *elem) (ir.NVSetKind, bool) {
	k, ok := setKind(c.name)
	return k, ok && k != ir.ClusterProperties
}

func (r *reader) nvset(e *elem, kind ir.NVSetKind) *ir.NVSet {
	s := &ir.NVSet{Kind: kind, DeclRange: e.rng}
	s.ID = e.attr("id")
	s.IDRef = e.attr("id-ref")
	r.idOrRef(e, s.ID, s.IDRef)
	s.Score = r.score(e, "score")
	r.setChildren(e, s, e.children)
	r.finish(e)
	return s
}

// setChildren reads the pairs and rules of a set. A pacemaker-0.x/1.0
// <attributes> wrapper around the pairs is read through, as Pacemaker's
// upgrade does.
func (r *reader) setChildren(e *elem, s *ir.NVSet, children []*elem) {
	for _, c := range children {
		switch c.name {
		case "nvpair":
			s.Pairs = append(s.Pairs, r.nvpair(c))
			if len(s.Rules) == 0 {
				s.ChildAt = len(s.Pairs)
			}
		case "rule":
			s.Rules = append(s.Rules, r.rule(c))
		case "attributes":
			r.setChildren(c, s, c.children)
			r.finish(c)
		default:
			r.unknownChild(e, c)
		}
	}
}

func (r *reader) nvpair(e *elem) *ir.NVPair {
	p := &ir.NVPair{DeclRange: e.rng}
	p.ID = e.attr("id")
	p.IDRef = e.attr("id-ref")
	r.idOrRef(e, p.ID, p.IDRef)
	p.Name = e.attr("name")
	if p.Name == "" && p.IDRef == "" {
		r.errorf(e.rng, "Missing attribute", "<nvpair> needs a name attribute (or an id-ref).")
	}
	p.Value = e.optional("value")
	r.finish(e)
	return p
}

// idOrRef declares id or records the id-ref reference; an element needs
// one of them.
func (r *reader) idOrRef(e *elem, id, ref string) {
	switch {
	case ref != "":
		r.refer(e, "id-ref", ref, refAny)
		if id != "" {
			r.declare(e, id)
		}
	case id != "":
		r.declare(e, id)
	default:
		r.errorf(e.rng, "Missing attribute", "<%s> needs an id attribute (or an id-ref).", e.name)
	}
}

// requireID reads and declares an element's required id.
func (r *reader) requireID(e *elem) string {
	id := r.required(e, "id")
	r.declare(e, id)
	return id
}

func (r *reader) node(e *elem) *ir.Node {
	n := &ir.Node{DeclRange: e.rng}
	n.ID = r.required(e, "id")
	r.declareNode(e, n.ID)
	n.Uname = r.required(e, "uname")
	n.Type = e.attr("type")
	switch n.Type {
	case "", "member", "remote", "ping":
	case "normal":
		// pacemaker-1.x spelling of member, kept as written.
	default:
		r.warnf(e.rng, "Unknown node type", "type=%q of <node> is not member, remote or ping.", n.Type)
	}
	n.Description = e.attr("description")
	n.Score = r.score(e, "score")
	for _, c := range e.children {
		k, ok := isSet(c)
		if !ok || k == ir.MetaAttributes {
			r.unknownChild(e, c)
			continue
		}
		n.Sets = append(n.Sets, r.nvset(c, k))
	}
	r.finish(e)
	return n
}

func (r *reader) fencingLevel(e *elem) *ir.FencingLevel {
	l := &ir.FencingLevel{DeclRange: e.rng}
	l.ID = r.requireID(e)
	l.Index = r.required(e, "index")
	l.Devices = r.required(e, "devices")
	l.Target = e.attr("target")
	l.TargetPattern = e.attr("target-pattern")
	l.TargetAttribute = e.attr("target-attribute")
	l.TargetValue = e.attr("target-value")
	if l.Target == "" && l.TargetPattern == "" && l.TargetAttribute == "" {
		r.errorf(e.rng, "Missing attribute", "<fencing-level> needs a target, target-pattern or target-attribute.")
	}
	for _, c := range e.children {
		r.unknownChild(e, c)
	}
	r.finish(e)
	return l
}

func (r *reader) alert(e *elem) *ir.Alert {
	a := &ir.Alert{DeclRange: e.rng}
	a.ID = r.requireID(e)
	a.Path = r.required(e, "path")
	a.Description = e.attr("description")
	for _, c := range e.children {
		if k, ok := isSet(c); ok && k != ir.Utilization {
			a.Sets = append(a.Sets, r.nvset(c, k))
			continue
		}
		switch c.name {
		case "select":
			if a.Select != nil {
				r.duplicateChild(e, c)
				continue
			}
			a.Select = r.alertSelect(c)
		case "recipient":
			rc := &ir.AlertRecipient{DeclRange: c.rng}
			rc.ID = r.requireID(c)
			rc.Value = r.required(c, "value")
			rc.Description = c.attr("description")
			for _, s := range c.children {
				if k, ok := isSet(s); ok && k != ir.Utilization {
					rc.Sets = append(rc.Sets, r.nvset(s, k))
					continue
				}
				r.unknownChild(c, s)
			}
			r.finish(c)
			a.Recipients = append(a.Recipients, rc)
		default:
			r.unknownChild(e, c)
		}
	}
	r.finish(e)
	return a
}

func (r *reader) alertSelect(e *elem) *ir.AlertSelect {
	s := &ir.AlertSelect{}
	for _, c := range e.children {
		switch c.name {
		case "select_nodes":
			s.Nodes = true
		case "select_fencing":
			s.Fencing = true
		case "select_resources":
			s.Resources = true
		case "select_attributes":
			s.Attributes = true
			for at := range r.childrenNamed(c, "attribute") {
				id := r.requireID(at)
				s.AttributeNames = append(s.AttributeNames, ir.AlertAttribute{ID: id, Name: r.required(at, "name")})
				r.finish(at)
			}
		default:
			r.unknownChild(e, c)
			continue
		}
		if c.name != "select_attributes" {
			for _, x := range c.children {
				r.unknownChild(c, x)
			}
		}
		r.finish(c)
	}
	r.finish(e)
	return s
}

func (r *reader) tag(e *elem) *ir.Tag {
	t := &ir.Tag{DeclRange: e.rng}
	t.ID = r.requireID(e)
	t.Refs = r.idRefs(e, "obj_ref", refAny)
	r.finish(e)
	return t
}

func (r *reader) acls(e *elem) []ir.ACLEntry {
	var out []ir.ACLEntry
	for _, c := range e.children {
		switch c.name {
		case "acl_target", "acl_user":
			t := &ir.ACLTarget{DeclRange: c.rng, Legacy: c.name == "acl_user"}
			t.ID = r.requireID(c)
			t.Name = c.attr("name")
			for _, x := range c.children {
				switch {
				case x.name == "role" && !t.Legacy, x.name == "role_ref" && t.Legacy:
					id := r.required(x, "id")
					r.refer(x, "id", id, refRole)
					t.Roles = append(t.Roles, id)
					r.finish(x)
				case t.Legacy && (x.name == "read" || x.name == "write" || x.name == "deny"):
					t.Permissions = append(t.Permissions, r.aclPermission(x))
				default:
					r.unknownChild(c, x)
				}
			}
			r.finish(c)
			out = append(out, t)
		case "acl_group":
			g := &ir.ACLGroup{DeclRange: c.rng}
			g.ID = r.requireID(c)
			g.Name = c.attr("name")
			g.Roles = r.idRefs(c, "role", refRole)
			r.finish(c)
			out = append(out, g)
		case "acl_role":
			ro := &ir.ACLRole{DeclRange: c.rng}
			ro.ID = r.requireID(c)
			ro.Description = c.attr("description")
			for _, x := range c.children {
				switch x.name {
				case "acl_permission", "read", "write", "deny":
					ro.Permissions = append(ro.Permissions, r.aclPermission(x))
				default:
					r.unknownChild(c, x)
				}
			}
			r.finish(c)
			out = append(out, ro)
		default:
			r.unknownChild(e, c)
		}
	}
	return out
}

func (r *reader) aclPermission(e *elem) *ir.ACLPermission {
	p := &ir.ACLPermission{}
	p.ID = r.requireID(e)
	if e.name == "acl_permission" {
		p.Kind = r.required(e, "kind")
		p.Reference = e.attr("reference")
		p.ObjectType = e.attr("object-type")
	} else {
		// pacemaker-1.x: the element is the kind; tag and ref are the
		// object type and reference.
		p.Element = e.name
		p.Kind = e.name
		p.Reference = e.attr("ref")
		p.ObjectType = e.attr("tag")
	}
	p.XPath = e.attr("xpath")
	p.Attribute = e.attr("attribute")
	p.Description = e.attr("description")
	for _, c := range e.children {
		r.unknownChild(e, c)
	}
	r.finish(e)
	return p
}
