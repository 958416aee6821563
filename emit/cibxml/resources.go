package cibxml

import "pcl/ir"

func (x *writer) resource(r ir.Resource) {
	switch r := r.(type) {
	case *ir.Primitive:
		x.primitive("primitive", r)
	case *ir.Template:
		x.primitive("template", &r.Primitive)
	case *ir.Group:
		x.group(r)
	case *ir.Clone:
		x.clone(r)
	case *ir.Bundle:
		x.bundle(r)
	}
}

func (x *writer) primitive(elem string, p *ir.Primitive) {
	var a attrs
	a.always("id", p.ID)
	a.opt("description", p.Description)
	a.opt("class", p.Agent.Class)
	a.opt("provider", p.Agent.Provider)
	a.opt("type", p.Agent.Type)
	a.opt("template", p.Template)
	x.start(elem, a)
	at := split(p.ChildAt, len(p.Sets))
	x.sets(p.Sets[:at])
	if ops := p.Operations; ops != nil {
		var oa attrs
		oa.opt("id", ops.ID)
		oa.opt("id-ref", ops.IDRef)
		x.start("operations", oa)
		for _, op := range ops.Ops {
			x.op(op)
		}
		x.end("operations")
	}
	x.sets(p.Sets[at:])
	x.end(elem)
}

func (x *writer) op(op *ir.Op) {
	var a attrs
	a.always("id", op.ID)
	a.always("name", op.Name)
	a.always("interval", durationText(op.Interval))
	a.opt("description", op.Description)
	a.duration("timeout", op.Timeout)
	a.duration("start-delay", op.StartDelay)
	a.opt("interval-origin", op.IntervalOrigin)
	a.opt("on-fail", op.OnFail)
	a.opt("role", string(op.Role))
	a.boolean("enabled", op.Enabled)
	a.boolean("record-pending", op.RecordPending)
	a.opt("requires", op.Requires)
	x.start("op", a)
	x.sets(op.Sets)
	x.end("op")
}

func (x *writer) group(g *ir.Group) {
	var a attrs
	a.always("id", g.ID)
	a.opt("description", g.Description)
	x.start("group", a)
	if g.SetsAt != nil {
		// Sets interleaved with members, as the source had them; sets
		// without a position go last.
		si := 0
		for mi, m := range g.Members {
			for si < len(g.Sets) && si < len(g.SetsAt) && g.SetsAt[si] <= mi {
				x.nvset(g.Sets[si])
				si++
			}
			x.primitive("primitive", m)
		}
		x.sets(g.Sets[si:])
	} else {
		at := split(g.ChildAt, len(g.Sets))
		x.sets(g.Sets[:at])
		for _, m := range g.Members {
			x.primitive("primitive", m)
		}
		x.sets(g.Sets[at:])
	}
	x.end("group")
}

func (x *writer) clone(c *ir.Clone) {
	elem := "clone"
	if c.Master {
		elem = "master"
	}
	var a attrs
	a.always("id", c.ID)
	a.opt("description", c.Description)
	x.start(elem, a)
	at := split(c.ChildAt, len(c.Sets))
	x.sets(c.Sets[:at])
	if c.Child != nil {
		x.resource(c.Child)
	}
	x.sets(c.Sets[at:])
	x.end(elem)
}

func (x *writer) bundle(b *ir.Bundle) {
	var a attrs
	a.always("id", b.ID)
	a.opt("description", b.Description)
	x.start("bundle", a)
	at := split(b.ChildAt, len(b.Sets))
	x.sets(b.Sets[:at])
	if rt := b.Runtime; rt != nil {
		var ra attrs
		for _, at := range rt.Attrs {
			ra.always(at.Name, at.Value)
		}
		x.leaf(rt.Kind, ra)
	}
	if n := b.Network; n != nil {
		var na attrs
		for _, at := range n.Attrs {
			na.always(at.Name, at.Value)
		}
		x.start("network", na)
		for _, pm := range n.Ports {
			var pa attrs
			pa.always("id", pm.ID)
			pa.opt("port", pm.Port)
			pa.opt("internal-port", pm.InternalPort)
			pa.opt("range", pm.Range)
			x.leaf("port-mapping", pa)
		}
		x.end("network")
	}
	if s := b.Storage; s != nil {
		x.start("storage", nil)
		for _, m := range s.Mappings {
			var ma attrs
			ma.always("id", m.ID)
			ma.opt("source-dir", m.SourceDir)
			ma.opt("source-dir-root", m.SourceDirRoot)
			ma.always("target-dir", m.TargetDir)
			ma.opt("options", m.Options)
			x.leaf("storage-mapping", ma)
		}
		x.end("storage")
	}
	if b.Child != nil {
		x.primitive("primitive", b.Child)
	}
	x.sets(b.Sets[at:])
	x.end("bundle")
}
