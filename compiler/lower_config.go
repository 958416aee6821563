package compiler

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"pcl/dsl"
	"pcl/ir"
)

func (l *lowerer) lowerNode(in *instance) {
	b, ctx := in.block, in.ctx
	n := &ir.Node{Uname: in.name, ID: in.name, DeclRange: b.DefRange}
	l.xmlText(in.nameRange, n.Uname) // node names are free text, not ids
	if a := b.Attr("id"); a != nil {
		if id, ok := l.str(a, ctx); ok && l.nonEmptyID(a, id) {
			n.ID = id
		}
	}
	// Node ids are not XML IDs in the CIB schema: a remote node shares
	// its id with the resource that runs it. They are unique among nodes.
	for _, other := range l.cfg.Nodes {
		switch {
		case other.Uname == n.Uname:
			l.diags = append(l.diags, duplicate("node", n.Uname, in.nameRange, other.DeclRange))
		case other.ID == n.ID:
			l.diags = append(l.diags, errorAt(in.nameRange, "Duplicate node id",
				"The node id %q is already used by node %q at %s; set id = \"...\" to tell them apart.", n.ID, other.Uname, where(other.DeclRange)))
		}
	}
	if a := b.Attr("type"); a != nil {
		n.Type = l.oneOf(a, ctx, "member", "remote", "ping", "normal")
		if n.Type == "ping" {
			l.removed(removedPingNode, a.Expr.Range())
		}
	}
	if a := b.Attr("description"); a != nil {
		n.Description, _ = l.str(a, ctx)
	}
	if a := b.Attr("score"); a != nil {
		n.Score = l.score(a, ctx)
	}
	cnt := setCounter{}
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, nodeSetKinds, n.Uname, cnt, ctx); ok {
			n.Sets = append(n.Sets, s)
		}
	}
	l.cfg.Nodes = append(l.cfg.Nodes, n)
}

func (l *lowerer) lowerTag(in *instance) {
	b, ctx := in.block, in.ctx
	t := &ir.Tag{ID: in.name, DeclRange: b.DefRange}
	l.declare(t.ID, "tag", in.nameRange, false)
	if a := b.Attr("refs"); a != nil {
		t.Refs, _ = l.strList(a, ctx)
		for i, r := range t.Refs {
			l.refs = append(l.refs, reference{kind: refAny, id: r, rng: elemRange(a, i), what: "tag"})
		}
	}
	l.cfg.Tags = append(l.cfg.Tags, t)
}

func (l *lowerer) lowerAlert(in *instance) {
	b, ctx := in.block, in.ctx
	al := &ir.Alert{ID: in.name, DeclRange: b.DefRange}
	l.declare(al.ID, "alert", in.nameRange, false)
	if a := b.Attr("path"); a != nil {
		al.Path, _ = l.str(a, ctx)
	} else {
		l.diags = append(l.diags, errorAt(b.DefRange, "Missing path",
			"The alert %q needs path = \"...\", the alert agent to run.", al.ID))
	}
	if a := b.Attr("description"); a != nil {
		al.Description, _ = l.str(a, ctx)
	}
	cnt := setCounter{}
	nr := 0
	for _, it := range b.Items() {
		if s, ok := l.lowerSetItem(it, opSetKinds, al.ID, cnt, ctx); ok {
			al.Sets = append(al.Sets, s)
			continue
		}
		if it.Block == nil {
			continue
		}
		switch it.Name() {
		case "select":
			al.Select = l.lowerSelect(it.Block, ctx, al.ID)
		case "recipient":
			rb := it.Block
			r := &ir.AlertRecipient{Value: rb.Label(), DeclRange: rb.DefRange}
			var derived bool
			r.ID, derived = l.explicitID(rb, ctx, ir.RecipientID(al.ID, nr))
			nr++
			l.declare(r.ID, "recipient", rb.DefRange, derived)
			if a := rb.Attr("description"); a != nil {
				r.Description, _ = l.str(a, ctx)
			}
			rc := setCounter{}
			for _, rit := range rb.Items() {
				if s, ok := l.lowerSetItem(rit, opSetKinds, r.ID, rc, ctx); ok {
					r.Sets = append(r.Sets, s)
				}
			}
			al.Recipients = append(al.Recipients, r)
		}
	}
	l.cfg.Alerts = append(l.cfg.Alerts, al)
}

func (l *lowerer) lowerSelect(b *dsl.Block, ctx *hcl.EvalContext, alert string) *ir.AlertSelect {
	s := &ir.AlertSelect{}
	flag := func(name string) bool {
		if a := b.Attr(name); a != nil {
			if v := l.boolean(a, ctx); v != nil {
				return v.Value
			}
		}
		return false
	}
	s.Nodes, s.Fencing, s.Resources, s.Attributes = flag("nodes"), flag("fencing"), flag("resources"), flag("attributes")
	for _, ab := range b.BlocksOf("attribute") {
		s.Attributes = true
		id, derived := l.explicitID(ab, ctx, ir.AlertAttributeID(alert, ab.Label()))
		l.declare(id, "alert attribute", ab.DefRange, derived)
		s.AttributeNames = append(s.AttributeNames, ir.AlertAttribute{ID: id, Name: ab.Label()})
	}
	return s
}

func (l *lowerer) lowerFencingLevel(b *dsl.Block, ctx *hcl.EvalContext) {
	f := &ir.FencingLevel{DeclRange: b.DefRange}
	get := func(name string) string {
		if a := b.Attr(name); a != nil {
			s, _ := l.str(a, ctx)
			return s
		}
		return ""
	}
	f.Index = get("index")
	if a := b.Attr("index"); a != nil && f.Index != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(f.Index)); err != nil || n < 1 {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid fencing level index",
				"A fencing level's index must be a whole number from 1 up (levels are tried in that order); %q is not one.", f.Index))
		}
	}
	if a := b.Attr("devices"); a != nil {
		var list []string
		if v, ok := l.value(a, ctx); ok && v.Type() != cty.String {
			list, _ = l.strList(a, ctx)
			f.Devices = strings.Join(list, ",")
		} else {
			f.Devices, _ = l.str(a, ctx)
			list = []string{f.Devices}
		}
		for i, elem := range list {
			for _, d := range strings.Split(elem, ",") {
				if d = strings.TrimSpace(d); d != "" {
					l.refs = append(l.refs, reference{kind: refDevice, id: d, rng: elemRange(a, i), what: "fencing level"})
				}
			}
		}
	}
	f.Target, f.TargetPattern = get("target"), get("target-pattern")
	f.TargetAttribute, f.TargetValue = get("target-attribute"), get("target-value")
	if f.Index == "" || f.Devices == "" {
		l.diags = append(l.diags, errorAt(b.DefRange, "Incomplete fencing level",
			"A fencing_level needs index (1, 2, ...) and devices (the fencing resources to use)."))
	}
	target := f.Target
	switch {
	case f.TargetPattern != "":
		target = f.TargetPattern
	case f.TargetAttribute != "":
		target = f.TargetAttribute + "=" + f.TargetValue
	}
	if target == "" {
		l.diags = append(l.diags, errorAt(b.DefRange, "Fencing level without target",
			"A fencing_level needs target (a node), target-pattern, or target-attribute with target-value."))
	}
	var derived bool
	f.ID, derived = l.explicitID(b, ctx, ir.FencingLevelID(target, f.Index))
	l.declare(f.ID, "fencing level", b.DefRange, derived)
	l.cfg.FencingLevels = append(l.cfg.FencingLevels, f)
}

func (l *lowerer) lowerACL(in *instance) {
	b, ctx := in.block, in.ctx
	id := in.name
	l.declare(id, strings.ReplaceAll(b.Type, "_", " "), in.nameRange, false)
	roles := func() []string {
		a := b.Attr("roles")
		if a == nil {
			return nil
		}
		rs, _ := l.strList(a, ctx)
		for i, r := range rs {
			l.refs = append(l.refs, reference{kind: refACLRole, id: r, rng: elemRange(a, i), what: b.Type})
		}
		return rs
	}
	name := ""
	if a := b.Attr("name"); a != nil {
		name, _ = l.str(a, ctx)
	}
	switch b.Type {
	case "acl_role":
		r := &ir.ACLRole{ID: id, DeclRange: b.DefRange}
		if a := b.Attr("description"); a != nil {
			r.Description, _ = l.str(a, ctx)
		}
		r.Permissions = l.permissions(b, ctx, id)
		l.cfg.ACLs = append(l.cfg.ACLs, r)
	case "acl_target":
		t := &ir.ACLTarget{ID: id, Name: name, Roles: roles(), DeclRange: b.DefRange}
		if a := b.Attr("legacy"); a != nil {
			if v := l.boolean(a, ctx); v != nil {
				t.Legacy = v.Value
			}
		}
		t.Permissions = l.permissions(b, ctx, id)
		l.cfg.ACLs = append(l.cfg.ACLs, t)
	case "acl_group":
		l.cfg.ACLs = append(l.cfg.ACLs, &ir.ACLGroup{ID: id, Name: name, Roles: roles(), DeclRange: b.DefRange})
	}
}

func (l *lowerer) permissions(b *dsl.Block, ctx *hcl.EvalContext, owner string) []*ir.ACLPermission {
	var out []*ir.ACLPermission
	for i, pb := range b.BlocksOf("permission") {
		p := &ir.ACLPermission{}
		var derived bool
		p.ID, derived = l.explicitID(pb, ctx, ir.ACLPermissionID(owner, i))
		l.declare(p.ID, "permission", pb.DefRange, derived)
		if a := pb.Attr("kind"); a != nil {
			p.Kind = l.oneOf(a, ctx, "read", "write", "deny")
		}
		if p.Kind == "" {
			l.diags = append(l.diags, errorAt(pb.DefRange, "Missing kind",
				"A permission needs kind = \"read\", \"write\" or \"deny\"."))
		}
		for _, f := range []struct {
			name string
			dst  *string
		}{{"xpath", &p.XPath}, {"reference", &p.Reference}, {"object-type", &p.ObjectType}, {"attribute", &p.Attribute}, {"description", &p.Description}} {
			if a := pb.Attr(f.name); a != nil {
				*f.dst, _ = l.str(a, ctx)
			}
		}
		if a := pb.Attr("reference"); a != nil && p.Reference != "" {
			// The schema types reference as an IDREF: it must name an id.
			l.refs = append(l.refs, reference{kind: refAny, id: p.Reference, rng: a.Expr.Range(), what: "ACL permission"})
		}
		if a := pb.Attr("legacy"); a != nil {
			if v := l.boolean(a, ctx); v != nil && v.Value {
				p.Element = p.Kind
			}
		}
		if p.XPath == "" && p.Reference == "" && p.ObjectType == "" {
			l.diags = append(l.diags, errorAt(pb.DefRange, "Permission selects nothing",
				"A permission needs xpath, reference or object-type to say what it applies to."))
		}
		out = append(out, p)
	}
	return out
}
