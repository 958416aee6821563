package compiler

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"pcl/dsl"
	"pcl/ir"
	"pcl/pcmk"
)

// This file lowers scenario blocks: what-ifs for `pcl plan`, kept in
// CIB.Scenarios and never written to the CIB XML. The names they use are
// checked by resolveScenarios once every node, resource and ticket of the
// policy is known, since a scenario may come before what it names.

// scenarioLists are the list attributes of a scenario block and the
// injection each element makes, in the order the language describes them.
var scenarioLists = []struct {
	attr   string
	kind   ir.InjectionKind
	ticket bool // elements name tickets, not nodes
}{
	{"node_down", ir.InjectNodeDown, false},
	{"node_fail", ir.InjectNodeFail, false},
	{"node_up", ir.InjectNodeUp, false},
	{"node_standby", ir.InjectNodeStandby, false},
	{"ticket_grant", ir.InjectTicketGrant, true},
	{"ticket_revoke", ir.InjectTicketRevoke, true},
	{"ticket_standby", ir.InjectTicketStandby, true},
	{"ticket_activate", ir.InjectTicketActivate, true},
}

// operatorAttrs are the scenario attributes of operator actions, lists
// of resources (of nodes for node_maintenance), and the injection each
// element makes.
var operatorAttrs = map[string]ir.InjectionKind{
	"move": ir.InjectMove, "ban": ir.InjectBan, "clear": ir.InjectClear, "disable": ir.InjectDisable,
	"enable": ir.InjectEnable, "unmanage": ir.InjectUnmanage, "manage": ir.InjectManage,
	"cleanup": ir.InjectCleanup, "node_maintenance": ir.InjectNodeMaintenance,
}

// operatorOnNode are the operator actions whose element may name a node,
// RESOURCE@NODE.
var operatorOnNode = map[ir.InjectionKind]bool{
	ir.InjectMove: true, ir.InjectBan: true, ir.InjectClear: true, ir.InjectCleanup: true,
}

// injectionRanges are where an injection's names are written, for
// diagnostics more precise than the injection's DeclRange (an op_fail
// block names its node and resource in attributes of their own).
type injectionRanges struct {
	node, resource hcl.Range
}

// scenarioDecl is a lowered scenario with where its names are written.
type scenarioDecl struct {
	sc     *ir.Scenario
	ranges map[*ir.Injection]injectionRanges
}

func (l *lowerer) lowerScenario(in *instance) {
	b, ctx := in.block, in.ctx
	s := &ir.Scenario{Name: in.name, DeclRange: b.DefRange}
	if first, dup := l.scenarioNames[s.Name]; dup {
		l.diags = append(l.diags, duplicate("scenario", s.Name, in.nameRange, first))
	} else {
		l.scenarioNames[s.Name] = in.nameRange
	}
	decl := &scenarioDecl{sc: s, ranges: map[*ir.Injection]injectionRanges{}}
	add := func(inj *ir.Injection, node, rsc hcl.Range) {
		s.Injections = append(s.Injections, inj)
		decl.ranges[inj] = injectionRanges{node: node, resource: rsc}
	}
	if a := b.Attr("description"); a != nil {
		s.Description, _ = l.str(a, ctx)
	}
	if a := b.Attr("after"); a != nil {
		if name, ok := l.str(a, ctx); ok {
			s.After, s.AfterRange = name, a.Expr.Range()
		}
	}
	if a := b.Attr("now"); a != nil {
		if t, ok := l.str(a, ctx); ok {
			if _, err := pcmk.ParseEffectiveTime(t, nil); err != nil {
				l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid scenario time",
					"%s.", capitalize(err.Error())))
			} else {
				s.Now = t
			}
		}
	}
	// crm_resource's --lifetime and --promoted, for every move and ban
	// of the scenario.
	var lifetime string
	var promoted bool
	if a := b.Attr("lifetime"); a != nil {
		if t, ok := l.str(a, ctx); ok {
			if _, err := pcmk.ParseLifetime(t); err != nil {
				l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid lifetime", "%s.", capitalize(err.Error())))
			} else {
				lifetime = t
			}
		}
	}
	if a := b.Attr("promoted"); a != nil {
		if v := l.strictBoolean(a, ctx, "the scenario cannot be applied"); v != nil {
			promoted = v.Value
		}
	}
	qualify := func() {
		moves := 0
		for _, inj := range s.Injections {
			if inj.Kind == ir.InjectMove || inj.Kind == ir.InjectBan {
				inj.Lifetime, inj.Promoted = lifetime, promoted
				moves++
			}
		}
		for _, name := range []string{"lifetime", "promoted"} {
			if a := b.Attr(name); a != nil && moves == 0 {
				l.diags = append(l.diags, errorAt(a.NameRange, "Nothing to qualify",
					"The scenario's %s qualifies its move and ban, and it has neither.", name))
			}
		}
	}
	// Attributes and op_fail blocks in source order, so that the
	// injections are listed as written.
	for _, it := range b.Items() {
		if it.Block != nil && it.Block.Type == "assert" {
			a := l.lowerAssert(it.Block, ctx, s.Name)
			for _, other := range s.Assertions {
				if other.Name == a.Name {
					l.diags = append(l.diags, duplicate("assertion", a.Name, it.Block.LabelRanges[0], other.DeclRange))
				}
			}
			s.Assertions = append(s.Assertions, a)
			continue
		}
		if it.Block != nil {
			// Added even when incomplete (the compilation fails then) so
			// that the names it does have are checked too.
			inj, node, rsc := l.lowerOpFailBlock(it.Block, ctx)
			add(inj, node, rsc)
			continue
		}
		a := it.Attr
		if a.Name == "attr" || a.Name == "attr_delete" {
			del := a.Name == "attr_delete"
			texts, ranges, _ := l.strListRanged(a, ctx)
			for i, t := range texts {
				spec, err := pcmk.ParseAttrSpec(t, del)
				if err != nil {
					l.diags = append(l.diags, errorAt(ranges[i], "Invalid node attribute",
						"%s.", capitalize(err.Error())))
					continue
				}
				kind := ir.InjectAttrSet
				if del {
					kind = ir.InjectAttrDelete
				}
				add(&ir.Injection{Kind: kind, Node: spec.Node, Attr: spec.Name, Value: spec.Value, DeclRange: ranges[i]},
					ranges[i], hcl.Range{})
			}
			continue
		}
		if a.Name == "cluster_maintenance" {
			if v := l.strictBoolean(a, ctx, "the scenario cannot be applied"); v != nil && v.Value {
				add(&ir.Injection{Kind: ir.InjectClusterMaintenance, DeclRange: a.Expr.Range()}, hcl.Range{}, hcl.Range{})
			}
			continue
		}
		if kind, ok := operatorAttrs[a.Name]; ok {
			texts, ranges, _ := l.strListRanged(a, ctx)
			for i, t := range texts {
				inj := &ir.Injection{Kind: kind, DeclRange: ranges[i]}
				what := "resource"
				if kind == ir.InjectNodeMaintenance {
					inj.Node, what = t, "node"
				} else {
					inj.Resource = t
					if rsc, node, at := strings.Cut(t, "@"); at && operatorOnNode[kind] {
						inj.Resource, inj.Node = rsc, node
					}
				}
				if inj.Resource+inj.Node == "" || strings.ContainsAny(t, " \t\r\n") || strings.HasSuffix(t, "@") {
					l.diags = append(l.diags, errorAt(ranges[i], "Invalid "+what+" name",
						"%q is not a %s name: it is empty or holds white space.", t, what))
					continue
				}
				add(inj, ranges[i], ranges[i])
			}
			continue
		}
		if a.Name == "op_fail" {
			texts, ranges, _ := l.strListRanged(a, ctx)
			for i, t := range texts {
				op, err := pcmk.ParseOpSpec(t)
				if err != nil {
					l.diags = append(l.diags, errorAt(ranges[i], "Invalid operation failure",
						"%s.", capitalize(err.Error())))
					continue
				}
				add(&ir.Injection{Kind: ir.InjectOp, Resource: op.Resource, Operation: string(op.Task),
					IntervalMs: op.IntervalMs, Node: op.Node, RC: int(op.RC), Count: op.Count,
					DeclRange: ranges[i]}, ranges[i], ranges[i])
			}
			continue
		}
		for _, sl := range scenarioLists {
			if sl.attr != a.Name {
				continue
			}
			texts, ranges, _ := l.strListRanged(a, ctx)
			for i, t := range texts {
				inj := &ir.Injection{Kind: sl.kind, DeclRange: ranges[i]}
				what := "node"
				if sl.ticket {
					inj.Ticket, what = t, "ticket"
				} else {
					inj.Node = t
				}
				if t == "" || strings.ContainsAny(t, " \t\r\n") {
					l.diags = append(l.diags, errorAt(ranges[i], "Invalid "+what+" name",
						"%q is not a %s name: it is empty or holds white space.", t, what))
					continue
				}
				add(inj, ranges[i], hcl.Range{})
			}
		}
	}
	qualify()
	l.scenarios = append(l.scenarios, decl)
}

// lowerOpFailBlock reads an op_fail block: the operation spelled out, the
// interval as a duration like an op's (a number is seconds), rc 1 (a
// generic error) and count 1 unless written. Problems are reported here;
// the injection is returned whatever its state, for its names to be
// checked too.
func (l *lowerer) lowerOpFailBlock(b *dsl.Block, ctx *hcl.EvalContext) (inj *ir.Injection, node, rsc hcl.Range) {
	inj = &ir.Injection{Kind: ir.InjectOp, RC: 1, Count: 1, DeclRange: b.DefRange}
	required := func(name string, dst *string) hcl.Range {
		a := b.Attr(name)
		if a == nil {
			l.diags = append(l.diags, errorAt(b.DefRange, "Missing "+name,
				"An op_fail block needs %s = \"...\".", name))
			return b.DefRange
		}
		t, good := l.str(a, ctx)
		if good && (t == "" || strings.ContainsAny(t, " \t\r\n")) {
			l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid "+name,
				"The %s %q is empty or holds white space.", name, t))
		}
		*dst = t
		return a.Expr.Range()
	}
	rsc = required("resource", &inj.Resource)
	required("operation", &inj.Operation)
	node = required("node", &inj.Node)
	if a := b.Attr("interval"); a != nil {
		if t, good := l.str(a, ctx); good {
			d, err := ir.ParseDuration(t)
			if err != nil {
				l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid interval", "%s.", capitalize(err.Error())))
			}
			inj.IntervalMs = d.Ms
		}
	}
	if a := b.Attr("rc"); a != nil {
		if n, good := l.integer(a, ctx, 0, 255); good {
			inj.RC = n
		}
	}
	if a := b.Attr("count"); a != nil {
		if n, good := l.integer(a, ctx, 1, 1000000); good {
			inj.Count = n
		}
	}
	return inj, node, rsc
}

// integer evaluates a whole number in [min, max].
func (l *lowerer) integer(a *hcl.Attribute, ctx *hcl.EvalContext, min, max int64) (int, bool) {
	v, ok := l.value(a, ctx)
	if !ok {
		return 0, false
	}
	nv, err := convert.Convert(v, cty.Number)
	if err == nil && !nv.IsNull() {
		f := nv.AsBigFloat()
		if n, acc := f.Int64(); acc == big.Exact && n >= min && n <= max {
			return int(n), true
		}
	}
	l.diags = append(l.diags, errorAt(a.Expr.Range(), "Invalid "+a.Name,
		"The attribute %q must be a whole number from %d to %d.", a.Name, min, max))
	return 0, false
}

// strListRanged is strList with each element's range where the list is
// written as a literal ["a", "b"]; elements of a computed list get the
// whole expression's range.
func (l *lowerer) strListRanged(a *hcl.Attribute, ctx *hcl.EvalContext) ([]string, []hcl.Range, bool) {
	list, ok := l.strList(a, ctx)
	if !ok {
		return nil, nil, false
	}
	ranges := make([]hcl.Range, len(list))
	tuple, literal := a.Expr.(*hclsyntax.TupleConsExpr)
	for i := range list {
		ranges[i] = a.Expr.Range()
		if literal && len(tuple.Exprs) == len(list) {
			ranges[i] = tuple.Exprs[i].Range()
		}
	}
	return list, ranges, true
}

// resolveScenarios checks the names scenarios use against the policy.
// Nodes are checked only when the policy declares some: a policy may
// leave its nodes to the cluster, and `pcl plan` checks the names again
// against the CIB it plans. A node brought up need not be known (it is
// added, as crm_simulate -u adds it), and is known to the scenario's
// other injections.
func (l *lowerer) resolveScenarios() {
	if len(l.scenarios) == 0 {
		return
	}
	nodes := map[string]bool{}
	for _, n := range l.cfg.Nodes {
		nodes[n.Uname] = true
	}
	primitives := map[string]bool{}
	for id, r := range l.resources {
		p, ok := r.(*ir.Primitive)
		if !ok {
			continue
		}
		primitives[id] = true
		// Remote and guest nodes have no <node> entry in a policy.
		if p.Agent.Class == "ocf" && p.Agent.Provider == "pacemaker" && p.Agent.Type == "remote" {
			nodes[id] = true
		}
		for _, set := range p.Sets {
			if set.Kind != ir.MetaAttributes {
				continue
			}
			for _, pair := range set.Pairs {
				if pair.Name == "remote-node" && pair.Value != nil {
					nodes[*pair.Value] = true
				}
			}
		}
	}
	l.resolveChains()
	checkNodes := len(l.cfg.Nodes) > 0
	tickets := map[string]bool{}
	for _, c := range l.cfg.Constraints {
		if t, ok := c.(*ir.Ticket); ok {
			tickets[t.Ticket] = true
		}
	}
	for _, d := range l.scenarios {
		up := map[string]bool{}
		for _, inj := range d.sc.Injections {
			if inj.Kind == ir.InjectNodeUp {
				up[inj.Node] = true
			}
		}
		for _, inj := range d.sc.Injections {
			rng := d.ranges[inj]
			if inj.Node == "" && inj.Ticket == "" && inj.Resource == "" {
				continue // already reported as invalid
			}
			switch inj.Kind {
			case ir.InjectNodeUp:
				// No warning even when the name is close to a declared
				// one: short node names (n1, n9) are all close.
				continue
			case ir.InjectTicketGrant, ir.InjectTicketRevoke, ir.InjectTicketStandby, ir.InjectTicketActivate:
				if !tickets[inj.Ticket] {
					l.diags = append(l.diags, errorAt(inj.DeclRange, "Unknown ticket",
						"Scenario %q uses ticket %q, which no ticket constraint names%s.", d.sc.Name, inj.Ticket, suggestion(inj.Ticket, sortedKeys(tickets))))
				}
				continue
			}
			if inj.Kind.IsOperator() && inj.Resource != "" {
				if _, ok := l.resources[inj.Resource]; !ok {
					l.diags = append(l.diags, errorAt(rng.resource, "Unknown resource",
						"Scenario %q names resource %q (%s), but the policy declares no such resource%s.", d.sc.Name, inj.Resource, inj.Kind.Flag(), suggestion(inj.Resource, sortedKeys(l.resources))))
				}
			}
			if checkNodes && inj.Node != "" && !nodes[inj.Node] && !up[inj.Node] {
				l.diags = append(l.diags, errorAt(rng.node, "Unknown node",
					"Scenario %q names node %q, which the policy does not declare%s.", d.sc.Name, inj.Node, suggestion(inj.Node, sortedKeys(nodes))))
			}
			if inj.Kind != ir.InjectOp || inj.Resource == "" || primitives[inj.Resource] {
				continue
			}
			if r, ok := l.resources[inj.Resource]; ok {
				l.diags = append(l.diags, errorAt(rng.resource, "Not a primitive",
					"Scenario %q fails an operation of %q, which is a %s; operations run on primitives, so name one of its primitives.", d.sc.Name, inj.Resource, kindOf(r)))
				continue
			}
			l.diags = append(l.diags, errorAt(rng.resource, "Unknown resource",
				"Scenario %q fails an operation of %q, but no primitive has that name%s.", d.sc.Name, inj.Resource, suggestion(inj.Resource, sortedKeys(primitives))))
		}
	}
}

// resolveChains checks each scenario's after: it names a declared
// scenario, and following the names never comes back to where it
// started (a chain is planned one scenario after the other, so a cycle
// has no first one). Each scenario of a cycle is reported at its after.
func (l *lowerer) resolveChains() {
	byName := map[string]*ir.Scenario{}
	var names []string
	for _, d := range l.scenarios {
		if _, dup := byName[d.sc.Name]; !dup {
			byName[d.sc.Name] = d.sc
			names = append(names, d.sc.Name)
		}
	}
	for _, d := range l.scenarios {
		s := d.sc
		if s.After == "" {
			continue
		}
		if _, ok := byName[s.After]; !ok {
			l.diags = append(l.diags, errorAt(s.AfterRange, "Unknown scenario",
				"Scenario %q follows scenario %q, but the policy declares no such scenario%s.", s.Name, s.After, suggestion(s.After, names)))
			continue
		}
		path := []string{s.Name}
		seen := map[string]bool{s.Name: true}
		for next := byName[s.After]; next != nil; next = byName[next.After] {
			path = append(path, next.Name)
			if next == s {
				l.diags = append(l.diags, errorAt(s.AfterRange, "Scenario cycle",
					"Scenario %q follows itself: %s. A chain of scenarios needs a first one that follows none.", s.Name, quoteJoin(path, " follows ")))
				break
			}
			if seen[next.Name] {
				break // a cycle further on, reported at its own scenarios
			}
			seen[next.Name] = true
		}
	}
}

// quoteJoin quotes each name and joins them with sep.
func quoteJoin(names []string, sep string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, sep)
}

// irScenarios is the lowered scenarios in source order.
func (l *lowerer) irScenarios() []*ir.Scenario {
	var out []*ir.Scenario
	for _, d := range l.scenarios {
		out = append(out, d.sc)
	}
	return out
}
