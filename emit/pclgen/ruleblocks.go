package pclgen

import (
	"github.com/hashicorp/hcl/v2/hclwrite"

	"pcl/ir"
)

// rules writes the rules of an attribute set (parent is its id): `rule =
// "..."` when there is a single rule with nothing but its expression, else
// one `rule { ... }` block per rule.
//
// A set's rule has score 0 in practice: the pacemaker-3.x schema wants a
// score on every rule, the score of a set's rule means nothing, and the
// compiler writes score="0" where none is given. So a zero score is left
// out, and a rule without any score comes back with score="0", which is
// what Pacemaker assumes for it anyway.
func (g *gen) rules(body *hclwrite.Body, rules []*ir.Rule, parent string) {
	if len(rules) == 1 && plainRule(rules[0], parent) {
		expr, ids, err := formatRule(rules[0])
		if err == nil && ids == nil {
			body.SetAttributeRaw("rule", str(expr))
			return
		}
	}
	for i, r := range rules {
		g.ruleBlock(body.AppendNewBlock("rule", nil).Body(), r, ir.RuleID(parent, i), true)
	}
}

// plainRule reports whether a set's rule carries nothing but its
// expression.
func plainRule(r *ir.Rule, parent string) bool {
	return len(r.Terms) > 0 && r.ID == ir.RuleID(parent, 0) && r.IDRef == "" && zeroScore(r.Score) &&
		r.ScoreAttribute == "" && r.Role == "" && !explicitBooleanOp(r)
}

// zeroScore reports whether a score is absent or spelled "0": what the
// compiler writes for a rule given no score.
func zeroScore(s *ir.ScoreValue) bool { return s == nil || s.Text == "0" }

// explicitBooleanOp reports whether a rule's boolean-op must be written as
// an attribute: a rule string says and/or only between two terms, so the
// boolean-op of a rule with fewer terms is not in it.
func explicitBooleanOp(r *ir.Rule) bool {
	return r.BooleanOp != "" && len(r.Terms) < 2
}

// ruleBlock writes the full form of a rule:
//
//	rule {
//	  id              = "..."   # when not derived
//	  score           = 100     # or score-attribute
//	  role            = "Promoted"
//	  expr            = "..."
//	  ids             = [...]   # nested ids, when any is not derived
//	}
//
// omitZero leaves out a zero score (a set's rule, see rules).
func (g *gen) ruleBlock(body *hclwrite.Body, r *ir.Rule, derived string, omitZero bool) {
	if r.ID != derived && r.IDRef == "" {
		body.SetAttributeRaw("id", str(r.ID))
	}
	if r.IDRef != "" {
		body.SetAttributeRaw("ref", str(r.IDRef))
		return
	}
	if r.Score != nil && !(omitZero && zeroScore(r.Score)) {
		body.SetAttributeRaw("score", scoreValue(r.Score))
	}
	if r.ScoreAttribute != "" {
		body.SetAttributeRaw("score-attribute", str(r.ScoreAttribute))
	}
	if r.Role != "" {
		body.SetAttributeRaw("role", str(string(r.Role)))
	}
	if len(r.Terms) == 0 {
		// A rule block without expr is a rule without terms.
		optionalString(body, "boolean-op", r.BooleanOp)
		return
	}
	// A boolean-op the terms cannot show goes in an attribute rather than
	// in the string's [boolean-op=...] option, which reads worse.
	bare := r
	if explicitBooleanOp(r) {
		c := *r
		c.BooleanOp = ""
		bare = &c
	}
	expr, ids, err := formatRule(bare)
	if err != nil {
		g.fail(r.DeclRange, "rule %s: %v", r.ID, err)
		return
	}
	body.SetAttributeRaw("expr", str(expr))
	if explicitBooleanOp(r) {
		body.SetAttributeRaw("boolean-op", str(r.BooleanOp))
	}
	if ids != nil {
		body.SetAttributeRaw("ids", stringList(ids))
	}
}

// formatRule is FormatRule for a rule whose nested rules may carry score 0,
// which the compiler gives every rule without a score: leaving it out of
// the string spares the reader a [score=0] that means nothing.
func formatRule(r *ir.Rule) (string, []string, error) {
	return FormatRule(withoutNestedZeroScores(r))
}

func withoutNestedZeroScores(r *ir.Rule) *ir.Rule {
	var terms []ir.RuleTerm
	changed := false
	for i, t := range r.Terms {
		n, ok := t.(*ir.Rule)
		if !ok {
			continue
		}
		m := withoutNestedZeroScores(n)
		if m.Score != nil && m.Score.Text == "0" && m.ScoreAttribute == "" && m.IDRef == "" {
			c := *m
			c.Score = nil
			m = &c
		}
		if m != n {
			if !changed {
				terms = append([]ir.RuleTerm(nil), r.Terms...)
				changed = true
			}
			terms[i] = m
		}
	}
	if !changed {
		return r
	}
	c := *r
	c.Terms = terms
	return &c
}
