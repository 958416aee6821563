package pclgen

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"pcl/ir"
)

func (g *gen) node(n *ir.Node) {
	body := g.block("node", n.Uname)
	if n.ID != n.Uname {
		body.SetAttributeRaw("id", str(n.ID))
	}
	if n.Type != "" {
		body.SetAttributeRaw("type", str(n.Type))
	}
	if n.Description != "" {
		body.SetAttributeRaw("description", str(n.Description))
	}
	if n.Score != nil {
		body.SetAttributeRaw("score", scoreValue(n.Score))
	}
	o := ownedSets{owner: "node " + n.Uname, sets: n.Sets, names: nodeSetNames,
		derive: func(k ir.NVSetKind, i int) string { return ir.NodeSetID(n.Uname, k, i) }}
	g.writeSets(body, o, 0, len(n.Sets))
}

func (g *gen) topResource(r ir.Resource) {
	switch r := r.(type) {
	case *ir.Primitive:
		g.primitive(g.block("primitive", r.ID), r)
	case *ir.Template:
		g.primitive(g.block("template", r.ID), &r.Primitive)
	case *ir.Group:
		g.group(g.block("group", r.ID), r)
	case *ir.Clone:
		g.clone(g.block(cloneType(r), r.ID), r)
	case *ir.Bundle:
		g.bundle(g.block("bundle", r.ID), r)
	default:
		g.fail(hcl.Range{}, "unknown resource type %T", r)
	}
}

// nested appends a resource block inside a group, clone or bundle.
func (g *gen) nested(body *hclwrite.Body, r ir.Resource) {
	switch r := r.(type) {
	case *ir.Primitive:
		g.primitive(nestedBlock(body, "primitive", r.ID), r)
	case *ir.Group:
		g.group(nestedBlock(body, "group", r.ID), r)
	case nil:
	default:
		g.fail(hcl.Range{}, "%s cannot be nested in a clone", r.ResourceID())
	}
}

// cloneType keeps the legacy <master> element apart from a promotable clone.
// nestedBlock appends a nested resource block, set off by a blank line
// from what precedes it in its parent: members read as separate paragraphs.
func nestedBlock(body *hclwrite.Body, typ, id string) *hclwrite.Body {
	if len(body.Attributes()) > 0 || len(body.Blocks()) > 0 {
		body.AppendNewline()
	}
	return body.AppendNewBlock(typ, []string{id}).Body()
}

func cloneType(c *ir.Clone) string {
	if c.Master {
		return "master"
	}
	return "clone"
}

func resourceSets(id string, sets []*ir.NVSet) ownedSets {
	return ownedSets{owner: id, sets: sets, names: resourceSetNames,
		derive: func(k ir.NVSetKind, i int) string { return ir.SetID(id, k, i) }}
}

func (g *gen) primitive(body *hclwrite.Body, p *ir.Primitive) {
	if p.Agent.Class != "" || p.Agent.Type != "" {
		body.SetAttributeRaw("agent", str(p.Agent.String()))
	}
	if p.Template != "" {
		body.SetAttributeRaw("template", str(p.Template))
	}
	if p.Description != "" {
		body.SetAttributeRaw("description", str(p.Description))
	}
	sets := resourceSets(p.ID, p.Sets)
	at := clampAt(p.ChildAt, len(p.Sets))
	g.writeSets(body, sets, 0, at)
	if ops := p.Operations; ops != nil {
		// An empty <operations/> has nothing else to mark it: an empty
		// operations_id writes one without an id.
		if ops.ID != "" || (ops.IDRef == "" && len(ops.Ops) == 0) {
			body.SetAttributeRaw("operations_id", str(ops.ID))
		}
		if ops.IDRef != "" {
			body.SetAttributeRaw("operations_ref", str(ops.IDRef))
		}
		for _, op := range ops.Ops {
			g.op(body.AppendNewBlock("op", []string{op.Name}).Body(), p.ID, op)
		}
	}
	g.writeSets(body, sets, at, len(p.Sets))
}

func clampAt(at, n int) int {
	if at < 0 {
		return 0
	}
	if at > n {
		return n
	}
	return at
}

func (g *gen) op(body *hclwrite.Body, rsc string, op *ir.Op) {
	interval := op.Interval.Text
	if interval == "" {
		g.fail(op.DeclRange, "operation %s: an operation without interval cannot be expressed (pcl writes interval=\"0\")", op.ID)
		interval = "0"
	}
	if op.ID != ir.OpID(rsc, op.Name, interval) {
		body.SetAttributeRaw("id", str(op.ID))
	}
	if interval != "0" {
		body.SetAttributeRaw("interval", str(interval))
	}
	if op.Timeout != nil {
		body.SetAttributeRaw("timeout", str(op.Timeout.Text))
	}
	if op.StartDelay != nil {
		body.SetAttributeRaw("start-delay", str(op.StartDelay.Text))
	}
	if op.IntervalOrigin != "" {
		body.SetAttributeRaw("interval-origin", str(op.IntervalOrigin))
	}
	if op.OnFail != "" {
		body.SetAttributeRaw("on-fail", str(op.OnFail))
	}
	if op.Role != "" {
		body.SetAttributeRaw("role", str(string(op.Role)))
	}
	if op.Enabled != nil {
		body.SetAttributeRaw("enabled", boolValue(op.Enabled))
	}
	if op.RecordPending != nil {
		body.SetAttributeRaw("record-pending", boolValue(op.RecordPending))
	}
	if op.Requires != "" {
		body.SetAttributeRaw("requires", str(op.Requires))
	}
	if op.Description != "" {
		body.SetAttributeRaw("description", str(op.Description))
	}
	g.writeSets(body, ownedSets{owner: "operation " + op.ID, sets: op.Sets, names: opSetNames,
		derive: func(k ir.NVSetKind, i int) string { return ir.SetID(op.ID, k, i) }}, 0, len(op.Sets))
}

func (g *gen) group(body *hclwrite.Body, gr *ir.Group) {
	if gr.Description != "" {
		body.SetAttributeRaw("description", str(gr.Description))
	}
	sets := resourceSets(gr.ID, gr.Sets)
	// setsAt[i] is the number of members before set i.
	setsAt := gr.SetsAt
	if len(setsAt) != len(gr.Sets) {
		setsAt = make([]int, len(gr.Sets))
		for i := range setsAt {
			if i >= gr.ChildAt {
				setsAt[i] = len(gr.Members)
			}
		}
	}
	next := 0
	for m := 0; m <= len(gr.Members); m++ {
		from := next
		for next < len(gr.Sets) && setsAt[next] <= m {
			next++
		}
		if m > 0 {
			g.writeSetsAfter(body, sets, from, next)
		} else {
			g.writeSets(body, sets, from, next)
		}
		if m < len(gr.Members) {
			g.primitive(nestedBlock(body, "primitive", gr.Members[m].ID), gr.Members[m])
		}
	}
	g.writeSetsAfter(body, sets, next, len(gr.Sets))
}

// writeSetsAfter writes sets that follow a nested resource, after a blank
// line so that they do not read as part of it.
func (g *gen) writeSetsAfter(body *hclwrite.Body, o ownedSets, from, to int) {
	if from < to {
		body.AppendNewline()
	}
	g.writeSets(body, o, from, to)
}

func (g *gen) clone(body *hclwrite.Body, c *ir.Clone) {
	if c.Description != "" {
		body.SetAttributeRaw("description", str(c.Description))
	}
	sets := resourceSets(c.ID, c.Sets)
	at := clampAt(c.ChildAt, len(c.Sets))
	g.writeSets(body, sets, 0, at)
	g.nested(body, c.Child)
	g.writeSetsAfter(body, sets, at, len(c.Sets))
}

func (g *gen) bundle(body *hclwrite.Body, b *ir.Bundle) {
	if b.Description != "" {
		body.SetAttributeRaw("description", str(b.Description))
	}
	sets := resourceSets(b.ID, b.Sets)
	at := clampAt(b.ChildAt, len(b.Sets))
	g.writeSets(body, sets, 0, at)
	if rt := b.Runtime; rt != nil {
		rb := body.AppendNewBlock(rt.Kind, nil).Body()
		for _, a := range rt.Attrs {
			v := a.Value
			rb.SetAttributeRaw(a.Name, plainValue(&v))
		}
	}
	if nw := b.Network; nw != nil {
		nb := body.AppendNewBlock("network", nil).Body()
		for _, a := range nw.Attrs {
			v := a.Value
			nb.SetAttributeRaw(a.Name, plainValue(&v))
		}
		for _, pm := range nw.Ports {
			pb := nb.AppendNewBlock("port_mapping", nil).Body()
			key := pm.Port
			if key == "" {
				key = pm.Range
			}
			if pm.ID != ir.PortMappingID(b.ID, key) {
				pb.SetAttributeRaw("id", str(pm.ID))
			}
			optionalText(pb, "port", pm.Port)
			optionalText(pb, "internal-port", pm.InternalPort)
			optionalText(pb, "range", pm.Range)
		}
	}
	if st := b.Storage; st != nil {
		sb := body.AppendNewBlock("storage", nil).Body()
		for i, m := range st.Mappings {
			mb := sb.AppendNewBlock("mapping", nil).Body()
			if m.ID != ir.StorageMappingID(b.ID, i) {
				mb.SetAttributeRaw("id", str(m.ID))
			}
			optionalText(mb, "source-dir", m.SourceDir)
			optionalText(mb, "source-dir-root", m.SourceDirRoot)
			optionalText(mb, "target-dir", m.TargetDir)
			optionalText(mb, "options", m.Options)
		}
	}
	if b.Child != nil {
		g.primitive(nestedBlock(body, "primitive", b.Child.ID), b.Child)
	}
	g.writeSetsAfter(body, sets, at, len(b.Sets))
}

// optionalText writes a text attribute when it is set, as a number when
// canonical (ports, replicas).
func optionalText(body *hclwrite.Body, name, text string) {
	if text != "" {
		body.SetAttributeRaw(name, plainValue(&text))
	}
}
