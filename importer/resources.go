package importer

import (
	"pcl/ir"
)

// resource reads one child of <resources> (or of a clone); nil when it is
// not a resource.
func (r *reader) resource(parent, e *elem) ir.Resource {
	switch e.name {
	case "primitive":
		return r.primitive(e)
	case "template":
		return &ir.Template{Primitive: *r.primitive(e)}
	case "group":
		return r.group(e)
	case "clone", "master":
		return r.clone(e)
	case "bundle":
		return r.bundle(e)
	}
	r.unknownChild(parent, e)
	return nil
}

func (r *reader) primitive(e *elem) *ir.Primitive {
	p := &ir.Primitive{DeclRange: e.rng}
	p.ID = r.requireID(e)
	p.Description = e.attr("description")
	p.Agent.Class = e.attr("class")
	p.Agent.Provider = e.attr("provider")
	p.Agent.Type = e.attr("type")
	if e.name == "primitive" {
		p.Template = e.attr("template")
		r.refer(e, "template", p.Template, refTemplate)
	}
	if p.Template == "" {
		if p.Agent.Class == "" || p.Agent.Type == "" {
			r.errorf(e.rng, "Missing attribute", "<%s id=%q> needs class and type attributes (or a template).", e.name, p.ID)
		}
		if p.Agent.Class == "ocf" && p.Agent.Provider == "" {
			r.errorf(e.rng, "Missing attribute", "<%s id=%q> of class ocf needs a provider attribute.", e.name, p.ID)
		}
	}
	for _, c := range e.children {
		if k, ok := isSet(c); ok {
			p.Sets = append(p.Sets, r.nvset(c, k))
			if p.Operations == nil {
				p.ChildAt = len(p.Sets)
			}
			continue
		}
		if c.name != "operations" {
			r.unknownChild(e, c)
			continue
		}
		if p.Operations != nil {
			r.duplicateChild(e, c)
			continue
		}
		p.Operations = r.operations(c)
	}
	r.finish(e)
	return p
}

func (r *reader) operations(e *elem) *ir.Operations {
	ops := &ir.Operations{}
	ops.ID = e.attr("id")
	ops.IDRef = e.attr("id-ref")
	if ops.IDRef != "" {
		r.refer(e, "id-ref", ops.IDRef, refAny)
	}
	r.declare(e, ops.ID)
	for _, c := range e.children {
		if c.name != "op" {
			r.unknownChild(e, c)
			continue
		}
		ops.Ops = append(ops.Ops, r.op(c))
	}
	r.finish(e)
	return ops
}

func (r *reader) op(e *elem) *ir.Op {
	op := &ir.Op{DeclRange: e.rng}
	op.ID = r.requireID(e)
	op.Name = r.required(e, "name")
	if d := r.duration(e, "interval"); d != nil {
		op.Interval = *d
	} else {
		r.errorf(e.rng, "Missing attribute", "<op id=%q> needs an interval attribute (0 for a non-recurring operation).", op.ID)
	}
	op.Description = e.attr("description")
	op.Timeout = r.duration(e, "timeout")
	op.StartDelay = r.duration(e, "start-delay")
	op.IntervalOrigin = e.attr("interval-origin")
	op.OnFail = e.attr("on-fail")
	op.Role = r.role(e, "role")
	op.Enabled = r.boolean(e, "enabled")
	op.RecordPending = r.boolean(e, "record-pending")
	op.Requires = e.attr("requires")
	for _, c := range e.children {
		if k, ok := isSet(c); ok && k != ir.Utilization {
			op.Sets = append(op.Sets, r.nvset(c, k))
			continue
		}
		r.unknownChild(e, c)
	}
	r.finish(e)
	return op
}

func (r *reader) group(e *elem) *ir.Group {
	g := &ir.Group{DeclRange: e.rng}
	g.ID = r.requireID(e)
	g.Description = e.attr("description")
	var at []int // members before each set
	for _, c := range e.children {
		if k, ok := isSet(c); ok {
			g.Sets = append(g.Sets, r.nvset(c, k))
			at = append(at, len(g.Members))
			continue
		}
		if c.name != "primitive" {
			r.unknownChild(e, c)
			continue
		}
		g.Members = append(g.Members, r.primitive(c))
	}
	// ChildAt says it when no set stands between two members.
	g.ChildAt = len(g.Sets)
	for i, n := range at {
		if n > 0 {
			g.ChildAt = i
			break
		}
	}
	for _, n := range at[g.ChildAt:] {
		if n < len(g.Members) {
			g.SetsAt = at
			break
		}
	}
	if len(g.Members) == 0 {
		r.warnf(e.rng, "Empty group", "<group id=%q> has no primitives; Pacemaker ignores it.", g.ID)
	}
	r.finish(e)
	return g
}

func (r *reader) clone(e *elem) *ir.Clone {
	c := &ir.Clone{DeclRange: e.rng, Master: e.name == "master"}
	c.ID = r.requireID(e)
	c.Description = e.attr("description")
	for _, x := range e.children {
		if k, ok := isSet(x); ok {
			c.Sets = append(c.Sets, r.nvset(x, k))
			if c.Child == nil {
				c.ChildAt = len(c.Sets)
			}
			continue
		}
		switch x.name {
		case "primitive", "group":
			if c.Child != nil {
				r.errorf(x.rng, "Duplicate element", "<%s id=%q> already has a child resource; a clone holds exactly one primitive or group.", e.name, c.ID)
				continue
			}
			c.Child = r.resource(e, x)
		default:
			r.unknownChild(e, x)
		}
	}
	if c.Child == nil {
		r.errorf(e.rng, "Missing element", "<%s id=%q> needs a primitive or group to clone.", e.name, c.ID)
	}
	r.finish(e)
	return c
}

func (r *reader) bundle(e *elem) *ir.Bundle {
	b := &ir.Bundle{DeclRange: e.rng}
	b.ID = r.requireID(e)
	b.Description = e.attr("description")
	for _, c := range e.children {
		if k, ok := isSet(c); ok && k != ir.InstanceAttributes {
			b.Sets = append(b.Sets, r.nvset(c, k))
			if b.Runtime == nil {
				b.ChildAt = len(b.Sets)
			}
			continue
		}
		switch c.name {
		case "docker", "podman", "rkt":
			if b.Runtime != nil {
				r.duplicateChild(e, c)
				continue
			}
			b.Runtime = &ir.BundleRuntime{Kind: c.name, Attrs: verbatim(c)}
			r.leaf(c)
		case "network":
			if b.Network != nil {
				r.duplicateChild(e, c)
				continue
			}
			b.Network = &ir.BundleNetwork{Attrs: verbatim(c)}
			for _, x := range c.children {
				if x.name != "port-mapping" {
					r.unknownChild(c, x)
					continue
				}
				pm := &ir.PortMapping{}
				pm.ID = r.requireID(x)
				pm.Port = x.attr("port")
				pm.InternalPort = x.attr("internal-port")
				pm.Range = x.attr("range")
				if pm.Port == "" && pm.Range == "" {
					r.errorf(x.rng, "Missing attribute", "<port-mapping> needs a port or range attribute.")
				}
				r.finish(x)
				b.Network.Ports = append(b.Network.Ports, pm)
			}
			r.finish(c)
		case "storage":
			if b.Storage != nil {
				r.duplicateChild(e, c)
				continue
			}
			b.Storage = &ir.BundleStorage{}
			for _, x := range c.children {
				if x.name != "storage-mapping" {
					r.unknownChild(c, x)
					continue
				}
				m := &ir.StorageMapping{}
				m.ID = r.requireID(x)
				m.SourceDir = x.attr("source-dir")
				m.SourceDirRoot = x.attr("source-dir-root")
				m.TargetDir = r.required(x, "target-dir")
				m.Options = x.attr("options")
				r.finish(x)
				b.Storage.Mappings = append(b.Storage.Mappings, m)
			}
			r.finish(c)
		case "primitive":
			if b.Child != nil {
				r.duplicateChild(e, c)
				continue
			}
			b.Child = r.primitive(c)
		default:
			r.unknownChild(e, c)
		}
	}
	if b.Runtime == nil {
		r.errorf(e.rng, "Missing element", "<bundle id=%q> needs a container runtime: <docker>, <podman> or <rkt>.", b.ID)
	}
	r.finish(e)
	return b
}

// verbatim returns the attributes of e in order and marks them read: the
// IR keeps them as written (a container runtime's options, status
// records). Namespaced attributes, which no CIB has, are left to finish's
// warning: they could not be written back under their prefix.
func verbatim(e *elem) []ir.Attr {
	out := make([]ir.Attr, 0, len(e.attrs))
	for i, a := range e.attrs {
		if a.Name.Space != "" {
			continue
		}
		out = append(out, ir.Attr{Name: a.Name.Local, Value: a.Value})
		e.used[i] = true
	}
	return out
}
