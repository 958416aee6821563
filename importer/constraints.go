package importer

import (
	"pcl/ir"
)

// constraint reads one child of <constraints>; nil when it is not a
// constraint.
func (r *reader) constraint(parent, e *elem) ir.Constraint {
	switch e.name {
	case "rsc_location":
		return r.location(e)
	case "rsc_order":
		return r.order(e)
	case "rsc_colocation":
		return r.colocation(e)
	case "rsc_ticket":
		return r.ticket(e)
	}
	r.unknownChild(parent, e)
	return nil
}

func (r *reader) location(e *elem) *ir.Location {
	l := &ir.Location{DeclRange: e.rng}
	l.ID = r.requireID(e)
	l.Resource = e.attr("rsc")
	r.refer(e, "rsc", l.Resource, refResource)
	l.Pattern = e.attr("rsc-pattern")
	l.Node = e.attr("node")
	l.Score = r.score(e, "score")
	l.Role = r.role(e, "role")
	l.Discovery = e.attr("resource-discovery")
	for _, c := range e.children {
		switch c.name {
		case "resource_set":
			l.Sets = append(l.Sets, r.resourceSet(c))
		case "rule":
			l.Rules = append(l.Rules, r.rule(c))
		case "lifetime":
			r.errorf(c.rng, "Unsupported element", "<lifetime> (deprecated constraint lifetime rules) cannot be represented; move its rules into the constraint's own rules.")
		default:
			r.unknownChild(e, c)
		}
	}
	if l.Resource == "" && l.Pattern == "" && len(l.Sets) == 0 {
		r.errorf(e.rng, "Missing attribute", "<rsc_location id=%q> needs rsc, rsc-pattern or resource sets.", l.ID)
	}
	if l.Node != "" && l.Score == nil {
		r.errorf(e.rng, "Missing attribute", "<rsc_location id=%q> names a node but no score.", l.ID)
	}
	if l.Node == "" && len(l.Rules) == 0 {
		r.warnf(e.rng, "Location without effect", "<rsc_location id=%q> has neither a node nor rules; Pacemaker ignores it.", l.ID)
	}
	r.finish(e)
	return l
}

func (r *reader) order(e *elem) *ir.Order {
	o := &ir.Order{DeclRange: e.rng}
	o.ID = r.requireID(e)
	o.First = e.attr("first")
	o.Then = e.attr("then")
	r.refer(e, "first", o.First, refResource)
	r.refer(e, "then", o.Then, refResource)
	o.FirstAction = ir.Action(e.attr("first-action"))
	o.ThenAction = ir.Action(e.attr("then-action"))
	o.Kind = ir.OrderKind(e.attr("kind"))
	o.Score = r.score(e, "score")
	o.Symmetrical = r.boolean(e, "symmetrical")
	o.RequireAll = r.boolean(e, "require-all")
	r.constraintSets(e, &o.Sets)
	if len(o.Sets) == 0 && (o.First == "" || o.Then == "") {
		r.errorf(e.rng, "Missing attribute", "<rsc_order id=%q> needs first and then (or resource sets).", o.ID)
	}
	r.finish(e)
	return o
}

func (r *reader) colocation(e *elem) *ir.Colocation {
	c := &ir.Colocation{DeclRange: e.rng}
	c.ID = r.requireID(e)
	c.Dependent = e.attr("rsc")
	c.Primary = e.attr("with-rsc")
	r.refer(e, "rsc", c.Dependent, refResource)
	r.refer(e, "with-rsc", c.Primary, refResource)
	c.DependentRole = r.role(e, "rsc-role")
	c.PrimaryRole = r.role(e, "with-rsc-role")
	c.DependentInstance = e.attr("rsc-instance")
	c.PrimaryInstance = e.attr("with-rsc-instance")
	c.Score = r.score(e, "score")
	c.NodeAttribute = e.attr("node-attribute")
	c.Influence = r.boolean(e, "influence")
	r.constraintSets(e, &c.Sets)
	if len(c.Sets) == 0 && (c.Dependent == "" || c.Primary == "") {
		r.errorf(e.rng, "Missing attribute", "<rsc_colocation id=%q> needs rsc and with-rsc (or resource sets).", c.ID)
	}
	r.finish(e)
	return c
}

func (r *reader) ticket(e *elem) *ir.Ticket {
	t := &ir.Ticket{DeclRange: e.rng}
	t.ID = r.requireID(e)
	t.Ticket = r.required(e, "ticket")
	t.Resource = e.attr("rsc")
	r.refer(e, "rsc", t.Resource, refResource)
	t.Role = r.role(e, "rsc-role")
	t.LossPolicy = e.attr("loss-policy")
	r.constraintSets(e, &t.Sets)
	if len(t.Sets) == 0 && t.Resource == "" {
		r.errorf(e.rng, "Missing attribute", "<rsc_ticket id=%q> needs rsc (or resource sets).", t.ID)
	}
	r.finish(e)
	return t
}

// constraintSets reads the resource sets of an order, colocation or ticket.
func (r *reader) constraintSets(e *elem, sets *[]*ir.ResourceSet) {
	for _, c := range e.children {
		switch c.name {
		case "resource_set":
			*sets = append(*sets, r.resourceSet(c))
		case "lifetime":
			r.errorf(c.rng, "Unsupported element", "<lifetime> (deprecated constraint lifetime rules) cannot be represented; remove it or turn the constraint into a location with rules.")
		default:
			r.unknownChild(e, c)
		}
	}
}

func (r *reader) resourceSet(e *elem) *ir.ResourceSet {
	s := &ir.ResourceSet{DeclRange: e.rng}
	s.ID = e.attr("id")
	s.IDRef = e.attr("id-ref")
	r.idOrRef(e, s.ID, s.IDRef)
	s.Sequential = r.boolean(e, "sequential")
	s.RequireAll = r.boolean(e, "require-all")
	s.Ordering = e.attr("ordering")
	s.Action = ir.Action(e.attr("action"))
	s.Role = r.role(e, "role")
	s.Score = r.score(e, "score")
	s.Kind = ir.OrderKind(e.attr("kind"))
	s.Resources = r.idRefs(e, "resource_ref", refResource)
	r.finish(e)
	return s
}
