package compiler

import (
	"strconv"
	"strings"

	"pcl/ir"
)

// Lints for what Pacemaker accepts without a word but reads otherwise than
// its writer likely meant: warnings, at the offending value.

// checkLints runs them all.
func (l *lowerer) checkLints() {
	l.checkUtilizationValues()
	l.checkUndeclaredNodes()
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
