package pclgen

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"pcl/ir"
)

func (g *gen) constraint(c ir.Constraint) {
	switch c := c.(type) {
	case *ir.Location:
		g.location(c)
	case *ir.Order:
		g.order(c)
	case *ir.Colocation:
		g.colocation(c)
	case *ir.Ticket:
		g.ticket(c)
	default:
		g.fail(hcl.Range{}, "unknown constraint type %T", c)
	}
}

func optionalString(body *hclwrite.Body, name, text string) {
	if text != "" {
		body.SetAttributeRaw(name, str(text))
	}
}

func optionalScore(body *hclwrite.Body, name string, s *ir.ScoreValue) {
	if s != nil {
		body.SetAttributeRaw(name, scoreValue(s))
	}
}

func optionalBool(body *hclwrite.Body, name string, b *ir.Bool) {
	if b != nil {
		body.SetAttributeRaw(name, boolValue(b))
	}
}

func (g *gen) location(l *ir.Location) {
	switch {
	case l.Node != "" && l.Score == nil:
		g.fail(l.DeclRange, "location %s: a node without a score cannot be expressed", l.ID)
	case l.Node == "" && l.Score != nil:
		g.fail(l.DeclRange, "location %s: a score without a node cannot be expressed (a location's score is its rules' default)", l.ID)
	case l.Node != "" && len(l.Rules) > 0:
		g.fail(l.DeclRange, "location %s: both a node and rules cannot be expressed", l.ID)
	}
	body := g.block("location", l.ID)
	optionalString(body, "resource", l.Resource)
	optionalString(body, "pattern", l.Pattern)
	optionalString(body, "node", l.Node)
	optionalScore(body, "score", l.Score)
	optionalString(body, "role", string(l.Role))
	optionalString(body, "resource-discovery", l.Discovery)
	// The short form `score = ...` plus `rule = "..."` is one rule carrying
	// the location's score; it only fits when the location has no score of
	// its own and the rule nothing but a score and its expression.
	if len(l.Rules) == 1 && l.Score == nil && l.Node == "" {
		r := l.Rules[0]
		if r.ID == ir.RuleID(l.ID, 0) && r.IDRef == "" && r.ScoreAttribute == "" && r.Role == "" && !explicitBooleanOp(r) {
			if expr, ids, err := formatRule(r); err == nil && ids == nil {
				optionalScore(body, "score", r.Score)
				body.SetAttributeRaw("rule", str(expr))
				g.resourceSets(body, l.ID, l.Sets, false)
				return
			}
		}
	}
	for i, r := range l.Rules {
		g.ruleBlock(body.AppendNewBlock("rule", nil).Body(), r, ir.RuleID(l.ID, i), false)
	}
	g.resourceSets(body, l.ID, l.Sets, false)
}

func (g *gen) order(o *ir.Order) {
	body := g.block("order", o.ID)
	optionalString(body, "first", o.First)
	optionalString(body, "then", o.Then)
	optionalString(body, "first-action", string(o.FirstAction))
	optionalString(body, "then-action", string(o.ThenAction))
	optionalString(body, "kind", string(o.Kind))
	optionalScore(body, "score", o.Score)
	optionalBool(body, "symmetrical", o.Symmetrical)
	optionalBool(body, "require-all", o.RequireAll)
	g.resourceSets(body, o.ID, o.Sets, false)
}

// colocation is written in placement order: the leader (with-rsc) before
// the follower (rsc), and sets from the one placed first to the one placed
// last, which is the reverse of the CIB's order.
func (g *gen) colocation(c *ir.Colocation) {
	body := g.block("colocation", c.ID)
	optionalString(body, "leader", c.Primary)
	optionalString(body, "follower", c.Dependent)
	optionalScore(body, "score", c.Score)
	optionalString(body, "leader-role", string(c.PrimaryRole))
	optionalString(body, "follower-role", string(c.DependentRole))
	optionalString(body, "leader-instance", c.PrimaryInstance)
	optionalString(body, "follower-instance", c.DependentInstance)
	optionalString(body, "node-attribute", c.NodeAttribute)
	optionalBool(body, "influence", c.Influence)
	g.resourceSets(body, c.ID, c.Sets, true)
}

func (g *gen) ticket(t *ir.Ticket) {
	body := g.block("ticket", t.ID)
	optionalString(body, "ticket", t.Ticket)
	optionalString(body, "resource", t.Resource)
	optionalString(body, "role", string(t.Role))
	optionalString(body, "loss-policy", t.LossPolicy)
	g.resourceSets(body, t.ID, t.Sets, false)
}

// resourceSets writes a constraint's sets as `set { ... }` blocks; reversed
// for colocations, whose .pcl lists sets in placement order. A set's
// derived id counts its position in the CIB.
func (g *gen) resourceSets(body *hclwrite.Body, constraint string, sets []*ir.ResourceSet, reversed bool) {
	for k := range sets {
		i := k
		if reversed {
			i = len(sets) - 1 - k
		}
		s := sets[i]
		sb := body.AppendNewBlock("set", nil).Body()
		if s.IDRef != "" {
			sb.SetAttributeRaw("ref", str(s.IDRef))
		} else if s.ID != ir.ResourceSetID(constraint, i) {
			sb.SetAttributeRaw("id", str(s.ID))
		}
		if len(s.Resources) > 0 || s.IDRef == "" {
			sb.SetAttributeRaw("resources", stringList(s.Resources))
		}
		optionalBool(sb, "sequential", s.Sequential)
		optionalBool(sb, "require-all", s.RequireAll)
		optionalString(sb, "ordering", s.Ordering)
		optionalString(sb, "action", string(s.Action))
		optionalString(sb, "role", string(s.Role))
		optionalScore(sb, "score", s.Score)
		optionalString(sb, "kind", string(s.Kind))
	}
}
