package cibxml

import "pcl/ir"

func (x *writer) config(c *ir.Config) {
	if c == nil {
		c = &ir.Config{}
	}
	x.start("configuration", nil)
	for _, name := range c.SectionOrder() {
		x.section(c, name)
	}
	x.end("configuration")
}

func (x *writer) section(c *ir.Config, name string) {
	x.start(name, nil)
	defer x.end(name)
	switch name {
	case "crm_config":
		x.sets(c.Properties)
	case "nodes":
		for _, n := range c.Nodes {
			x.node(n)
		}
	case "resources":
		for _, r := range c.Resources {
			x.resource(r)
		}
	case "constraints":
		for _, k := range c.Constraints {
			x.constraint(k)
		}
	case "rsc_defaults":
		x.sets(c.RscDefaults)
	case "op_defaults":
		x.sets(c.OpDefaults)
	case "fencing-topology":
		for _, l := range c.FencingLevels {
			x.fencingLevel(l)
		}
	case "alerts":
		for _, al := range c.Alerts {
			x.alert(al)
		}
	case "acls":
		for _, e := range c.ACLs {
			x.aclEntry(e)
		}
	case "tags":
		for _, t := range c.Tags {
			var a attrs
			a.always("id", t.ID)
			x.start("tag", a)
			for _, ref := range t.Refs {
				var r attrs
				r.always("id", ref)
				x.leaf("obj_ref", r)
			}
			x.end("tag")
		}
	}
}

func (x *writer) sets(sets []*ir.NVSet) {
	for _, s := range sets {
		x.nvset(s)
	}
}

func (x *writer) nvset(s *ir.NVSet) {
	name := s.Kind.Element()
	var a attrs
	a.opt("id", s.ID)
	a.opt("id-ref", s.IDRef)
	a.score("score", s.Score)
	x.start(name, a)
	at := split(s.ChildAt, len(s.Pairs))
	for _, p := range s.Pairs[:at] {
		x.nvpair(p)
	}
	for _, r := range s.Rules {
		x.rule(r)
	}
	for _, p := range s.Pairs[at:] {
		x.nvpair(p)
	}
	x.end(name)
}

func (x *writer) nvpair(p *ir.NVPair) {
	var a attrs
	a.opt("id", p.ID)
	a.opt("id-ref", p.IDRef)
	a.opt("name", p.Name)
	a.ptr("value", p.Value)
	x.leaf("nvpair", a)
}

func (x *writer) node(n *ir.Node) {
	var a attrs
	a.always("id", n.ID)
	a.always("uname", n.Uname)
	a.opt("type", n.Type)
	a.opt("description", n.Description)
	a.score("score", n.Score)
	x.start("node", a)
	x.sets(n.Sets)
	x.end("node")
}

func (x *writer) fencingLevel(l *ir.FencingLevel) {
	var a attrs
	a.always("id", l.ID)
	a.always("index", l.Index)
	a.opt("target", l.Target)
	a.opt("target-pattern", l.TargetPattern)
	a.opt("target-attribute", l.TargetAttribute)
	a.opt("target-value", l.TargetValue)
	a.always("devices", l.Devices)
	x.leaf("fencing-level", a)
}

func (x *writer) alert(al *ir.Alert) {
	var a attrs
	a.always("id", al.ID)
	a.opt("description", al.Description)
	a.always("path", al.Path)
	x.start("alert", a)
	if sel := al.Select; sel != nil {
		x.start("select", nil)
		if sel.Nodes {
			x.leaf("select_nodes", nil)
		}
		if sel.Fencing {
			x.leaf("select_fencing", nil)
		}
		if sel.Resources {
			x.leaf("select_resources", nil)
		}
		if sel.Attributes {
			x.start("select_attributes", nil)
			for _, at := range sel.AttributeNames {
				var aa attrs
				aa.always("id", at.ID)
				aa.always("name", at.Name)
				x.leaf("attribute", aa)
			}
			x.end("select_attributes")
		}
		x.end("select")
	}
	x.sets(al.Sets)
	for _, r := range al.Recipients {
		var ra attrs
		ra.always("id", r.ID)
		ra.opt("description", r.Description)
		ra.always("value", r.Value)
		x.start("recipient", ra)
		x.sets(r.Sets)
		x.end("recipient")
	}
	x.end("alert")
}

func (x *writer) aclEntry(e ir.ACLEntry) {
	switch e := e.(type) {
	case *ir.ACLTarget:
		name, roleElem := "acl_target", "role"
		if e.Legacy {
			name, roleElem = "acl_user", "role_ref"
		}
		var a attrs
		a.always("id", e.ID)
		a.opt("name", e.Name)
		x.start(name, a)
		x.roleRefs(roleElem, e.Roles)
		for _, p := range e.Permissions {
			x.aclPermission(p)
		}
		x.end(name)
	case *ir.ACLGroup:
		var a attrs
		a.always("id", e.ID)
		a.opt("name", e.Name)
		x.start("acl_group", a)
		x.roleRefs("role", e.Roles)
		x.end("acl_group")
	case *ir.ACLRole:
		var a attrs
		a.always("id", e.ID)
		a.opt("description", e.Description)
		x.start("acl_role", a)
		for _, p := range e.Permissions {
			x.aclPermission(p)
		}
		x.end("acl_role")
	}
}

func (x *writer) roleRefs(elem string, roles []string) {
	for _, r := range roles {
		var a attrs
		a.always("id", r)
		x.leaf(elem, a)
	}
}

func (x *writer) aclPermission(p *ir.ACLPermission) {
	name := "acl_permission"
	var a attrs
	a.always("id", p.ID)
	refName, typeName := "reference", "object-type"
	if p.Element != "" {
		// Legacy (pacemaker-1.x) <read>/<write>/<deny>: the element is
		// the kind, and the object type and reference are tag and ref.
		name = p.Element
		refName, typeName = "ref", "tag"
	} else {
		a.always("kind", p.Kind)
	}
	a.opt("xpath", p.XPath)
	a.opt(refName, p.Reference)
	a.opt(typeName, p.ObjectType)
	a.opt("attribute", p.Attribute)
	a.opt("description", p.Description)
	x.leaf(name, a)
}
