package cibxml

import "pcl/ir"

func (x *writer) constraint(k ir.Constraint) {
	switch c := k.(type) {
	case *ir.Location:
		var a attrs
		a.always("id", c.ID)
		a.opt("rsc", c.Resource)
		a.opt("rsc-pattern", c.Pattern)
		a.opt("role", string(c.Role))
		a.opt("node", c.Node)
		a.score("score", c.Score)
		a.opt("resource-discovery", c.Discovery)
		x.start("rsc_location", a)
		x.resourceSets(c.Sets)
		for _, r := range c.Rules {
			x.rule(r)
		}
		x.end("rsc_location")
	case *ir.Order:
		var a attrs
		a.always("id", c.ID)
		a.opt("first", c.First)
		a.opt("first-action", string(c.FirstAction))
		a.opt("then", c.Then)
		a.opt("then-action", string(c.ThenAction))
		a.opt("kind", string(c.Kind))
		a.score("score", c.Score)
		a.boolean("symmetrical", c.Symmetrical)
		a.boolean("require-all", c.RequireAll)
		x.start("rsc_order", a)
		x.resourceSets(c.Sets)
		x.end("rsc_order")
	case *ir.Colocation:
		var a attrs
		a.always("id", c.ID)
		a.opt("rsc", c.Dependent)
		a.opt("rsc-role", string(c.DependentRole))
		a.opt("rsc-instance", c.DependentInstance)
		a.opt("with-rsc", c.Primary)
		a.opt("with-rsc-role", string(c.PrimaryRole))
		a.opt("with-rsc-instance", c.PrimaryInstance)
		a.score("score", c.Score)
		a.opt("node-attribute", c.NodeAttribute)
		a.boolean("influence", c.Influence)
		x.start("rsc_colocation", a)
		x.resourceSets(c.Sets)
		x.end("rsc_colocation")
	case *ir.Ticket:
		var a attrs
		a.always("id", c.ID)
		a.always("ticket", c.Ticket)
		a.opt("rsc", c.Resource)
		a.opt("rsc-role", string(c.Role))
		a.opt("loss-policy", c.LossPolicy)
		x.start("rsc_ticket", a)
		x.resourceSets(c.Sets)
		x.end("rsc_ticket")
	}
}

func (x *writer) resourceSets(sets []*ir.ResourceSet) {
	for _, s := range sets {
		var a attrs
		a.opt("id", s.ID)
		a.opt("id-ref", s.IDRef)
		a.boolean("sequential", s.Sequential)
		a.boolean("require-all", s.RequireAll)
		a.opt("ordering", s.Ordering)
		a.opt("action", string(s.Action))
		a.opt("role", string(s.Role))
		a.score("score", s.Score)
		a.opt("kind", string(s.Kind))
		x.start("resource_set", a)
		for _, r := range s.Resources {
			var ra attrs
			ra.always("id", r)
			x.leaf("resource_ref", ra)
		}
		x.end("resource_set")
	}
}
