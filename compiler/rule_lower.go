package compiler

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/dsl/rule"
	"pcl/ir"
	"pcl/pcmk"
)

// ruleOptions are the attributes of the <rule> element itself.
type ruleOptions struct {
	ID             string         // the rule's id (explicit or derived by the caller)
	Score          *ir.ScoreValue // nil when none
	ScoreAttribute string
	Role           ir.Role
	IDs            []string // explicit ids of nested elements in document (pre)order; "" or missing = derive
}

// lowerRule turns a parsed rule expression into an ir.Rule.
//
// Shape: a chain of one operator is the rule's terms (boolean-op is the
// operator); a single term gets no boolean-op; parentheses and chains of
// the other operator become nested rules. A [boolean-op=...] option sets
// boolean-op explicitly.
//
// not is pushed down to the terms (De Morgan), each term replaced by an
// exact CIB equivalent of its negation (see negate); where none exists the
// error points at the not.
//
// Ids: nested elements take the ids listed in opts.IDs in document
// preorder (a nested rule before its terms; a date expression before its
// duration, then its date_spec); "" or a missing entry takes the derived
// id (ir.RuleID, ir.ExprID, ir.DurationID, ir.DateSpecID) from the actual
// id of its parent.
func lowerRule(e *rule.Expr, opts ruleOptions) (*ir.Rule, hcl.Diagnostics) {
	lw := &ruleLowerer{}
	r := &ir.Rule{ID: opts.ID, Score: opts.Score, ScoreAttribute: opts.ScoreAttribute, Role: opts.Role, DeclRange: e.Range}
	lw.fill(r, e.Root, e.Options, nil)
	ids := &ruleIDCursor{explicit: opts.IDs}
	assignRuleIDs(r, ids)
	if ids.next < len(ids.explicit) {
		lw.errorf(e.Range, "Too many ids",
			"The ids list has %d entries but the rule has only %d nested elements (rules, expressions, durations and date_specs, in document order); remove the extra ids.",
			len(ids.explicit), ids.next)
	}
	if lw.diags.HasErrors() {
		return nil, lw.diags
	}
	return r, lw.diags
}

type ruleLowerer struct {
	diags hcl.Diagnostics
}

func (lw *ruleLowerer) errorf(rng hcl.Range, summary, format string, args ...any) {
	lw.diags = append(lw.diags, errorAt(rng, summary, format, args...))
}

func (lw *ruleLowerer) warnf(rng hcl.Range, summary, format string, args ...any) {
	lw.diags = append(lw.diags, warningAt(rng, summary, format, args...))
}

// fill sets r's boolean-op and terms from node (negated when not is set)
// and applies a group's options.
func (lw *ruleLowerer) fill(r *ir.Rule, node rule.Node, options []rule.Option, not *rule.Not) {
	var op string
	var operands []rule.Node
	if c, ok := node.(*rule.Chain); ok {
		op, operands = c.Op, c.Operands
		if not != nil {
			op = flipBoolOp(op)
		}
	} else {
		operands = []rule.Node{node}
	}
	for _, n := range operands {
		if t := lw.term(n, not); t != nil {
			r.Terms = append(r.Terms, t)
		}
	}
	if len(operands) > 1 {
		r.BooleanOp = op
	}
	for _, o := range options {
		switch o.Name {
		case "boolean-op":
			// An empty value asks for no boolean-op attribute (Pacemaker's
			// default, and).
			v := o.Value
			if v != "" && !strings.EqualFold(v, "and") && !strings.EqualFold(v, "or") {
				lw.errorf(o.ValueRange, "Invalid boolean-op", "boolean-op is \"and\", \"or\" or '' (none, meaning and), not %q.", v)
				continue
			}
			v = strings.ToLower(v)
			if not != nil {
				v = flipBoolOp(v)
			}
			effective := "and"
			if strings.EqualFold(v, "or") {
				effective = "or"
			}
			if len(operands) > 1 && effective != op {
				lw.errorf(o.ValueRange, "Conflicting boolean-op",
					"The terms here are joined with %q, but boolean-op says %q; remove the option or change the operator.", op, v)
				continue
			}
			r.BooleanOp = v
		case "score":
			s, err := ir.ParseScore(o.Value)
			if err != nil {
				lw.errorf(o.ValueRange, "Invalid score", "%s.", ruleCapitalize(err.Error()))
				continue
			}
			r.Score = &ir.ScoreValue{Value: s, Text: o.Value}
		case "score-attribute":
			r.ScoreAttribute = o.Value
		case "role":
			if ir.Role(o.Value).Normalize() == ir.RoleUnknown {
				lw.errorf(o.ValueRange, "Invalid role",
					"%q is not a role: expected Started, Stopped, Promoted or Unpromoted (or the legacy Master, Slave).", o.Value)
				continue
			}
			r.Role = ir.Role(o.Value)
		}
	}
}

func flipBoolOp(op string) string {
	if strings.EqualFold(op, "or") {
		return "and"
	}
	return "or"
}

// term lowers one operand of a rule, negated when not is set.
func (lw *ruleLowerer) term(n rule.Node, not *rule.Not) ir.RuleTerm {
	switch n := n.(type) {
	case *rule.Not:
		if not != nil {
			return lw.term(n.Operand, nil) // not not x is x
		}
		return lw.term(n.Operand, n)
	case *rule.Group:
		nested := &ir.Rule{DeclRange: n.Range}
		lw.fill(nested, n.Inner, n.Options, not)
		return nested
	case *rule.Chain:
		nested := &ir.Rule{DeclRange: n.Range}
		lw.fill(nested, n, nil, not)
		return nested
	case *rule.Compare:
		return lw.compare(n, not)
	case *rule.Date:
		return lw.date(n, not)
	case *rule.Resource:
		if not != nil {
			lw.noNegation(not, "a resource agent test", "list the agents that should match instead")
			return nil
		}
		return &ir.ResourceExpression{Class: n.Class, Provider: n.Provider, Type: n.Type, DeclRange: n.Range}
	case *rule.Operation:
		if not != nil {
			lw.noNegation(not, "an operation test", "list the operations that should match instead")
			return nil
		}
		o := &ir.OpExpression{Name: n.Name, DeclRange: n.Range}
		if n.Interval != nil {
			if _, err := ir.ParseDuration(n.Interval.Value); err != nil {
				lw.errorf(n.Interval.ValueRange, "Invalid interval", "%s.", ruleCapitalize(err.Error()))
			}
			o.Interval = n.Interval.Value
		}
		return o
	}
	return nil
}

func (lw *ruleLowerer) noNegation(not *rule.Not, what, hint string) {
	lw.errorf(not.KeywordRange, "Cannot negate "+what,
		"The CIB has no way to say \"not\" for %s, and no equivalent expression exists; %s.", what, hint)
}

// ruleInvertedOps maps each comparison to its complement when both values
// exist. eq/ne and defined/not_defined are complements in every case;
// the orderings are false when the attribute is missing, so their
// negation also accepts a missing attribute (see compare).
var ruleInvertedOps = map[string]string{
	"eq": "ne", "ne": "eq",
	"lt": "gte", "gte": "lt",
	"gt": "lte", "lte": "gt",
	"defined": "not_defined", "not_defined": "defined",
}

func (lw *ruleLowerer) compare(c *rule.Compare, not *rule.Not) ir.RuleTerm {
	// Keywords are matched without regard to case but the schema wants
	// them in lower case; values are kept exactly as written.
	lw.lintCompare(c)
	x := &ir.Expression{Attribute: c.Attribute, Operation: strings.ToLower(c.Op), Type: strings.ToLower(c.Type), DeclRange: c.Range}
	if c.Value != nil {
		v := c.Value.Text
		x.Value = &v
		x.ValueSource = strings.ToLower(c.Value.Source)
	}
	if not == nil {
		return x
	}
	op := x.Operation
	x.Operation = ruleInvertedOps[op]
	switch op {
	case "eq", "ne", "defined", "not_defined":
		return x
	}
	// Pacemaker evaluates an ordering with a missing value as false, so
	// "not (a lt 5)" holds when a is missing: not_defined a or a gte 5.
	// A value from param{}/meta{} or an empty one may be missing too, which
	// no expression can test.
	if x.ValueSource != "" && x.ValueSource != "literal" {
		lw.errorf(not.KeywordRange, "Cannot negate this comparison",
			"\"not\" of %q with a value from %s{%s} has no exact CIB equivalent, because the comparison is also false when that value is missing; write the complementary comparison (%s) yourself if a missing value may count as false.",
			c.Attribute+" "+c.Op, x.ValueSource, *x.Value, x.Operation)
		return nil
	}
	if *x.Value == "" {
		lw.errorf(not.KeywordRange, "Cannot negate this comparison",
			"Pacemaker treats an empty value as missing, so %q is always false; its negation is always true and has no expression of its own.", c.Attribute+" "+c.Op+" \"\"")
		return nil
	}
	missing := &ir.Expression{Attribute: c.Attribute, Operation: "not_defined", DeclRange: c.Range}
	return &ir.Rule{BooleanOp: "or", Terms: []ir.RuleTerm{missing, x}, DeclRange: not.Range}
}

func (lw *ruleLowerer) date(d *rule.Date, not *rule.Not) ir.RuleTerm {
	x := &ir.DateExpression{Operation: strings.ToLower(d.Op), DeclRange: d.Range}
	if d.Start != nil {
		x.Start = d.Start.Value
		lw.checkDate(d.Start)
	}
	if d.End != nil {
		x.End = d.End.Value
		lw.checkDate(d.End)
	}
	lw.lintDateRange(d)
	if len(d.Duration) > 0 {
		x.Duration = &ir.DateSpec{}
		for _, f := range d.Duration {
			lw.checkInteger(f)
			*ruleDateField(x.Duration, f.Name) = f.Value
		}
	}
	if len(d.Spec) > 0 {
		x.Spec = &ir.DateSpec{}
		for _, f := range d.Spec {
			lw.checkRange(f)
			*ruleDateField(x.Spec, f.Name) = f.Value
		}
	}
	if not == nil {
		return x
	}
	// The exact complements, from Pacemaker's evaluation:
	// gt S is now > S; lt E is now < E; in_range is !(now < S) && !(now > E).
	switch x.Operation {
	case "gt":
		return &ir.DateExpression{Operation: "in_range", End: x.Start, DeclRange: d.Range}
	case "lt":
		return &ir.DateExpression{Operation: "in_range", Start: x.End, DeclRange: d.Range}
	case "in_range":
		if x.End == "" && x.Duration != nil {
			lw.errorf(not.KeywordRange, "Cannot negate a date range with a duration",
				"\"not\" of a date range given by a duration needs the range's end as a date; write end=DATE instead of the duration.")
			return nil
		}
		before := &ir.DateExpression{Operation: "lt", End: x.Start, DeclRange: d.Range}
		after := &ir.DateExpression{Operation: "gt", Start: x.End, DeclRange: d.Range}
		switch {
		case x.Start == "":
			return after
		case x.End == "":
			return before
		}
		return &ir.Rule{BooleanOp: "or", Terms: []ir.RuleTerm{before, after}, DeclRange: not.Range}
	}
	lw.noNegation(not, "a date_spec", "write the complementary ranges as date specs joined with \"or\"")
	return nil
}

// ruleDateField is the field of s that a date_spec or duration field
// name sets.
func ruleDateField(s *ir.DateSpec, name string) *string {
	switch name {
	case "seconds":
		return &s.Seconds
	case "minutes":
		return &s.Minutes
	case "hours":
		return &s.Hours
	case "days":
		return &s.Days
	case "monthdays":
		return &s.Monthdays
	case "weekdays":
		return &s.Weekdays
	case "yeardays":
		return &s.Yeardays
	case "months":
		return &s.Months
	case "weeks":
		return &s.Weeks
	case "years":
		return &s.Years
	case "weekyears":
		return &s.Weekyears
	case "moon":
		return &s.Moon
	}
	panic("compiler: unknown date field " + name)
}

func (lw *ruleLowerer) checkDate(f *rule.Field) {
	if err := pcmk.CheckDate(f.Value); err != nil {
		lw.errorf(f.ValueRange, "Invalid date", "%s.", ruleCapitalize(err.Error()))
	}
}

func (lw *ruleLowerer) checkInteger(f rule.Field) {
	if _, err := strconv.ParseInt(strings.TrimSpace(f.Value), 10, 32); err != nil {
		lw.errorf(f.ValueRange, "Invalid duration field",
			"The duration field %s must be a whole number, not %q.", f.Name, f.Value)
	}
}

// checkRange accepts what Pacemaker's date_spec fields accept: a number
// or a range N-M, N- or -M.
func (lw *ruleLowerer) checkRange(f rule.Field) {
	v := strings.TrimSpace(f.Value)
	ok := v != "" && v != "-"
	if ok {
		lo, hi, dash := strings.Cut(v, "-")
		for _, part := range []string{lo, hi} {
			if part == "" {
				continue
			}
			if _, err := strconv.ParseInt(part, 10, 64); err != nil {
				ok = false
			}
		}
		if !dash && lo == "" {
			ok = false
		}
	}
	if !ok {
		lw.errorf(f.ValueRange, "Invalid date_spec field",
			"The date_spec field %s must be a number or a range such as 9-16, 9- or -16, not %q.", f.Name, f.Value)
		return
	}
	lw.lintRange(f)
}

func ruleCapitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ruleIDCursor hands out the explicit ids of nested elements in preorder.
type ruleIDCursor struct {
	explicit []string
	next     int
}

func (c *ruleIDCursor) take(derived string) string {
	id := derived
	if c.next < len(c.explicit) && c.explicit[c.next] != "" {
		id = c.explicit[c.next]
	}
	c.next++
	return id
}

// assignRuleIDs gives every element under r its id, in document preorder.
func assignRuleIDs(r *ir.Rule, ids *ruleIDCursor) {
	nRules, nExprs := 0, 0
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			t.ID = ids.take(ir.RuleID(r.ID, nRules))
			nRules++
			assignRuleIDs(t, ids)
		case *ir.Expression:
			t.ID = ids.take(ir.ExprID(r.ID, nExprs))
			nExprs++
		case *ir.DateExpression:
			t.ID = ids.take(ir.ExprID(r.ID, nExprs))
			nExprs++
			if t.Duration != nil {
				t.Duration.ID = ids.take(ir.DurationID(t.ID))
			}
			if t.Spec != nil {
				t.Spec.ID = ids.take(ir.DateSpecID(t.ID))
			}
		case *ir.ResourceExpression:
			t.ID = ids.take(ir.ExprID(r.ID, nExprs))
			nExprs++
		case *ir.OpExpression:
			t.ID = ids.take(ir.ExprID(r.ID, nExprs))
			nExprs++
		}
	}
}
