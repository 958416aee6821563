package pclgen

import (
	"fmt"
	"strings"

	"pcl/dsl/rule"
	"pcl/ir"
)

// FormatRule writes a rule's terms as a rule string (docs/language.md,
// "Rules"; grammar in package dsl/rule). The rule's own id, score,
// score-attribute and role are not in the string: the caller writes them
// as attributes of the rule block. ids is nil when every nested id is the
// one the compiler derives; otherwise it lists every nested id in document
// preorder (a nested rule before its terms, a date expression before its
// duration and then its date_spec), with "" for those that equal the
// derived id.
//
// The string reads back (compiler lowerRule) as exactly r: boolean-op
// spelling, types, value sources, operation spellings and every date
// field. A rule the grammar cannot express (an id-ref inside a rule, an
// empty rule, an unknown type or operation) is an error.
func FormatRule(r *ir.Rule) (expr string, ids []string, err error) {
	if r.IDRef != "" {
		return "", nil, fmt.Errorf("rule %q is a reference (id-ref=%q), which a rule string cannot express", r.ID, r.IDRef)
	}
	f := &ruleFormatter{}
	var sb strings.Builder
	f.options(&sb, r, false)
	f.terms(&sb, r)
	if f.err != nil {
		return "", nil, f.err
	}
	ids, differs := nestedIDs(r)
	if !differs {
		ids = nil
	}
	return sb.String(), ids, nil
}

type ruleFormatter struct {
	err error
}

func (f *ruleFormatter) fail(format string, args ...any) {
	if f.err == nil {
		f.err = fmt.Errorf(format, args...)
	}
}

// joinOp is the operator that joins r's terms in the string, and whether
// the string implies r's boolean-op without an option.
func joinOp(r *ir.Rule) (op string, implied bool) {
	op = "and"
	if strings.EqualFold(r.BooleanOp, "or") {
		op = "or"
	}
	if len(r.Terms) > 1 {
		return op, r.BooleanOp == op
	}
	return op, r.BooleanOp == ""
}

// options writes the [name=value ...] a rule needs: boolean-op when the
// terms do not imply it, and for nested rules their own attributes.
func (f *ruleFormatter) options(sb *strings.Builder, r *ir.Rule, nested bool) {
	var opts []string
	if _, implied := joinOp(r); !implied {
		v := rule.QuoteValue(r.BooleanOp)
		if strings.EqualFold(r.BooleanOp, "and") || strings.EqualFold(r.BooleanOp, "or") {
			v = r.BooleanOp // keywords read as values inside [...]
		}
		opts = append(opts, "boolean-op="+v)
	}
	if nested {
		if r.Score != nil {
			opts = append(opts, "score="+rule.QuoteValue(r.Score.Text))
		}
		if r.ScoreAttribute != "" {
			opts = append(opts, "score-attribute="+rule.QuoteValue(r.ScoreAttribute))
		}
		if r.Role != "" {
			opts = append(opts, "role="+rule.QuoteValue(string(r.Role)))
		}
	}
	if len(opts) > 0 {
		sb.WriteString("[" + strings.Join(opts, " ") + "] ")
	}
}

func (f *ruleFormatter) terms(sb *strings.Builder, r *ir.Rule) {
	if len(r.Terms) == 0 {
		f.fail("rule %q has no expressions, which a rule string cannot express", r.ID)
		return
	}
	op, _ := joinOp(r)
	for i, t := range r.Terms {
		if i > 0 {
			sb.WriteString(" " + op + " ")
		}
		f.term(sb, t)
	}
}

func (f *ruleFormatter) term(sb *strings.Builder, t ir.RuleTerm) {
	switch t := t.(type) {
	case *ir.Rule:
		if t.IDRef != "" {
			f.fail("nested rule %q is a reference (id-ref=%q), which a rule string cannot express", t.ID, t.IDRef)
			return
		}
		sb.WriteString("(")
		f.options(sb, t, true)
		f.terms(sb, t)
		sb.WriteString(")")
	case *ir.Expression:
		f.expression(sb, t)
	case *ir.DateExpression:
		f.date(sb, t)
	case *ir.ResourceExpression:
		for _, part := range []string{t.Class, t.Provider, t.Type} {
			if strings.Contains(part, ":") {
				f.fail("resource expression %q has a colon inside class, provider or type, which a rule string cannot express", t.ID)
			}
		}
		agent := t.Class + ":" + t.Provider + ":" + t.Type
		if t.Provider == "" && t.Class != "" && t.Type != "" {
			agent = t.Class + ":" + t.Type
		}
		sb.WriteString("resource " + rule.QuoteValue(agent))
	case *ir.OpExpression:
		sb.WriteString("op " + rule.QuoteValue(t.Name))
		if t.Interval != "" {
			sb.WriteString(" interval=" + rule.QuoteValue(t.Interval))
		}
	default:
		f.fail("unknown rule term %T", t)
	}
}

var typeNames = []string{"string", "integer", "number", "version"}
var compareOps = []string{"lt", "gt", "lte", "gte", "eq", "ne"}
var valueSources = []string{"param", "meta", "literal"}

func oneOfFold(s string, set []string) bool {
	for _, x := range set {
		if strings.EqualFold(s, x) {
			return true
		}
	}
	return false
}

func (f *ruleFormatter) expression(sb *strings.Builder, x *ir.Expression) {
	attr := rule.QuoteAttribute(x.Attribute)
	if x.Type != "" {
		if !oneOfFold(x.Type, typeNames) {
			f.fail("expression %q has type=%q, which is none of string, integer, number, version", x.ID, x.Type)
			return
		}
		attr = x.Type + ":" + rule.QuoteValue(x.Attribute)
	}
	switch {
	case strings.EqualFold(x.Operation, "defined") || strings.EqualFold(x.Operation, "not_defined"):
		if x.Value != nil || x.ValueSource != "" {
			f.fail("expression %q tests %s but also has a value, which a rule string cannot express", x.ID, x.Operation)
			return
		}
		sb.WriteString(x.Operation + " " + attr)
	case oneOfFold(x.Operation, compareOps):
		if x.Value == nil {
			f.fail("expression %q compares with %s but has no value, which a rule string cannot express", x.ID, x.Operation)
			return
		}
		sb.WriteString(attr + " " + x.Operation + " ")
		switch {
		case x.ValueSource == "":
			sb.WriteString(rule.QuoteValue(*x.Value))
		case oneOfFold(x.ValueSource, valueSources):
			sb.WriteString(x.ValueSource + "{" + rule.QuoteValue(*x.Value) + "}")
		default:
			f.fail("expression %q has value-source=%q, which is none of literal, param, meta", x.ID, x.ValueSource)
		}
	default:
		f.fail("expression %q has operation=%q, which is none of lt, gt, lte, gte, eq, ne, defined, not_defined", x.ID, x.Operation)
	}
}

func (f *ruleFormatter) date(sb *strings.Builder, d *ir.DateExpression) {
	op := strings.ToLower(d.Operation)
	switch {
	case op == "gt" && d.End == "" && d.Duration == nil && d.Spec == nil && d.Start != "":
		sb.WriteString("date " + d.Operation + " " + rule.QuoteValue(d.Start))
		return
	case op == "lt" && d.Start == "" && d.Duration == nil && d.Spec == nil && d.End != "":
		sb.WriteString("date " + d.Operation + " " + rule.QuoteValue(d.End))
		return
	}
	word := d.Operation
	switch d.Operation {
	case "in_range":
		word = "in"
	case "date_spec":
		word = "spec"
	}
	switch op {
	case "date_spec":
		if d.Start != "" || d.End != "" || d.Duration != nil {
			f.fail("date expression %q is a date_spec with start, end or a duration, which a rule string cannot express", d.ID)
			return
		}
		fields := specFields(d.Spec)
		if d.Spec != nil && d.Spec.Days != "" {
			f.fail("date expression %q has days in its date_spec, which is a duration field (use monthdays, weekdays or yeardays)", d.ID)
			return
		}
		if len(fields) == 0 {
			f.fail("date expression %q is a date_spec without fields, which a rule string cannot express", d.ID)
			return
		}
		sb.WriteString("date " + word + " " + strings.Join(fields, " "))
	case "gt", "lt", "in_range":
		if d.Spec != nil {
			f.fail("date expression %q has a date_spec but operation %s, which a rule string cannot express", d.ID, d.Operation)
			return
		}
		var fields []string
		if d.Start != "" {
			fields = append(fields, "start="+rule.QuoteValue(d.Start))
		}
		if d.End != "" {
			fields = append(fields, "end="+rule.QuoteValue(d.End))
		}
		if (op == "gt" && d.Start == "") || (op == "lt" && d.End == "") || (d.Start == "" && d.End == "") {
			f.fail("date expression %q lacks the start or end its operation %s needs, which a rule string cannot express", d.ID, d.Operation)
			return
		}
		if d.Duration != nil {
			if s := d.Duration; s.Monthdays != "" || s.Weekdays != "" || s.Yeardays != "" || s.Weekyears != "" || s.Moon != "" {
				f.fail("date expression %q has a duration with date_spec fields, which a rule string cannot express", d.ID)
				return
			}
			dur := durationFields(d.Duration)
			if len(dur) == 0 {
				f.fail("date expression %q has an empty duration, which a rule string cannot express", d.ID)
				return
			}
			fields = append(fields, dur...)
		}
		if len(fields) == 0 {
			f.fail("date expression %q has neither start nor end, which a rule string cannot express", d.ID)
			return
		}
		sb.WriteString("date " + word + " " + strings.Join(fields, " "))
	default:
		f.fail("date expression %q has operation=%q, which is none of gt, lt, in_range, date_spec", d.ID, d.Operation)
	}
}

func durationFields(s *ir.DateSpec) []string {
	return namedFields([]string{"years", "months", "weeks", "days", "hours", "minutes", "seconds"},
		[]string{s.Years, s.Months, s.Weeks, s.Days, s.Hours, s.Minutes, s.Seconds})
}

func specFields(s *ir.DateSpec) []string {
	if s == nil {
		return nil
	}
	return namedFields([]string{"years", "weekyears", "months", "weeks", "yeardays", "monthdays", "weekdays", "hours", "minutes", "seconds", "moon"},
		[]string{s.Years, s.Weekyears, s.Months, s.Weeks, s.Yeardays, s.Monthdays, s.Weekdays, s.Hours, s.Minutes, s.Seconds, s.Moon})
}

func namedFields(names, values []string) []string {
	var out []string
	for i, v := range values {
		if v != "" {
			out = append(out, names[i]+"="+rule.QuoteValue(v))
		}
	}
	return out
}

// nestedIDs lists r's nested ids in preorder, "" where the id is the
// derived one, and whether any differs.
func nestedIDs(r *ir.Rule) (ids []string, differs bool) {
	add := func(id, derived string) {
		if id == derived {
			ids = append(ids, "")
			return
		}
		ids = append(ids, id)
		differs = true
	}
	var walk func(r *ir.Rule)
	walk = func(r *ir.Rule) {
		nRules, nExprs := 0, 0
		for _, t := range r.Terms {
			switch t := t.(type) {
			case *ir.Rule:
				add(t.ID, ir.RuleID(r.ID, nRules))
				nRules++
				walk(t)
			case *ir.Expression:
				add(t.ID, ir.ExprID(r.ID, nExprs))
				nExprs++
			case *ir.DateExpression:
				add(t.ID, ir.ExprID(r.ID, nExprs))
				nExprs++
				if t.Duration != nil {
					add(t.Duration.ID, ir.DurationID(t.ID))
				}
				if t.Spec != nil {
					add(t.Spec.ID, ir.DateSpecID(t.ID))
				}
			case *ir.ResourceExpression:
				add(t.ID, ir.ExprID(r.ID, nExprs))
				nExprs++
			case *ir.OpExpression:
				add(t.ID, ir.ExprID(r.ID, nExprs))
				nExprs++
			}
		}
	}
	walk(r)
	return ids, differs
}
