package importer

import (
	"pcl/ir"
)

// rule reads a <rule> of a set or location constraint, nested rules included.
func (r *reader) rule(e *elem) *ir.Rule {
	ru := &ir.Rule{DeclRange: e.rng}
	ru.ID = e.attr("id")
	ru.IDRef = e.attr("id-ref")
	r.idOrRef(e, ru.ID, ru.IDRef)
	ru.Score = r.score(e, "score")
	ru.ScoreAttribute = e.attr("score-attribute")
	ru.Role = r.role(e, "role")
	ru.BooleanOp = e.attr("boolean-op")
	switch ru.BooleanOp {
	case "", "and", "or":
	default:
		r.errorf(e.rng, "Invalid boolean-op", "boolean-op=%q of <rule> is neither and nor or.", ru.BooleanOp)
	}
	for _, c := range e.children {
		switch c.name {
		case "rule":
			ru.Terms = append(ru.Terms, r.rule(c))
		case "expression":
			ru.Terms = append(ru.Terms, r.expression(c))
		case "date_expression":
			ru.Terms = append(ru.Terms, r.dateExpression(c))
		case "rsc_expression":
			x := &ir.ResourceExpression{DeclRange: c.rng}
			x.ID = r.requireID(c)
			x.Class = c.attr("class")
			x.Provider = c.attr("provider")
			x.Type = c.attr("type")
			r.leaf(c)
			ru.Terms = append(ru.Terms, x)
		case "op_expression":
			x := &ir.OpExpression{DeclRange: c.rng}
			x.ID = r.requireID(c)
			x.Name = r.required(c, "name")
			x.Interval = c.attr("interval")
			r.leaf(c)
			ru.Terms = append(ru.Terms, x)
		default:
			r.unknownChild(e, c)
		}
	}
	r.finish(e)
	return ru
}

// leaf finishes an element that has no children.
func (r *reader) leaf(e *elem) {
	for _, c := range e.children {
		r.unknownChild(e, c)
	}
	r.finish(e)
}

var exprOperations = map[string]bool{
	"lt": true, "gt": true, "lte": true, "gte": true, "eq": true, "ne": true,
	"defined": true, "not_defined": true,
}

func (r *reader) expression(e *elem) *ir.Expression {
	x := &ir.Expression{DeclRange: e.rng}
	x.ID = r.requireID(e)
	x.Attribute = r.required(e, "attribute")
	x.Operation = r.required(e, "operation")
	if x.Operation != "" && !exprOperations[x.Operation] {
		r.errorf(e.rng, "Invalid operation", "operation=%q of <expression> is not one of lt, gt, lte, gte, eq, ne, defined, not_defined.", x.Operation)
	}
	x.Value = e.optional("value")
	x.Type = e.attr("type")
	x.ValueSource = e.attr("value-source")
	r.leaf(e)
	return x
}

func (r *reader) dateExpression(e *elem) *ir.DateExpression {
	x := &ir.DateExpression{DeclRange: e.rng}
	x.ID = r.requireID(e)
	x.Operation = r.required(e, "operation")
	switch x.Operation {
	case "", "gt", "lt", "in_range", "date_spec":
	default:
		r.errorf(e.rng, "Invalid operation", "operation=%q of <date_expression> is not one of gt, lt, in_range, date_spec.", x.Operation)
	}
	x.Start = e.attr("start")
	x.End = e.attr("end")
	for _, c := range e.children {
		switch c.name {
		case "date_spec":
			if x.Spec != nil {
				r.duplicateChild(e, c)
				continue
			}
			x.Spec = r.dateSpec(c)
		case "duration":
			if x.Duration != nil {
				r.duplicateChild(e, c)
				continue
			}
			x.Duration = r.dateSpec(c)
		default:
			r.unknownChild(e, c)
		}
	}
	r.finish(e)
	return x
}

func (r *reader) dateSpec(e *elem) *ir.DateSpec {
	d := &ir.DateSpec{}
	d.ID = r.requireID(e)
	d.Seconds = e.attr("seconds")
	d.Minutes = e.attr("minutes")
	d.Hours = e.attr("hours")
	d.Days = e.attr("days")
	d.Monthdays = e.attr("monthdays")
	d.Weekdays = e.attr("weekdays")
	d.Yeardays = e.attr("yeardays")
	d.Months = e.attr("months")
	d.Weeks = e.attr("weeks")
	d.Years = e.attr("years")
	d.Weekyears = e.attr("weekyears")
	d.Moon = e.attr("moon")
	r.leaf(e)
	return d
}
