package pclgen

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"pcl/ir"
)

func (g *gen) tag(t *ir.Tag) {
	body := g.block("tag", t.ID)
	body.SetAttributeRaw("refs", stringList(t.Refs))
}

func (g *gen) fencingLevel(l *ir.FencingLevel) {
	body := g.block("fencing_level")
	target := l.Target
	switch {
	case l.TargetPattern != "":
		target = l.TargetPattern
	case l.TargetAttribute != "":
		target = l.TargetAttribute + "=" + l.TargetValue
	}
	if l.ID != ir.FencingLevelID(target, l.Index) {
		body.SetAttributeRaw("id", str(l.ID))
	}
	optionalString(body, "target", l.Target)
	optionalString(body, "target-pattern", l.TargetPattern)
	optionalString(body, "target-attribute", l.TargetAttribute)
	optionalString(body, "target-value", l.TargetValue)
	optionalText(body, "index", l.Index)
	if devices := strings.Split(l.Devices, ","); len(devices) > 1 && plainList(devices) {
		body.SetAttributeRaw("devices", stringList(devices))
	} else {
		optionalString(body, "devices", l.Devices)
	}
}

func (g *gen) alert(a *ir.Alert) {
	body := g.block("alert", a.ID)
	optionalString(body, "path", a.Path)
	optionalString(body, "description", a.Description)
	g.writeSets(body, alertSets(a.ID, a.Sets), 0, len(a.Sets))
	if s := a.Select; s != nil {
		sb := body.AppendNewBlock("select", nil).Body()
		flag := func(name string, on bool) {
			if on {
				sb.SetAttributeRaw(name, ident("true"))
			}
		}
		flag("nodes", s.Nodes)
		flag("fencing", s.Fencing)
		flag("resources", s.Resources)
		if s.Attributes && len(s.AttributeNames) == 0 {
			flag("attributes", true)
		}
		for _, an := range s.AttributeNames {
			ab := sb.AppendNewBlock("attribute", []string{an.Name}).Body()
			if an.ID != ir.AlertAttributeID(a.ID, an.Name) {
				ab.SetAttributeRaw("id", str(an.ID))
			}
		}
	}
	for i, r := range a.Recipients {
		rb := body.AppendNewBlock("recipient", []string{r.Value}).Body()
		if r.ID != ir.RecipientID(a.ID, i) {
			rb.SetAttributeRaw("id", str(r.ID))
		}
		optionalString(rb, "description", r.Description)
		g.writeSets(rb, alertSets(r.ID, r.Sets), 0, len(r.Sets))
	}
}

func (g *gen) acl(e ir.ACLEntry) {
	switch e := e.(type) {
	case *ir.ACLTarget:
		body := g.block("acl_target", e.ID)
		optionalString(body, "name", e.Name)
		if e.Legacy {
			body.SetAttributeRaw("legacy", ident("true"))
		}
		if len(e.Roles) > 0 {
			body.SetAttributeRaw("roles", stringList(e.Roles))
		}
		g.permissions(body, e.ID, e.Permissions)
	case *ir.ACLGroup:
		body := g.block("acl_group", e.ID)
		optionalString(body, "name", e.Name)
		if len(e.Roles) > 0 {
			body.SetAttributeRaw("roles", stringList(e.Roles))
		}
	case *ir.ACLRole:
		body := g.block("acl_role", e.ID)
		optionalString(body, "description", e.Description)
		g.permissions(body, e.ID, e.Permissions)
	default:
		g.fail(hcl.Range{}, "unknown ACL entry %T", e)
	}
}

func (g *gen) permissions(body *hclwrite.Body, owner string, perms []*ir.ACLPermission) {
	for i, p := range perms {
		pb := body.AppendNewBlock("permission", nil).Body()
		if p.ID != ir.ACLPermissionID(owner, i) {
			pb.SetAttributeRaw("id", str(p.ID))
		}
		optionalString(pb, "kind", p.Kind)
		if p.Element != "" {
			pb.SetAttributeRaw("legacy", ident("true")) // written as <read>/<write>/<deny>
		}
		optionalString(pb, "xpath", p.XPath)
		optionalString(pb, "reference", p.Reference)
		optionalString(pb, "object-type", p.ObjectType)
		optionalString(pb, "attribute", p.Attribute)
		optionalString(pb, "description", p.Description)
	}
}

// plainList reports whether the items of a comma-separated list are
// written without spaces or empty items, so that joining the list with
// commas gives back the same text.
func plainList(items []string) bool {
	for _, it := range items {
		if it == "" || strings.TrimSpace(it) != it {
			return false
		}
	}
	return true
}

func alertSets(id string, sets []*ir.NVSet) ownedSets {
	return ownedSets{owner: id, sets: sets, names: opSetNames,
		derive: func(k ir.NVSetKind, i int) string { return ir.SetID(id, k, i) }}
}
