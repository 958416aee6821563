package cibxml

import "pcl/ir"

func (x *writer) rule(r *ir.Rule) {
	var a attrs
	a.opt("id", r.ID)
	a.opt("id-ref", r.IDRef)
	a.score("score", r.Score)
	a.opt("score-attribute", r.ScoreAttribute)
	a.opt("role", string(r.Role))
	a.opt("boolean-op", r.BooleanOp)
	x.start("rule", a)
	for _, t := range r.Terms {
		x.ruleTerm(t)
	}
	x.end("rule")
}

func (x *writer) ruleTerm(t ir.RuleTerm) {
	switch t := t.(type) {
	case *ir.Rule:
		x.rule(t)
	case *ir.Expression:
		var a attrs
		a.always("id", t.ID)
		a.always("attribute", t.Attribute)
		a.always("operation", t.Operation)
		a.ptr("value", t.Value)
		a.opt("type", t.Type)
		a.opt("value-source", t.ValueSource)
		x.leaf("expression", a)
	case *ir.DateExpression:
		var a attrs
		a.always("id", t.ID)
		a.always("operation", t.Operation)
		a.opt("start", t.Start)
		a.opt("end", t.End)
		x.start("date_expression", a)
		if t.Spec != nil {
			x.dateSpec("date_spec", t.Spec)
		}
		if t.Duration != nil {
			x.dateSpec("duration", t.Duration)
		}
		x.end("date_expression")
	case *ir.ResourceExpression:
		var a attrs
		a.always("id", t.ID)
		a.opt("class", t.Class)
		a.opt("provider", t.Provider)
		a.opt("type", t.Type)
		x.leaf("rsc_expression", a)
	case *ir.OpExpression:
		var a attrs
		a.always("id", t.ID)
		a.always("name", t.Name)
		a.opt("interval", t.Interval)
		x.leaf("op_expression", a)
	}
}

func (x *writer) dateSpec(elem string, d *ir.DateSpec) {
	var a attrs
	a.always("id", d.ID)
	a.opt("years", d.Years)
	a.opt("months", d.Months)
	a.opt("weeks", d.Weeks)
	a.opt("days", d.Days)
	a.opt("monthdays", d.Monthdays)
	a.opt("weekdays", d.Weekdays)
	a.opt("yeardays", d.Yeardays)
	a.opt("weekyears", d.Weekyears)
	a.opt("hours", d.Hours)
	a.opt("minutes", d.Minutes)
	a.opt("seconds", d.Seconds)
	a.opt("moon", d.Moon)
	x.leaf(elem, a)
}
