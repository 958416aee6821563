package compiler

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/ir"
)

func (l *lowerer) addResource(r ir.Resource) {
	l.cfg.Resources = append(l.cfg.Resources, r)
}

// registerResource declares a resource's id and indexes it for resolve.
func (l *lowerer) registerResource(id, kind string, r ir.Resource, rng hcl.Range) {
	l.declare(id, kind, rng, false)
	if _, seen := l.resources[id]; !seen {
		l.resources[id] = r
		l.resRange[id] = rng
	}
}

// agentClasses are the agent classes of the CIB schema besides ocf, which
// alone has providers.
var agentClasses = map[string]bool{"lsb": true, "heartbeat": true, "stonith": true, "upstart": true, "service": true, "systemd": true, "nagios": true}

// agent splits class:provider:type (or class:type).
func (l *lowerer) agent(a *hcl.Attribute, ctx *hcl.EvalContext) ir.Agent {
	if v, d := a.Expr.Value(ctx); !d.HasErrors() && v.IsKnown() && v.IsNull() {
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid agent",
			"The agent is null; write class:provider:type (ocf:heartbeat:IPaddr2) or class:type (stonith:fence_xvm, systemd:httpd)."))
		return ir.Agent{}
	}
	t, ok := l.str(a, ctx)
	if !ok {
		return ir.Agent{}
	}
	parts := strings.Split(t, ":")
	switch {
	case len(parts) == 2 && parts[0] == "ocf":
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Incomplete agent",
			"%q is incomplete: an OCF agent is written ocf:PROVIDER:TYPE, such as ocf:heartbeat:IPaddr2.", t))
		return ir.Agent{}
	case len(parts) == 2 && parts[0] != "" && parts[1] != "":
		if !agentClasses[parts[0]] {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Unknown agent class",
				"%q is not an agent class the CIB schema takes (ocf, lsb, heartbeat, stonith, upstart, service, systemd, nagios)%s; crm_verify refuses it.", parts[0], suggestion(parts[0], sortedKeys(agentClasses))))
			return ir.Agent{}
		}
		if parts[0] == "nagios" || parts[0] == "upstart" {
			l.removed(removedAgentClass, a.Expr.Range(), parts[0])
		}
		return ir.Agent{Class: parts[0], Type: parts[1]}
	case len(parts) == 3 && parts[0] != "ocf" && parts[0] != "":
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid agent",
			"%q has a provider, which only OCF agents have (ocf:PROVIDER:TYPE); other classes are written class:type, such as systemd:httpd.", t))
		return ir.Agent{}
	case len(parts) == 3 && parts[0] == "ocf" && parts[1] == "":
		l.diags = append(l.diags, errorAt(a.Expr.Range(), "Incomplete agent",
			"%q is incomplete: an OCF agent is written ocf:PROVIDER:TYPE, such as ocf:heartbeat:IPaddr2.", t))
		return ir.Agent{}
	case len(parts) == 3 && parts[0] != "" && parts[2] != "":
		return ir.Agent{Class: parts[0], Provider: parts[1], Type: parts[2]}
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid agent",
		"%q is not a resource agent: write class:provider:type (ocf:heartbeat:IPaddr2) or class:type (stonith:fence_xvm, systemd:httpd).", t))
	return ir.Agent{}
}

// lowerPrimitive fills p (a primitive, or a template's body) from in; the
// caller has registered its id.
func (l *lowerer) lowerPrimitive(in *instance, kind string, p *ir.Primitive) {
	b, ctx := in.block, in.ctx
	p.ID, p.DeclRange = in.name, b.DefRange
	if a := b.Attr("agent"); a != nil {
		p.Agent = l.agent(a, ctx)
	}
	if a := b.Attr("template"); a != nil {
		if t, ok := l.str(a, ctx); ok {
			p.Template = t
			l.refs = append(l.refs, reference{kind: refTemplate, id: t, rng: a.Expr.Range(), what: kind})
		}
	}
	if a := b.Attr("agent"); a == nil && p.Template == "" {
		l.diags = append(l.diags, errorAt(b.DefRange, "Missing agent",
			"The %s %q needs agent = \"class:provider:type\" (or template = \"...\").", kind, p.ID))
	}
	if a := b.Attr("description"); a != nil {
		p.Description, _ = l.str(a, ctx)
	}
	n := setCounter{}
	sets := setsBeforeChild{sets: &p.Sets, childAt: &p.ChildAt}
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, resourceSetKinds, p.ID, n, ctx); ok {
			sets.add(s)
			continue
		}
		switch it.Name() {
		case "op":
			sets.childSeen()
			if p.Operations == nil {
				p.Operations = &ir.Operations{}
			}
			if op := l.lowerOp(it.Block, ctx, p.ID); op != nil {
				p.Operations.Ops = append(p.Operations.Ops, op)
			}
		case "operations_id", "operations_ref":
			sets.childSeen()
			if p.Operations == nil {
				p.Operations = &ir.Operations{}
			}
			v, ok := l.str(it.Attr, ctx)
			if !ok {
				continue
			}
			if it.Name() == "operations_id" {
				p.Operations.ID = v
				l.declare(v, "operations", it.Attr.Range, false)
			} else {
				p.Operations.IDRef = v
				l.refs = append(l.refs, reference{kind: refAny, id: v, rng: it.Attr.Expr.Range(), what: "operations"})
			}
		}
	}
}

func (l *lowerer) lowerOp(b *dsl.Block, ctx *hcl.EvalContext, rsc string) *ir.Op {
	op := &ir.Op{Name: b.Label(), DeclRange: b.DefRange, Interval: ir.Duration{Text: "0"}}
	if a := b.Attr("interval"); a != nil {
		if d, ok := l.duration(a, ctx); ok {
			op.Interval = d
		}
	}
	id, derived := l.explicitID(b, ctx, ir.OpID(rsc, op.Name, op.Interval.Text))
	op.ID = id
	if a := b.Attr("interval"); a != nil && derived && !validXMLID(id) {
		// The interval is what makes the derived id invalid ("10 sec").
		l.idRange[id] = a.Expr.Range()
	}
	l.declare(id, "operation", b.DefRange, derived)
	if a := b.Attr("timeout"); a != nil {
		op.Timeout = l.timeout(a, ctx)
	}
	if a := b.Attr("start-delay"); a != nil {
		op.StartDelay = l.durationPtr(a, ctx)
	}
	if a := b.Attr("interval-origin"); a != nil {
		op.IntervalOrigin, _ = l.str(a, ctx)
	}
	if a := b.Attr("on-fail"); a != nil {
		op.OnFail = l.oneOf(a, ctx, "ignore", "block", "demote", "stop", "restart", "standby", "fence", "restart-container")
	}
	if a := b.Attr("role"); a != nil {
		before := len(l.removalNotes)
		op.Role = l.role(a, ctx)
		l.opRoleNoted(before)
	}
	if a := b.Attr("enabled"); a != nil {
		op.Enabled = l.schemaBool(a, ctx)
	}
	if a := b.Attr("record-pending"); a != nil {
		op.RecordPending = l.schemaBool(a, ctx)
	}
	if a := b.Attr("requires"); a != nil {
		op.Requires = l.oneOf(a, ctx, "nothing", "quorum", "fencing", "unfencing")
	}
	if a := b.Attr("description"); a != nil {
		op.Description, _ = l.str(a, ctx)
	}
	n := setCounter{}
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, opSetKinds, op.ID, n, ctx); ok {
			op.Sets = append(op.Sets, s)
		}
	}
	return op
}

// lowerMembers lowers nested primitive blocks (with their for_each).
func (l *lowerer) lowerMembers(b *dsl.Block, ctx *hcl.EvalContext) []*ir.Primitive {
	var out []*ir.Primitive
	for _, in := range l.expandNested(b, ctx) {
		p := &ir.Primitive{}
		l.registerResource(in.name, "primitive", p, in.nameRange)
		l.lowerPrimitive(in, "primitive", p)
		out = append(out, p)
	}
	return out
}

func (l *lowerer) lowerGroup(in *instance) *ir.Group {
	b, ctx := in.block, in.ctx
	g := &ir.Group{ID: in.name, DeclRange: b.DefRange}
	l.registerResource(g.ID, "group", g, in.nameRange)
	if a := b.Attr("description"); a != nil {
		g.Description, _ = l.str(a, ctx)
	}
	n := setCounter{}
	var setsAt []int
	slots := 0      // members so far, nested or named by members = [...]
	unread := false // a members list that is not one, already reported
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, resourceSetKinds, g.ID, n, ctx); ok {
			g.Sets = append(g.Sets, s)
			setsAt = append(setsAt, slots)
			continue
		}
		switch it.Name() {
		case "primitive":
			for _, m := range l.lowerMembers(it.Block, ctx) {
				g.Members = append(g.Members, m)
				l.parent[m.ID] = g
				slots++
			}
		case "members":
			names, ok := l.strList(it.Attr, ctx)
			unread = unread || !ok
			for i, name := range names {
				l.moves = append(l.moves, move{into: g, id: name, rng: elemRange(it.Attr, i), at: slots})
				slots++
			}
		}
	}
	if slots == 0 && !unread {
		l.diags = append(l.diags, errorAt(b.DefRange, "Empty group",
			"The group %q has no members; the schema requires at least one primitive in a <group>, and crm_verify refuses an empty one.", g.ID))
	}
	// Sets all before or all after the members fit ChildAt; anything else
	// needs SetsAt.
	for g.ChildAt < len(setsAt) && setsAt[g.ChildAt] == 0 {
		g.ChildAt++
	}
	for _, at := range setsAt[g.ChildAt:] {
		if at != slots {
			g.SetsAt = setsAt
			break
		}
	}
	return g
}

func (l *lowerer) lowerClone(in *instance) *ir.Clone {
	b, ctx := in.block, in.ctx
	c := &ir.Clone{ID: in.name, Master: b.Type == "master", DeclRange: b.DefRange}
	l.registerResource(c.ID, b.Type, c, in.nameRange)
	if a := b.Attr("description"); a != nil {
		c.Description, _ = l.str(a, ctx)
	}
	n := setCounter{}
	sets := setsBeforeChild{sets: &c.Sets, childAt: &c.ChildAt}
	setChild := func(r ir.Resource, rng hcl.Range) {
		if c.Child != nil {
			l.diags = append(l.diags, errorAt(rng, "Clone with two children",
				"The clone %q already has a child; a clone holds exactly one primitive or group.", c.ID))
			return
		}
		c.Child = r
		l.parent[r.ResourceID()] = c
	}
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, resourceSetKinds, c.ID, n, ctx); ok {
			sets.add(s)
			continue
		}
		switch it.Name() {
		case "primitive":
			sets.childSeen()
			for _, p := range l.lowerMembers(it.Block, ctx) {
				setChild(p, it.Range())
			}
		case "group":
			sets.childSeen()
			for _, gi := range l.expandNested(it.Block, ctx) {
				setChild(l.lowerGroup(gi), it.Range())
			}
		case "resource":
			sets.childSeen()
			if id, ok := l.str(it.Attr, ctx); ok {
				l.moves = append(l.moves, move{into: c, id: id, rng: it.Attr.Expr.Range()})
			}
		}
	}
	if c.Child == nil && b.Attr("resource") == nil {
		l.diags = append(l.diags, errorAt(b.DefRange, "Clone without child",
			"The clone %q needs a nested primitive or group block, or resource = \"...\" naming one.", c.ID))
	}
	return c
}

func (l *lowerer) lowerBundle(in *instance) *ir.Bundle {
	b, ctx := in.block, in.ctx
	bu := &ir.Bundle{ID: in.name, DeclRange: b.DefRange}
	l.registerResource(bu.ID, "bundle", bu, in.nameRange)
	if a := b.Attr("description"); a != nil {
		bu.Description, _ = l.str(a, ctx)
	}
	n := setCounter{}
	sets := setsBeforeChild{sets: &bu.Sets, childAt: &bu.ChildAt}
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, resourceSetKinds, bu.ID, n, ctx); ok {
			sets.add(s)
			continue
		}
		if it.Block == nil {
			continue
		}
		switch it.Name() {
		case "docker", "podman", "rkt":
			sets.childSeen()
			if bu.Runtime != nil {
				l.diags = append(l.diags, errorAt(it.Range(), "Two container runtimes",
					"The bundle %q already has a container runtime; use one docker, podman or rkt block.", bu.ID))
				continue
			}
			bu.Runtime = &ir.BundleRuntime{Kind: it.Name(), Attrs: l.textAttrs(it.Block, ctx)}
			if it.Name() == "rkt" {
				l.removed(removedRkt, it.Block.TypeRange)
			}
			if m := it.Block.Attr("masters"); m != nil {
				l.removed(removedBundleMasters, m.NameRange)
			}
		case "network":
			sets.childSeen()
			bu.Network = &ir.BundleNetwork{Attrs: l.textAttrs(it.Block, ctx)}
			for _, pm := range it.Block.BlocksOf("port_mapping") {
				m := &ir.PortMapping{}
				if a := pm.Attr("port"); a != nil {
					m.Port, _ = l.str(a, ctx)
					l.checkSchemaType(a, m.Port)
				}
				if a := pm.Attr("internal-port"); a != nil {
					m.InternalPort, _ = l.str(a, ctx)
					l.checkSchemaType(a, m.InternalPort)
				}
				if a := pm.Attr("range"); a != nil {
					m.Range, _ = l.str(a, ctx)
				}
				portOrRange := m.Port
				if portOrRange == "" {
					portOrRange = m.Range
				}
				var derived bool
				m.ID, derived = l.explicitID(pm, ctx, ir.PortMappingID(bu.ID, portOrRange))
				l.declare(m.ID, "port mapping", pm.DefRange, derived)
				bu.Network.Ports = append(bu.Network.Ports, m)
			}
		case "storage":
			sets.childSeen()
			bu.Storage = &ir.BundleStorage{}
			for i, mb := range it.Block.BlocksOf("mapping") {
				m := &ir.StorageMapping{}
				var derived bool
				m.ID, derived = l.explicitID(mb, ctx, ir.StorageMappingID(bu.ID, i))
				l.declare(m.ID, "storage mapping", mb.DefRange, derived)
				for _, f := range []struct {
					name string
					dst  *string
				}{{"source-dir", &m.SourceDir}, {"source-dir-root", &m.SourceDirRoot}, {"target-dir", &m.TargetDir}, {"options", &m.Options}} {
					if a := mb.Attr(f.name); a != nil {
						*f.dst, _ = l.str(a, ctx)
					}
				}
				bu.Storage.Mappings = append(bu.Storage.Mappings, m)
			}
		case "primitive":
			sets.childSeen()
			for _, p := range l.lowerMembers(it.Block, ctx) {
				if bu.Child != nil {
					l.diags = append(l.diags, errorAt(it.Range(), "Bundle with two primitives",
						"The bundle %q already has a primitive; a bundle holds at most one.", bu.ID))
					continue
				}
				bu.Child = p
				l.parent[p.ID] = bu
			}
		}
	}
	if bu.Runtime == nil {
		l.diags = append(l.diags, errorAt(b.DefRange, "Bundle without container",
			"The bundle %q needs a docker, podman or rkt block.", bu.ID))
	}
	return bu
}

// textAttrs evaluates every attribute of a block to text, in source order,
// checking those the schema types.
func (l *lowerer) textAttrs(b *dsl.Block, ctx *hcl.EvalContext) []ir.Attr {
	var out []ir.Attr
	for _, a := range b.Attrs {
		if v, ok := l.str(a, ctx); ok {
			l.checkSchemaType(a, v)
			out = append(out, ir.Attr{Name: a.Name, Value: v})
		}
	}
	return out
}

// bundleAttrTypes are the bundle attributes (container runtime, network,
// port mapping) the schema types as integers or booleans.
var bundleAttrTypes = map[string]string{
	"replicas": "integer", "replicas-per-host": "integer", "masters": "integer", "promoted-max": "integer",
	"control-port": "integer", "host-netmask": "integer", "port": "integer", "internal-port": "integer",
	"add-host": "boolean",
}

// checkSchemaType reports a bundle attribute value its schema type
// (xsd:integer, xsd:boolean) refuses.
func (l *lowerer) checkSchemaType(a *hcl.Attribute, v string) {
	t := strings.TrimSpace(v)
	switch bundleAttrTypes[a.Name] {
	case "integer":
		digits := strings.TrimLeft(t, "+-")
		if len(t)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid integer",
				"The CIB schema types %q as an integer; it refuses %q, and crm_verify with it.", a.Name, v))
		}
	case "boolean":
		switch t {
		case "true", "false", "1", "0":
		default:
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid boolean",
				"The CIB schema types %q as a boolean, which is true, false, 1 or 0; it refuses %q, and crm_verify with it.", a.Name, v))
		}
	}
}

// setsBeforeChild collects a resource's attribute sets and counts those
// before its first child (operations, member or container), which is
// where the child goes among them (ChildAt).
type setsBeforeChild struct {
	sets    *[]*ir.NVSet
	childAt *int
	seen    bool
}

func (s *setsBeforeChild) add(set *ir.NVSet) {
	*s.sets = append(*s.sets, set)
	if !s.seen {
		*s.childAt = len(*s.sets)
	}
}

// childSeen notes that the first child has come.
func (s *setsBeforeChild) childSeen() { s.seen = true }
