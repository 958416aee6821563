package compiler

import (
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// Lints for what Pacemaker accepts without a word but reads otherwise than
// its writer likely meant: warnings, at the offending value.

// checkLints runs them all.
func (l *lowerer) checkLints() {
	l.checkUtilizationValues()
	l.checkUndeclaredNodes()
	l.checkNodeExpressionsWithoutNode()
}

// checkUtilizationValues warns about a utilization value that is not a
// whole number: Pacemaker reads its leading digits ("16G" is 16, "1.5"
// is 1) and the rest means nothing to placement.
func (l *lowerer) checkUtilizationValues() {
	for _, set := range ir.FindAll[ir.NVSet](l.cfg) {
		if set.Kind != ir.Utilization {
			continue
		}
		for _, pair := range set.Pairs {
			if pair.Value == nil {
				continue
			}
			v := strings.TrimSpace(*pair.Value)
			if _, err := strconv.Atoi(v); err == nil {
				continue
			}
			digits := strings.TrimLeft(v, "+-")
			n := len(v) - len(digits)
			for n < len(v) && v[n] >= '0' && v[n] <= '9' {
				n++
			}
			read := v[:n]
			if strings.Trim(read, "+-") == "" {
				read = "0"
			}
			l.diags = append(l.diags, warningAt(pair.DeclRange, "Utilization read as a number",
				"Pacemaker reads the utilization %s = %q as %s: a capacity or a need is a whole number in a unit of your choosing, the same for nodes and resources (write memory in MiB, say, as 16384).",
				pair.Name, *pair.Value, read))
		}
	}
}

// checkUndeclaredNodes warns, in a policy that declares its nodes, about a
// location or fencing level naming a node it does not declare: a typo
// Pacemaker would take for a node that never joins (the location then
// does nothing, the fencing level never applies).
func (l *lowerer) checkUndeclaredNodes() {
	if len(l.cfg.Nodes) == 0 {
		return // the nodes are the cluster's, not the policy's
	}
	declared := map[string]bool{}
	var names []string
	for _, n := range l.cfg.Nodes {
		declared[n.Uname] = true
		names = append(names, n.Uname)
	}
	for _, c := range l.cfg.Constraints {
		if loc, ok := c.(*ir.Location); ok && loc.Node != "" && !declared[loc.Node] {
			l.diags = append(l.diags, warningAt(loc.DeclRange, "Location on an undeclared node",
				"The location %q names the node %q, which the policy does not declare%s; Pacemaker takes it for a node that has not joined, so the location does nothing until one of that name does.",
				loc.ID, loc.Node, suggestion(loc.Node, names)))
		}
	}
	for _, fl := range l.cfg.FencingLevels {
		if fl.Target != "" && !declared[fl.Target] {
			l.diags = append(l.diags, warningAt(fl.DeclRange, "Fencing level for an undeclared node",
				"The fencing level %q targets the node %q, which the policy does not declare%s; it applies only to a node of that name.",
				fl.ID, fl.Target, suggestion(fl.Target, names)))
		}
	}
}

// checkNodeExpressionsWithoutNode reports node attribute expressions in
// the rules of rsc_defaults, op_defaults and operations. Pacemaker
// evaluates those rules without a node, so every node attribute (#uname
// too) has no value there: the expression is decided whatever the node.
// Since 2.1.8 such an expression under op_defaults or an operation is
// deprecated with a configuration warning, on which crm_verify fails.
func (l *lowerer) checkNodeExpressionsWithoutNode() {
	check := func(section string, sets []*ir.NVSet, deprecated bool) {
		for _, s := range sets {
			for _, r := range s.Rules {
				for _, x := range nodeExpressions(r) {
					l.reportNodeExpression(section, r, x, deprecated)
				}
			}
		}
	}
	check("rsc_defaults", l.cfg.RscDefaults, false)
	check("op_defaults", l.cfg.OpDefaults, true)
	for _, op := range ir.FindAll[ir.Op](l.cfg) {
		check("operation", op.Sets, true)
	}
}

// nodeExpressions are the node attribute expressions of r, nested rules
// included.
func nodeExpressions(r *ir.Rule) []*ir.Expression {
	var out []*ir.Expression
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Expression:
			out = append(out, t)
		case *ir.Rule:
			out = append(out, nodeExpressions(t)...)
		}
	}
	return out
}

func (l *lowerer) reportNodeExpression(section string, r *ir.Rule, x *ir.Expression, deprecated bool) {
	rng := x.DeclRange
	if rng.Filename == "" {
		rng = r.DeclRange
	}
	where := section
	if section == "operation" {
		where = "an operation's attribute set"
	}
	if deprecated && l.target.Since(pcmk.V2_1_8) {
		l.diags = append(l.diags, errorAt(rng, "Node attribute in an operation rule",
			"Pacemaker %s deprecates node attribute expressions (here on %q) in the rules of op_defaults and operations, and crm_verify fails on the warning; it evaluates those rules without a node, so the expression is decided the same on every node. Leave it out, or use an op or resource expression.",
			l.target.Version, x.Attribute))
		return
	}
	outcome := "never true"
	switch x.Operation {
	case "not_defined":
		outcome = "always true"
	case "ne":
		if x.Value != nil {
			outcome = "always true"
		}
	}
	l.diags = append(l.diags, warningAt(rng, "Node attribute in a defaults rule",
		"Pacemaker evaluates the rules of %s without a node, so the node attribute %q has no value there and this expression (%s) is %s, whatever the node. Set per-node values in a location or in the resources' own attribute sets instead.",
		where, x.Attribute, x.Operation, outcome))
}
