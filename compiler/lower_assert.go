package compiler

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/ir"
)

// This file lowers assert blocks: a policy test's expectations, of the
// healthy cluster (top level) or of a scenario (in its block), checked by
// `pcl test`. Like scenarios they are pcl's own and never written to the
// CIB. The names they use are checked by resolveAssertions once the
// whole policy is known.

// assertionRoles are the roles an assertion may name.
var assertionRoles = []ir.Role{ir.RoleStarted, ir.RolePromoted, ir.RoleUnpromoted, ir.RoleStopped}

// lowerAssert reads one assert block; scenario is "" at the top level.
func (l *lowerer) lowerAssert(b *dsl.Block, ctx *hcl.EvalContext, scenario string) *ir.Assertion {
	a := &ir.Assertion{Name: b.Label(), DeclRange: b.DefRange, Ranges: map[string]hcl.Range{}}
	for _, at := range b.Attrs {
		a.Ranges[at.Name] = at.Expr.Range()
	}
	if at := b.Attr("resource"); at != nil {
		a.Resource, _ = l.str(at, ctx)
	}
	list := func(name string) []string {
		at := b.Attr(name)
		if at == nil {
			return nil
		}
		v, _ := l.strList(at, ctx)
		return v
	}
	a.RunsOn, a.NotOn, a.With, a.ApartFrom = list("runs_on"), list("not_on"), list("with"), list("apart_from")
	if at := b.Attr("role"); at != nil {
		if t, ok := l.str(at, ctx); ok {
			role, known := ir.Role(""), false
			for _, r := range assertionRoles {
				if strings.EqualFold(string(r), t) {
					role, known = r, true
				}
			}
			switch {
			case strings.EqualFold(t, "Master"):
				role, known = ir.RolePromoted, true
			case strings.EqualFold(t, "Slave"):
				role, known = ir.RoleUnpromoted, true
			}
			if !known {
				l.diags = append(l.diags, errorAt(at.Expr.Range(), "Invalid role",
					"%q is not a role an assertion can check: use Started, Promoted, Unpromoted or Stopped.", t))
			}
			a.Role = role
		}
	}
	flag := func(name string) *bool {
		at := b.Attr(name)
		if at == nil {
			return nil
		}
		v := l.strictBoolean(at, ctx, "the assertion cannot be checked")
		if v == nil {
			return nil
		}
		return &v.Value
	}
	a.Running, a.Quorum = flag("running"), flag("quorum")
	set := func(name string) bool {
		v := flag(name)
		return v != nil && *v
	}
	a.NeverStopped, a.NoMoves, a.NoSinglePointOfFailure = set("never_stopped"), set("no_moves"), set("no_single_point_of_failure")
	if at := b.Attr("max_actions"); at != nil {
		if n, ok := l.integer(at, ctx, 0, 1000000); ok {
			a.MaxActions = &n
		}
	}
	where := "the healthy cluster"
	if scenario != "" {
		where = "scenario \"" + scenario + "\""
	}
	needsResource := []string{"runs_on", "not_on", "role", "running", "with", "apart_from", "never_stopped"}
	if a.Resource == "" {
		for _, name := range needsResource {
			if at := b.Attr(name); at != nil {
				l.diags = append(l.diags, errorAt(at.NameRange, "Missing resource",
					"The assertion %q of %s checks %s, which is about a resource: add resource = \"...\".", a.Name, where, name))
			}
		}
	}
	if len(b.Attrs) == 0 || (len(b.Attrs) == 1 && b.Attr("resource") != nil) {
		l.diags = append(l.diags, errorAt(b.DefRange, "Empty assertion",
			"The assertion %q of %s checks nothing: give runs_on, not_on, role, running, with, apart_from, never_stopped, no_moves, max_actions, quorum or no_single_point_of_failure.", a.Name, where))
	}
	return a
}

// lowerTopAssert lowers a top-level assert block: an assertion about the
// healthy cluster.
func (l *lowerer) lowerTopAssert(in *instance) {
	a := l.lowerAssert(in.block, in.ctx, "")
	if in.name != "" {
		a.Name = in.name
	}
	if first, dup := l.assertNames[a.Name]; dup {
		l.diags = append(l.diags, duplicate("assertion", a.Name, in.nameRange, first))
	} else {
		l.assertNames[a.Name] = in.nameRange
	}
	l.assertions = append(l.assertions, a)
}

// resolveAssertions checks the resources and nodes assertions name.
// Nodes are checked only when the policy declares some (as scenarios'
// are).
func (l *lowerer) resolveAssertions() {
	all := append([]*ir.Assertion(nil), l.assertions...)
	for _, d := range l.scenarios {
		all = append(all, d.sc.Assertions...)
	}
	if len(all) == 0 {
		return
	}
	nodes := map[string]bool{}
	for _, n := range l.cfg.Nodes {
		nodes[n.Uname] = true
	}
	for _, d := range l.scenarios {
		for _, inj := range d.sc.Injections {
			if inj.Kind == ir.InjectNodeUp {
				nodes[inj.Node] = true
			}
		}
	}
	resources := map[string]bool{}
	for id, r := range l.resources {
		if _, tmpl := r.(*ir.Template); !tmpl {
			resources[id] = true
		}
	}
	checkRsc := func(a *ir.Assertion, attr, id string) {
		if id != "" && !resources[id] {
			l.diags = append(l.diags, errorAt(a.Range(attr), "Unknown resource",
				"The assertion %q names resource %q, which the policy does not declare%s.", a.Name, id, suggestion(id, sortedKeys(resources))))
		}
	}
	for _, a := range all {
		checkRsc(a, "resource", a.Resource)
		for _, id := range a.With {
			checkRsc(a, "with", id)
		}
		for _, id := range a.ApartFrom {
			checkRsc(a, "apart_from", id)
		}
		if len(l.cfg.Nodes) == 0 {
			continue
		}
		for _, named := range []struct {
			attr  string
			nodes []string
		}{{"runs_on", a.RunsOn}, {"not_on", a.NotOn}} {
			attr := named.attr
			for _, n := range named.nodes {
				if !nodes[n] {
					l.diags = append(l.diags, errorAt(a.Range(attr), "Unknown node",
						"The assertion %q names node %q, which the policy does not declare%s.", a.Name, n, suggestion(n, sortedKeys(nodes))))
				}
			}
		}
	}
}
