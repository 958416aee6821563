package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/dsl/rule"
	"pcl/ir"
)

// ruleSpec is what the surrounding block says about a <rule> element: its
// id and the attributes of the rule itself, which are not part of the rule
// string.
type ruleSpec struct {
	id        string
	score     *ir.ScoreValue
	scoreAttr string
	role      ir.Role
	ids       []string
}

// ruleFromAttr lowers rule = "..." (a rule string with no further
// attributes, or the location's score).
func (l *lowerer) ruleFromAttr(a *hcl.Attribute, ctx *hcl.EvalContext, spec ruleSpec) *ir.Rule {
	r, d := l.compileRule(a.Expr, ctx, spec)
	l.diags = append(l.diags, d...)
	if r == nil {
		return nil
	}
	r.DeclRange = a.Range
	l.declareRule(r, a.Range, true)
	return r
}

// ruleFromBlock lowers a rule { ... } block. score is the default score
// (a location's) when the block sets neither score nor score-attribute.
func (l *lowerer) ruleFromBlock(b *dsl.Block, ctx *hcl.EvalContext, derivedID string, score *ir.ScoreValue) *ir.Rule {
	id, derived := l.explicitID(b, ctx, derivedID)
	if a := b.Attr("ref"); a != nil {
		r, ok := l.str(a, ctx)
		if !ok {
			return nil
		}
		l.refs = append(l.refs, reference{kind: refAny, id: r, rng: a.Expr.Range(), what: "rule"})
		return &ir.Rule{IDRef: r, DeclRange: b.DefRange}
	}
	spec := ruleSpec{id: id, role: l.role(b.Attr("role"), ctx)}
	if a := b.Attr("score"); a != nil {
		spec.score = l.score(a, ctx)
	}
	if a := b.Attr("score-attribute"); a != nil {
		spec.scoreAttr, _ = l.str(a, ctx)
	}
	if spec.score == nil && spec.scoreAttr == "" {
		spec.score = score
	}
	if a := b.Attr("ids"); a != nil {
		spec.ids, _ = l.strList(a, ctx)
	}
	var r *ir.Rule
	if a := b.Attr("expr"); a != nil {
		var d hcl.Diagnostics
		r, d = l.compileRule(a.Expr, ctx, spec)
		l.diags = append(l.diags, d...)
		if r == nil {
			return nil
		}
	} else {
		r = &ir.Rule{ID: spec.id, Score: spec.score, ScoreAttribute: spec.scoreAttr, Role: spec.role}
		defaultScores(r)
	}
	if a := b.Attr("boolean-op"); a != nil {
		op := l.oneOf(a, ctx, "and", "or")
		if len(r.Terms) > 1 && r.BooleanOp != "" && r.BooleanOp != op {
			l.diags = append(l.diags, errorAt(a.Range, "Conflicting boolean-op",
				"The rule's expression combines its terms with %q, but boolean-op says %q; remove boolean-op.", r.BooleanOp, op))
		} else {
			r.BooleanOp = op
		}
	}
	r.DeclRange = b.DefRange
	l.declareRule(r, b.DefRange, derived)
	return r
}

// declareRule declares the ids of a rule and everything under it.
func (l *lowerer) declareRule(r *ir.Rule, rng hcl.Range, derived bool) {
	l.declare(r.ID, "rule", rng, derived)
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			l.declareRule(t, rng, derived)
		case *ir.Expression:
			l.declare(t.ID, "expression", rng, derived)
		case *ir.DateExpression:
			l.declare(t.ID, "date expression", rng, derived)
			if t.Spec != nil {
				l.declare(t.Spec.ID, "date spec", rng, derived)
			}
			if t.Duration != nil {
				l.declare(t.Duration.ID, "duration", rng, derived)
			}
		case *ir.ResourceExpression:
			l.declare(t.ID, "resource expression", rng, derived)
		case *ir.OpExpression:
			l.declare(t.ID, "op expression", rng, derived)
		}
	}
}

// compileRule parses a rule string (package dsl/rule) and lowers it with
// the rule element's own attributes.
func (l *lowerer) compileRule(expr hcl.Expression, ctx *hcl.EvalContext, spec ruleSpec) (*ir.Rule, hcl.Diagnostics) {
	e, diags := rule.ParseAttrSource(expr, ctx, l.source)
	if diags.HasErrors() || e == nil {
		return nil, diags
	}
	l.noteRuleRemovals(e)
	r, d := lowerRule(e, ruleOptions{ID: spec.id, Score: spec.score, ScoreAttribute: spec.scoreAttr, Role: spec.role, IDs: spec.ids})
	if r != nil {
		defaultScores(r)
	}
	return r, append(diags, d...)
}

// defaultScores gives score="0" to every rule, nested ones included, that
// has neither score nor score-attribute: the pacemaker-3.x schema requires
// one of them on every <rule>, and 0 is what Pacemaker assumes when it is
// missing, so the meaning is unchanged.
func defaultScores(r *ir.Rule) {
	if r.Score == nil && r.ScoreAttribute == "" && r.IDRef == "" {
		r.Score = &ir.ScoreValue{Value: 0, Text: "0"}
	}
	for _, t := range r.Terms {
		if nested, ok := t.(*ir.Rule); ok {
			defaultScores(nested)
		}
	}
}
