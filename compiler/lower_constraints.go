package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/ir"
)

var actions = []string{"start", "stop", "promote", "demote"}

func (l *lowerer) action(a *hcl.Attribute, ctx *hcl.EvalContext) ir.Action {
	if a == nil {
		return ""
	}
	// An action that is not one is dropped: the error says so.
	if t, ok := l.validOneOf(a, ctx, actions...); ok {
		return ir.Action(t)
	}
	return ""
}

// resourceRef evaluates an attribute naming one resource and records the
// reference for the resolve pass.
func (l *lowerer) resourceRef(a *hcl.Attribute, ctx *hcl.EvalContext, what string, role ir.Role) string {
	if a == nil {
		return ""
	}
	id, ok := l.str(a, ctx)
	if !ok {
		return ""
	}
	l.refs = append(l.refs, reference{kind: refResource, id: id, rng: a.Expr.Range(), what: what, role: role})
	return id
}

// pendingSet is a resource set whose id is derived once the sets are in
// CIB order.
type pendingSet struct {
	set     *ir.ResourceSet
	derived bool
	rng     hcl.Range
}

// resourceSets lowers the set blocks (and, for locations, a resources
// list) of constraint cid in source order.
func (l *lowerer) resourceSets(b *dsl.Block, ctx *hcl.EvalContext, what string) []pendingSet {
	var out []pendingSet
	for _, it := range b.Items() {
		switch {
		case it.Block != nil && it.Block.Type == "set":
			sb := it.Block
			s := &ir.ResourceSet{DeclRange: sb.DefRange}
			ps := pendingSet{set: s, rng: sb.DefRange}
			if a := sb.Attr("id"); a != nil {
				if id, ok := l.str(a, ctx); ok && l.nonEmptyID(a, id) {
					s.ID = id
				}
			}
			if s.ID == "" && sb.Attr("ref") == nil {
				ps.derived = true
			}
			if a := sb.Attr("ref"); a != nil {
				if r, ok := l.str(a, ctx); ok {
					s.IDRef = r
					l.refs = append(l.refs, reference{kind: refAny, id: r, rng: a.Expr.Range(), what: "resource set"})
				}
			}
			if a := sb.Attr("role"); a != nil {
				s.Role = l.role(a, ctx)
			}
			unread := false // a resources list that is not one, already reported
			if a := sb.Attr("resources"); a != nil {
				var ok bool
				s.Resources, ok = l.strList(a, ctx)
				unread = !ok
				for i, r := range s.Resources {
					l.refs = append(l.refs, reference{kind: refResource, id: r, rng: elemRange(a, i), what: what, role: s.Role})
				}
			}
			if a := sb.Attr("sequential"); a != nil {
				s.Sequential = l.schemaBool(a, ctx)
			}
			if a := sb.Attr("require-all"); a != nil {
				s.RequireAll = l.schemaBool(a, ctx)
			}
			if a := sb.Attr("ordering"); a != nil {
				s.Ordering = l.oneOf(a, ctx, "group", "listed")
				if what == "colocation" && s.Ordering != "" && s.Ordering != "group" {
					l.removed(deprecatedSetOrdering, a.Expr.Range())
				}
			}
			s.Action = l.action(sb.Attr("action"), ctx)
			if a := sb.Attr("score"); a != nil {
				s.Score = l.score(a, ctx)
			}
			if a := sb.Attr("kind"); a != nil {
				s.Kind = ir.OrderKind(l.oneOf(a, ctx, "Mandatory", "Optional", "Serialize"))
			}
			if s.IDRef == "" && len(s.Resources) == 0 && !unread {
				rng := sb.DefRange
				if a := sb.Attr("resources"); a != nil {
					rng = a.Expr.Range()
				}
				l.emptySet(rng)
			}
			out = append(out, ps)
		case it.Attr != nil && it.Attr.Name == "resources":
			s := &ir.ResourceSet{DeclRange: it.Attr.Range}
			var ok bool
			s.Resources, ok = l.strList(it.Attr, ctx)
			for i, r := range s.Resources {
				l.refs = append(l.refs, reference{kind: refResource, id: r, rng: elemRange(it.Attr, i), what: what})
			}
			if ok && len(s.Resources) == 0 {
				l.emptySet(it.Attr.Range)
			}
			out = append(out, pendingSet{set: s, derived: true, rng: it.Attr.Range})
		}
	}
	return out
}

// finishSets derives ids from the sets' positions in the CIB and declares them.
func (l *lowerer) finishSets(cid string, sets []pendingSet) []*ir.ResourceSet {
	var out []*ir.ResourceSet
	for i, ps := range sets {
		if ps.derived {
			ps.set.ID = ir.ResourceSetID(cid, i)
		}
		l.declare(ps.set.ID, "resource set", ps.rng, ps.derived)
		out = append(out, ps.set)
	}
	return out
}

func (l *lowerer) constraintID(in *instance, kind string) string {
	l.declare(in.name, kind, in.nameRange, false)
	return in.name
}

func (l *lowerer) lowerLocation(in *instance) *ir.Location {
	b, ctx := in.block, in.ctx
	c := &ir.Location{ID: l.constraintID(in, "location"), DeclRange: b.DefRange}
	if a := b.Attr("role"); a != nil {
		c.Role = l.role(a, ctx)
	}
	c.Resource = l.resourceRef(b.Attr("resource"), ctx, "location", c.Role)
	if a := b.Attr("pattern"); a != nil {
		c.Pattern, _ = l.str(a, ctx)
	}
	c.Sets = l.finishSets(c.ID, l.resourceSets(b, ctx, "location"))
	named := 0
	for _, present := range []bool{c.Resource != "", c.Pattern != "", len(c.Sets) > 0} {
		if present {
			named++
		}
	}
	if named != 1 {
		l.diags = append(l.diags, errorAt(b.DefRange, "Location needs one subject",
			"The location %q must name its resources with exactly one of resource, resources, pattern or set blocks.", c.ID))
	}
	var score *ir.ScoreValue
	if a := b.Attr("score"); a != nil {
		score = l.score(a, ctx)
	}
	if a := b.Attr("node"); a != nil {
		c.Node, _ = l.str(a, ctx)
		c.Score = score
		if b.Attr("score") == nil {
			l.diags = append(l.diags, errorAt(b.DefRange, "Missing score",
				"The location %q places a resource on node %q and needs a score (a number, inf or -inf).", c.ID, c.Node))
		}
	}
	if a := b.Attr("resource-discovery"); a != nil {
		c.Discovery = l.oneOf(a, ctx, "always", "never", "exclusive")
	}
	n := 0
	for _, it := range b.Items() {
		switch {
		case it.Attr != nil && it.Attr.Name == "rule":
			if r := l.ruleFromAttr(it.Attr, ctx, ruleSpec{id: ir.RuleID(c.ID, n), score: score}); r != nil {
				c.Rules = append(c.Rules, r)
			}
			n++
		case it.Block != nil && it.Block.Type == "rule":
			if r := l.ruleFromBlock(it.Block, ctx, ir.RuleID(c.ID, n), score); r != nil {
				c.Rules = append(c.Rules, r)
			}
			n++
		}
	}
	switch {
	case c.Node != "" && n > 0:
		l.diags = append(l.diags, errorAt(b.DefRange, "Node and rule",
			"The location %q has both node and rules; use one (a rule can test #uname).", c.ID))
	case c.Node == "" && n == 0:
		l.diags = append(l.diags, errorAt(b.DefRange, "Location needs a node or a rule",
			"The location %q says neither where (node = \"...\" with a score) nor when (rule).", c.ID))
	}
	return c
}

func (l *lowerer) lowerOrder(in *instance) *ir.Order {
	b, ctx := in.block, in.ctx
	c := &ir.Order{ID: l.constraintID(in, "order"), DeclRange: b.DefRange}
	c.First = l.resourceRef(b.Attr("first"), ctx, "order", "")
	c.Then = l.resourceRef(b.Attr("then"), ctx, "order", "")
	c.FirstAction = l.action(b.Attr("first-action"), ctx)
	c.ThenAction = l.action(b.Attr("then-action"), ctx)
	if a := b.Attr("kind"); a != nil {
		c.Kind = ir.OrderKind(l.oneOf(a, ctx, "Mandatory", "Optional", "Serialize"))
	}
	if a := b.Attr("score"); a != nil {
		c.Score = l.score(a, ctx)
	}
	if a := b.Attr("symmetrical"); a != nil {
		c.Symmetrical = l.schemaBool(a, ctx)
		l.orderAttrAt(c, "symmetrical", a.NameRange)
	}
	if a := b.Attr("require-all"); a != nil {
		c.RequireAll = l.schemaBool(a, ctx)
		l.orderAttrAt(c, "require-all", a.NameRange)
	}
	c.Sets = l.finishSets(c.ID, l.resourceSets(b, ctx, "order"))
	l.pairOrSets(b, c.ID, "order", c.First != "" || c.Then != "", c.First != "" && c.Then != "", len(c.Sets) > 0, "first and then")
	return c
}

// pairOrSets checks that a constraint names its resources one way.
func (l *lowerer) pairOrSets(b *dsl.Block, id, kind string, anyPair, fullPair, sets bool, pairWords string) {
	switch {
	case anyPair && sets:
		l.diags = append(l.diags, errorAt(b.DefRange, "Pair and sets",
			"The %s %q uses both %s and set blocks; use one form.", kind, id, pairWords))
	case anyPair && !fullPair:
		l.diags = append(l.diags, errorAt(b.DefRange, "Incomplete "+kind,
			"The %s %q needs both %s.", kind, id, pairWords))
	case !anyPair && !sets:
		l.diags = append(l.diags, errorAt(b.DefRange, "Empty "+kind,
			"The %s %q names no resources: set %s, or write set blocks.", kind, id, pairWords))
	}
}

func (l *lowerer) lowerColocation(in *instance) *ir.Colocation {
	b, ctx := in.block, in.ctx
	c := &ir.Colocation{ID: l.constraintID(in, "colocation"), DeclRange: b.DefRange}
	if a := b.Attr("leader-role"); a != nil {
		c.PrimaryRole = l.role(a, ctx)
	}
	if a := b.Attr("follower-role"); a != nil {
		c.DependentRole = l.role(a, ctx)
	}
	c.Primary = l.resourceRef(b.Attr("leader"), ctx, "colocation", c.PrimaryRole)
	c.Dependent = l.resourceRef(b.Attr("follower"), ctx, "colocation", c.DependentRole)
	if a := b.Attr("leader-instance"); a != nil {
		c.PrimaryInstance, _ = l.str(a, ctx)
		l.removed(removedInstance, a.NameRange, "leader-instance", "with-rsc-instance")
	}
	if a := b.Attr("follower-instance"); a != nil {
		c.DependentInstance, _ = l.str(a, ctx)
		l.removed(removedInstance, a.NameRange, "follower-instance", "rsc-instance")
	}
	if a := b.Attr("score"); a != nil {
		c.Score = l.score(a, ctx)
	}
	if a := b.Attr("node-attribute"); a != nil {
		c.NodeAttribute, _ = l.str(a, ctx)
	}
	if a := b.Attr("influence"); a != nil {
		c.Influence = l.strictBoolean(a, ctx,
			"unpack_influence refuses it as a configuration error (using the dependent's critical meta attribute), and crm_verify with it")
	}
	// Sets are written in placement order; the CIB places the last set
	// first, so the CIB's order is the reverse.
	sets := l.resourceSets(b, ctx, "colocation")
	for i, j := 0, len(sets)-1; i < j; i, j = i+1, j-1 {
		sets[i], sets[j] = sets[j], sets[i]
	}
	c.Sets = l.finishSets(c.ID, sets)
	l.pairOrSets(b, c.ID, "colocation", c.Primary != "" || c.Dependent != "", c.Primary != "" && c.Dependent != "", len(c.Sets) > 0, "leader and follower")
	return c
}

func (l *lowerer) lowerTicket(in *instance) *ir.Ticket {
	b, ctx := in.block, in.ctx
	c := &ir.Ticket{ID: l.constraintID(in, "ticket"), DeclRange: b.DefRange}
	if a := b.Attr("ticket"); a != nil {
		c.Ticket, _ = l.str(a, ctx)
	} else {
		l.diags = append(l.diags, errorAt(b.DefRange, "Missing ticket",
			"The ticket constraint %q needs ticket = \"...\" naming the cluster ticket.", c.ID))
	}
	if a := b.Attr("role"); a != nil {
		c.Role = l.role(a, ctx)
	}
	c.Resource = l.resourceRef(b.Attr("resource"), ctx, "ticket", c.Role)
	if a := b.Attr("loss-policy"); a != nil {
		c.LossPolicy = l.oneOf(a, ctx, "stop", "demote", "fence", "freeze")
	}
	c.Sets = l.finishSets(c.ID, l.resourceSets(b, ctx, "ticket"))
	l.pairOrSets(b, c.ID, "ticket", c.Resource != "", c.Resource != "", len(c.Sets) > 0, "resource")
	return c
}

// emptySet reports a resource set without resources, which the schema
// refuses (a <resource_set> holds at least one resource_ref).
func (l *lowerer) emptySet(rng hcl.Range) {
	l.diags = append(l.diags, errorAt(rng, "Empty resource set",
		"This resource set names no resources; the schema requires at least one in a <resource_set>, and crm_verify refuses an empty one."))
}
