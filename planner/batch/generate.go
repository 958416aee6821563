package batch

import (
	"strings"

	"pcl/ir"
	"pcl/planner/scenario"
)

// candidateNodes are the configured nodes that can be lost: every node
// but ping nodes, in document order, and only those up in the base
// (losing a node that is already down changes nothing).
func candidateNodes(base *ir.CIB) []string {
	var out []string
	for _, n := range base.Config.Nodes {
		if strings.EqualFold(n.Type, "ping") || !isUp(base, n.Uname) {
			continue
		}
		out = append(out, n.Uname)
	}
	return out
}

// isUp reads a node's membership as recorded (in_ccm and crmd), not
// judging expected states or fencing: enough to skip nodes already down.
func isUp(cib *ir.CIB, uname string) bool {
	if cib.Status == nil {
		return false
	}
	for _, ns := range cib.Status.Nodes {
		if ns.Uname != uname {
			continue
		}
		inCCM := ns.InCCM == "true" || (ns.InCCM != "" && ns.InCCM != "false" && ns.InCCM != "0")
		return inCCM && ns.Crmd != "offline"
	}
	return false
}

// EachNodeDown is one scenario per node that is up: that node going down
// cleanly.
func EachNodeDown(base *ir.CIB) []scenario.Scenario {
	var out []scenario.Scenario
	for _, n := range candidateNodes(base) {
		out = append(out, scenario.Scenario{Name: n + " down",
			Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: n}}})
	}
	return out
}

// EachNodePairDown is one scenario per pair of nodes that are up: both
// going down cleanly.
func EachNodePairDown(base *ir.CIB) []scenario.Scenario {
	nodes := candidateNodes(base)
	var out []scenario.Scenario
	for i := range nodes {
		for j := i + 1; j < len(nodes); j++ {
			out = append(out, scenario.Scenario{Name: nodes[i] + "+" + nodes[j] + " down",
				Injections: []ir.Injection{{Kind: ir.InjectNodeDown, Node: nodes[i]}, {Kind: ir.InjectNodeDown, Node: nodes[j]}}})
		}
	}
	return out
}

// AllNodesUp returns base unchanged when it records any node state, and
// otherwise base with every configured node brought up: a policy compiled
// from .pcl has no status, and its what-ifs are about a running cluster
// losing nodes, not about a cluster that has never started.
func AllNodesUp(base *ir.CIB) (*ir.CIB, error) {
	if base.Status != nil && len(base.Status.Nodes) > 0 {
		return base, nil
	}
	var s scenario.Scenario
	for _, n := range base.Config.Nodes {
		if strings.EqualFold(n.Type, "ping") || strings.EqualFold(n.Type, "remote") {
			continue
		}
		s.Injections = append(s.Injections, ir.Injection{Kind: ir.InjectNodeUp, Node: n.Uname})
	}
	if len(s.Injections) == 0 {
		return base, nil
	}
	return scenario.Apply(base, s)
}
