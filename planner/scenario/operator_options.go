package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"pcl/ir"
	"pcl/pcmk"
)

// This file writes a move's or ban's constraint with crm_resource's
// options: --lifetime makes it a rule whose date expression ends it
// (cli_resource_prefer, cli_resource_ban), --promoted gives it the
// promoted role. 2.1.5 and 3.0 write the same, but in a CIB whose
// schema predates pacemaker-3.7 (which named the role Master): 2.1.5's
// crm_resource writes Promoted there and the CIB refuses it, 3.0's writes
// Master.

// cliConstraint is the location a move (prefer) or ban writes: the short
// form, or with a lifetime the rule form whose ids crm_resource derives
// from the location's (rule, expression and date expression), the end
// being when the lifetime runs out from now.
func (a *applier) cliConstraint(in ir.Injection, prefer bool, rsc, node string, score ir.Score) (*ir.Location, error) {
	role, err := a.cliRole(in, prefer)
	if err != nil {
		return nil, err
	}
	id := "cli-ban-" + rsc + "-on-" + node
	if prefer {
		id = "cli-prefer-" + rsc
	}
	if in.Lifetime == "" {
		l := cliLocation(id, rsc, node, score)
		l.Role = role
		return l, nil
	}
	d, err := pcmk.ParseLifetime(in.Lifetime)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", Describe(in), err)
	}
	end := time.Unix(a.stamp, 0).UTC().Add(d).Format("2006-01-02 15:04:05Z")
	ruleID, exprID, dateID := id+"-rule", id+"-expr", id+"-lifetime"
	if prefer {
		ruleID, exprID, dateID = "cli-prefer-rule-"+rsc, "cli-prefer-expr-"+rsc, "cli-prefer-lifetime-end-"+rsc
	}
	value := node
	rule := &ir.Rule{ID: sanitizeID(ruleID), Score: ir.NewScore(score), BooleanOp: "and", Terms: []ir.RuleTerm{
		&ir.Expression{ID: sanitizeID(exprID), Attribute: "#uname", Operation: "eq", Value: &value, Type: "string"},
		&ir.DateExpression{ID: sanitizeID(dateID), Operation: "lt", End: end},
	}}
	return &ir.Location{ID: sanitizeID(id), Resource: rsc, Role: role, Rules: []*ir.Rule{rule}}, nil
}

// cliRole is the constraint's role: Started, or with --promoted the
// promoted role as the release's crm_resource spells it for the CIB's
// schema. A move of a resource that is not promotable ignores --promoted,
// as crm_resource does; a ban does not.
func (a *applier) cliRole(in ir.Injection, prefer bool) (ir.Role, error) {
	if !in.Promoted || (prefer && !a.promotable(in.Resource)) {
		return ir.RoleStarted, nil
	}
	schema, old := a.schemaBefore37()
	switch {
	case !old:
		return ir.RolePromoted, nil
	case a.target.Since(pcmk.V3_0_0):
		return "Master", nil
	}
	return "", fmt.Errorf("%s: crm_resource %s writes role=\"Promoted\", which the CIB's schema %s does not accept, so it fails; upgrade the CIB's schema first (cibadmin --upgrade)", Describe(in), a.target.OrDefault().Version, schema)
}

// schemaBefore37 reports whether the CIB validates with a pacemaker-X.Y
// schema older than 3.7, the first that names the role Promoted.
func (a *applier) schemaBefore37() (string, bool) {
	for _, at := range a.cib.Attrs {
		if at.Name != "validate-with" {
			continue
		}
		v, ok := strings.CutPrefix(at.Value, "pacemaker-")
		if !ok {
			return at.Value, false
		}
		major, minor, _ := strings.Cut(v, ".")
		x, err1 := strconv.Atoi(major)
		y, err2 := strconv.Atoi(minor)
		if err1 != nil || err2 != nil {
			return at.Value, false
		}
		return at.Value, x < 3 || (x == 3 && y < 7)
	}
	return "", false
}

// promotable reports whether the resource named id is a promotable clone
// or inside one.
func (a *applier) promotable(id string) bool {
	for _, top := range a.cib.Config.Resources {
		c, ok := top.(*ir.Clone)
		if !ok {
			continue
		}
		if r, _ := find(c, nil, id); r == nil {
			continue
		}
		if c.Master {
			return true
		}
		for _, s := range c.Sets {
			for _, p := range s.Pairs {
				if s.Kind == ir.MetaAttributes && p.Name == "promotable" && p.Value != nil {
					if b, err := strconv.ParseBool(strings.ToLower(*p.Value)); err == nil && b {
						return true
					}
					switch strings.ToLower(*p.Value) {
					case "yes", "on", "y":
						return true
					}
				}
			}
		}
	}
	return false
}
